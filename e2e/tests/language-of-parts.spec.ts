/**
 * Language of parts (WCAG 3.1.2): Spanish content inside the English interface
 * sits in `lang="es"` (the Spanish course's quiz answers, "Buenos días"; a ticket written in Spanish; a
 * certificate named the same in both languages on its verification page; a lecture page whose level,
 * module, lecture and e-book an author named in Spanish in both fields, with its outline),
 * English content inside the Spanish interface in `lang="en"` (an FAQ answer not yet translated), the
 * language options are each marked in their own language, and accessible names follow the interface
 * language.
 */
import { expect, test } from "../support/fixtures";
import { startSpanishQuizAttempt } from "../support/quiz";
import { logIn, roleToken } from "../support/session";

test("Spanish answers in the English interface are marked Spanish; names follow the interface", async ({
  page,
  database,
}) => {
  const token = await logIn(page, "ana", { locale: "en" });
  // Ana may take the first lecture quiz of the Spanish title: enrolled, its video watched.
  const attemptPath = await startSpanishQuizAttempt(page, database, token);
  // A ticket Ana opened in Spanish: its description is read with a Spanish voice in the English interface.
  const {
    rows: [ticket],
  } = await database.query<{ id: number }>(
    `INSERT INTO tickets (user_id, language_id, description)
     SELECT id, 2, 'El vídeo de la lección 3 se para a los diez segundos.' FROM users WHERE username = 'ana'
     RETURNING id`,
  );
  // An FAQ entry whose Spanish answer is still missing: shown in English in the Spanish interface.
  await database.query(
    `INSERT INTO faq_entries (category_id, question_en, question_es, answer_en, answer_es, position)
     SELECT id, 'Can I print my notes?', '¿Puedo imprimir mis apuntes?', 'Yes, from the notes tab.', '', 999
       FROM faq_categories ORDER BY id LIMIT 1`,
  );
  await page.goto(`/iu/tickets/${ticket!.id}`);
  await expect(
    page.locator('main [lang="es"]', { hasText: "se para a los diez segundos" }).first(),
  ).toBeVisible();

  // A certificate named "Buenos días" in both languages, from the title that teaches Spanish: its
  // public verification page reads the name with a Spanish voice (cart, orders and the dashboard use
  // the same API rule: apps/api/src/quality/content-language.test.ts).
  const code = "L27BUENOSDIAS";
  await database.query(
    `INSERT INTO certificates (user_id, kind, course_id, item_id, item_title_en, item_title_es, code)
     SELECT u.id, 'title', c.id, 999999, 'Buenos días', 'Buenos días', $1
       FROM users u, courses c WHERE u.username = 'ana' AND c.title_en = 'Everyday Spanish'`,
    [code],
  );
  await page.goto(`/certificates/verify/${code}`);
  await expect(page.locator('main [lang="es"]', { hasText: "Buenos días" })).toBeVisible();

  // A notification quoting that name: only the quoted title is read with a Spanish voice.
  await database.query(
    `INSERT INTO notifications (user_id, type, title, description, quote)
     SELECT id, 3, '{"en": "Certificate issued", "es": "Certificado emitido"}',
            '{"en": "Your certificate for Buenos días is ready.", "es": "Tu certificado de Buenos días está listo."}',
            '{"en": "Buenos días", "es": "Buenos días", "taught": "es"}'
       FROM users WHERE username = 'ana'`,
  );
  await page.goto("/iu/dashboard");
  await page.getByTestId("notification-bell").click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.locator('[lang="es"]', { hasText: "Buenos días" })).toHaveText("Buenos días");
  await expect(panel.getByText("Your certificate for")).toBeVisible();
  await page.keyboard.press("Escape");

  // The lecture page and its outline: a level, module, lecture and e-book an author named in Spanish in
  // both fields (not translated) are read with a Spanish voice in the English interface. Renamed through
  // the authoring API, which clears the catalogue's cache, and named back whatever happens.
  const lecturePath = attemptPath.replace(/\/quiz\/attempt\?.*$/, "");
  const {
    rows: [names],
  } = await database.query<Record<"level" | "module" | "lecture" | "ebook", number> & Record<string, string>>(
    `SELECT v.id AS level, v.title_en AS level_en, v.title_es AS level_es,
            m.id AS module, m.title_en AS module_en, m.title_es AS module_es,
            l.id AS lecture, l.title_en AS lecture_en, l.title_es AS lecture_es,
            e.id AS ebook, e.title_en AS ebook_en, e.title_es AS ebook_es
       FROM lectures l JOIN course_modules m ON m.id = l.module_id JOIN course_levels v ON v.id = m.level_id
       JOIN lecture_ebooks e ON e.lecture_id = l.id
      WHERE l.id = $1 ORDER BY e.position, e.id LIMIT 1`,
    [Number(/lesson\/(\d+)/.exec(lecturePath)?.[1])],
  );
  const parts = (["level", "module", "lecture", "ebook"] as const).map((part) => ({
    url: `/api/af/${part === "ebook" ? "ebooks" : `${part}s`}/${names![part]}`,
    en: names![`${part}_en`]!,
    es: names![`${part}_es`]!,
  }));
  const admin = { authorization: `Bearer ${await roleToken("admin")}` };
  const nameInEnglish = async (side: "en" | "es") => {
    for (const part of parts) {
      const renamed = await page.request.patch(part.url, { headers: admin, data: { title_en: part[side] } });
      expect(renamed.ok(), `${part.url}: ${await renamed.text()}`).toBe(true);
    }
  };
  await nameInEnglish("es");
  try {
    await page.goto(lecturePath);
    const main = page.getByRole("main");
    const [level, module, lecture, ebook] = parts.map((part) => part.es);
    await expect(main.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "es");
    const outline = page.getByRole("complementary", { name: "Outline" });
    await expect(outline.locator('[lang="es"]', { hasText: lecture }).first()).toBeVisible();
    await main.getByRole("tab", { name: /E-books/ }).click();
    const ebooks = main.getByRole("tabpanel");
    await expect(ebooks.locator('[lang="es"]', { hasText: ebook }).first()).toBeVisible();
    const marked = (where: typeof main) => where.locator('[lang="es"]').allTextContents();
    // The level above the heading, the module in the breadcrumb, the e-book; the outline's level, module, lecture.
    expect(await marked(main.locator("header").filter({ has: page.locator("h1") }))).toEqual([
      level,
      lecture,
    ]);
    expect(await marked(page.getByRole("navigation", { name: "Breadcrumb" }))).toContain(module);
    expect(await marked(outline)).toEqual(expect.arrayContaining([level, module, lecture]));
  } finally {
    await nameInEnglish("en");
  }

  await page.goto(attemptPath);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The greeting question's answers: Spanish words, read with a Spanish voice.
  await expect(page.getByTestId("question-text")).toBeVisible();
  const spanish = page.locator('main [lang="es"]');
  await expect(spanish.first()).toBeVisible();
  expect(await spanish.allTextContents()).toContain("Buenos días");
  // The English question itself carries no other language.
  await expect(page.getByTestId("question-text")).not.toHaveAttribute("lang", /.+/);

  // The language list names each language in itself, marked so.
  await page.getByTestId("language-switch").click();
  await expect(page.getByRole("menuitemradio", { name: "Español" })).toHaveAttribute("lang", "es");
  await expect(page.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("lang", "en");

  // Chosen: the interface is Spanish, the landmarks are named in Spanish, and the same answers need no mark.
  await page.getByRole("menuitemradio", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeAttached();
  await expect(page.getByRole("main").getByText("Buenos días", { exact: true }).first()).toBeVisible();
  await expect(page.locator('main [lang="es"]', { hasText: "Buenos días" })).toHaveCount(0);

  // In Spanish, the FAQ answer that fell back to English is marked English; its Spanish question is not marked.
  await page.goto("/iu/faqs");
  const entry = page.getByRole("listitem").filter({ hasText: "¿Puedo imprimir mis apuntes?" });
  await entry.getByText("¿Puedo imprimir mis apuntes?").click();
  await expect(entry.locator('[lang="en"]')).toHaveText("Yes, from the notes tab.");
  await expect(entry.locator("[lang]")).toHaveCount(1);

  // This worker's database is shared with other specs: their ticket lists and FAQ pages stay as seeded.
  await database.query("DELETE FROM faq_entries WHERE question_en = 'Can I print my notes?'");
  await database.query("DELETE FROM tickets WHERE id = $1", [ticket!.id]);
  await database.query("DELETE FROM certificates WHERE code = $1", [code]);
  await database.query("DELETE FROM notifications WHERE quote->>'en' = 'Buenos días'");
});
