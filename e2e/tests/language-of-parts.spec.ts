/**
 * Language of parts (issue 27, point 4; WCAG 3.1.2): Spanish content inside the English interface
 * sits in `lang="es"` (here the Spanish course's quiz answers, "Buenos días"), the language options
 * are each marked in their own language, and accessible names follow the interface language.
 */
import { expect, test } from "../support/fixtures";
import { logIn } from "../support/session";

test("Spanish answers in the English interface are marked Spanish; names follow the interface", async ({
  page,
  database,
}) => {
  const token = await logIn(page, "ana", { locale: "en" });
  // Ana may take the first lecture quiz of the Spanish title: enrolled, its video watched.
  const {
    rows: [place],
  } = await database.query<{ user_id: number; course_id: number; lecture_id: number }>(
    `SELECT u.id AS user_id, q.course_id, q.lecture_id
       FROM users u, quizzes q JOIN courses c ON c.id = q.course_id
      WHERE u.username = 'ana' AND c.title_en = 'Everyday Spanish' AND q.kind = 'lecture' AND q.status = 'published'
      ORDER BY q.lecture_id LIMIT 1`,
  );
  expect(place).toBeDefined();
  const { user_id, course_id, lecture_id } = place!;
  await database.query(
    "INSERT INTO enrolments (user_id, course_id, source) VALUES ($1, $2, 'admin') ON CONFLICT DO NOTHING",
    [user_id, course_id],
  );
  await database.query(
    `INSERT INTO lecture_progress (user_id, lecture_id, course_id, watched_ranges, watched_seconds, video_watched_at)
     VALUES ($1, $2, $3, '[[0, 600]]', 600, now())
     ON CONFLICT (user_id, lecture_id) DO UPDATE SET video_watched_at = now()`,
    [user_id, lecture_id, course_id],
  );
  const started = await page.request.post(`/api/iu/lectures/${lecture_id}/quiz/attempt`, {
    headers: { authorization: `Bearer ${token}`, "x-language-id": "1" },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const attempt = (await started.json()) as { id: number };
  page.on("dialog", (dialog) => void dialog.accept());

  await page.goto(`/iu/courses/${course_id}/lesson/${lecture_id}/quiz/attempt?id=${attempt.id}`);
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
});
