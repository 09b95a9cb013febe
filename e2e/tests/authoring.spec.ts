/**
 * Course authoring and the lesson Q&A desk: an administrator builds a title with a level,
 * a module and a lecture, uploads a video and a PDF, publishes it and a learner finds it in the
 * catalogue; an administrator without the course permission is sent away; a learner's question is
 * answered at /af/lesson/qas. Axe on the main admin pages; screenshots at phone and desktop width,
 * English and Spanish, day and night.
 */
import path from "node:path";
import { buildPdf } from "../../apps/api/src/seed/assets/pdf";
import { type Browser, expect, type Page, test } from "../support/fixtures";
import { expectNoAccessibilityViolations, looks, writeScreenshots } from "../support/helpers";
import { desktop, logIn, roleToken, shootBoth, startAs } from "../support/session";

const assets = path.resolve(import.meta.dirname, "../../apps/api/src/seed/assets");

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const shoot = (page: Page, name: string) => shootBoth(page, name);

/** Creates a learner question through the learner API on the first open lecture of ana's title. */
async function askAsAna(page: Page, body: string) {
  const token = await roleToken("ana");
  const enrolled = await page.request.get("/api/iu/courses/enrolled", { headers: bearer(token) });
  expect(enrolled.status()).toBe(200);
  const courseId = (await enrolled.json()).data[0].id as number;
  const detail = await (
    await page.request.get(`/api/iu/courses/${courseId}`, { headers: bearer(token) })
  ).json();
  const open = detail.levels
    .flatMap((l: { modules: { lectures: { id: number; state: string }[] }[] }) =>
      l.modules.flatMap((m) => m.lectures),
    )
    .find((l: { state: string }) =>
      ["to_start", "in_progress", "completed", "quiz_passed"].includes(l.state),
    );
  const res = await page.request.post(`/api/iu/lectures/${open.id}/questions`, {
    headers: bearer(token),
    data: { body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { token, id: (await res.json()).data.id as number };
}

test.describe("course authoring", () => {
  test("an admin builds a title, uploads a video and a PDF, publishes it, and ana finds it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const titleEn = `Watercolour Basics ${stamp}`;
    await logIn(page, "admin");
    await page.goto("/af/courses");
    await expect(page.getByRole("heading", { level: 1, name: "Titles" })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();

    // Create the title.
    await page.getByRole("link", { name: "New title" }).click();
    await expect(page).toHaveURL(/\/af\/courses\/create$/);
    const english = page.getByRole("region", { name: "English" });
    const spanish = page.getByRole("region", { name: "Spanish" });
    await page.getByRole("button", { name: "Create title" }).click();
    await expect(english.getByText("This field is required")).toBeVisible();
    await english.getByLabel("Title", { exact: false }).first().fill(titleEn);
    await english.getByLabel("Short description").fill("Paint light and colour with water.");
    await spanish.getByLabel("Title", { exact: false }).first().fill(`Acuarela básica ${stamp}`);
    await spanish.getByLabel("Short description").fill("Pinta la luz y el color con agua.");
    await page.getByRole("button", { name: "Create title" }).click();
    await expect(page).toHaveURL(/\/af\/courses\/\d+\?tab=structure$/);
    const courseId = Number(/courses\/(\d+)/.exec(page.url())?.[1]);
    await expect(page.getByRole("heading", { level: 1, name: titleEn })).toBeVisible();

    // A level, a module and a lecture.
    await page.getByRole("button", { name: "Add level" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title in English").fill("Beginner");
    await dialog.getByLabel("Title in Spanish").fill("Principiante");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Beginner" })).toBeVisible();

    await page.getByRole("button", { name: "Add module to Beginner" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title in English").fill("Materials");
    await dialog.getByLabel("Title in Spanish").fill("Materiales");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Materials" })).toBeVisible();

    await page.getByRole("button", { name: "Add lecture to Materials" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title in English").fill("Choosing brushes");
    await dialog.getByLabel("Title in Spanish").fill("Elegir pinceles");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(page).toHaveURL(/lecture=\d+/);
    await expect(page.getByRole("heading", { level: 2, name: "Choosing brushes" })).toBeVisible();

    // The video, with a progress bar and its length read by the server.
    await page.locator('input[name="video"]').setInputFiles(path.join(assets, "lecture-b.mp4"));
    await expect(page.getByText(/Video uploaded \(\d+:\d\d\)/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("video-duration")).not.toHaveText("0:00");
    await expect(page.locator("video")).toBeVisible();
    // The background job converts it to HLS (the npm ffmpeg); the editor polls it to "ready" with
    // the source's height (a 270p clip is never upscaled).
    await expect(page.getByTestId("transcoding-status")).toContainText("Adaptive streaming ready: 270p", {
      timeout: 60_000,
    });

    // A PDF e-book.
    const pdf = buildPdf([{ title: "Brushes", paragraphs: ["Round, flat and mop brushes."] }], {
      title: "Brushes",
      footer: "Aprendo",
    });
    await page
      .locator('input[name="ebook"]')
      .setInputFiles({ name: "brush-notes.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(page.getByLabel("Title in English")).toHaveValue("brush notes");
    await page.getByRole("button", { name: "Upload e-book" }).click();
    await expect(page.getByText("1 page", { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Remove brush notes" })).toBeVisible();

    // A FAQ, then publish the lecture.
    await page.getByRole("button", { name: "Add FAQ" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByRole("region", { name: "English" }).getByLabel("Question").fill("Which brush first?");
    await dialog.getByRole("region", { name: "English" }).getByLabel("Answer").fill("A round size 8.");
    await dialog.getByRole("region", { name: "Spanish" }).getByLabel("Question").fill("¿Qué pincel primero?");
    await dialog.getByRole("region", { name: "Spanish" }).getByLabel("Answer").fill("Uno redondo del 8.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Which brush first?")).toBeVisible();

    await page.getByLabel("Status of the lecture").selectOption("published");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Choosing brushes" })).toBeVisible();
    await expect(page.locator("header").getByText("Published")).toBeVisible();
    await expect(page.getByRole("link", { name: /Preview as a learner/ })).toHaveAttribute(
      "href",
      new RegExp(`/af/courses/${courseId}/preview/lesson/\\d+$`),
    );
    await expectNoAccessibilityViolations(page);
    await shoot(page, "authoring-lecture-en-day");

    // Back to the outline: the lecture shows its video, e-book and FAQ.
    await page.getByRole("button", { name: "Back to the outline" }).click();
    await expect(page.getByText("1 e-book")).toBeVisible();
    await expect(page.getByText("1 FAQ")).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await shoot(page, "authoring-structure-en-day");

    // Publish the title.
    await page.getByRole("tab", { name: "Details" }).click();
    await page.getByLabel("Status of the title").selectOption("published");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("The title is published")).toBeVisible();
    await expect(page.getByRole("tabpanel").getByText("At least one published lecture")).toBeVisible();

    // The learner finds it in the catalogue API.
    const ana = await roleToken("ana");
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/iu/courses?q=${encodeURIComponent("Watercolour")}`, {
          headers: bearer(ana),
        });
        return ((await res.json()).data as { id: number; title: string }[]).map((c) => c.id);
      })
      .toContain(courseId);
    const detail = await page.request.get(`/api/iu/courses/${courseId}`, { headers: bearer(ana) });
    const lecture = (await detail.json()).levels[0].modules[0].lectures[0];
    expect(lecture.title).toBe("Choosing brushes");

    // Ana enrols and plays it: the player streams the author's upload as converted (HLS segments).
    const enrolled = await page.request.post(`/api/iu/courses/${courseId}/enrol`, { headers: bearer(ana) });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
    const learner = await (page.context().browser() as Browser).newContext({
      baseURL: new URL(page.url()).origin,
    });
    const learnerPage = await learner.newPage();
    const segment = learnerPage.waitForRequest((request) => /\/hls\/270p_\d+\.m4s/.test(request.url()));
    await startAs(learnerPage, ana);
    await learnerPage.goto(`/iu/courses/${courseId}/lesson/${lecture.id}`);
    await learnerPage.getByTestId("lecture-video").evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await segment;
  });

  // Moving a level with the keyboard (focus kept, announced, order stored) is one page's behaviour:
  // StructureEditor.reorder.test.tsx; the order routes' rules (one helper for all three) are in
  // apps/api/src/catalog/authoring.test.ts.
  test("the support administrator, without the course permission, is sent away to /", async ({ page }) => {
    await logIn(page, "support");
    await page.goto("/af/courses");
    await expect(page).not.toHaveURL(/\/af\/courses/);
    expect(new URL(page.url()).pathname).toMatch(/^\/(af\/dashboard)?$/);
    await page.goto("/af/categories");
    await expect(page).not.toHaveURL(/\/af\/categories/);
    await page.goto("/af/lesson/qas");
    await expect(page).not.toHaveURL(/\/af\/lesson/);
  });

  test("an admin answers a learner's lecture question and the learner is notified", async ({ page }) => {
    const question = `How do I roll the double r in "perro"? (${Date.now().toString(36)})`;
    const { token: ana } = await askAsAna(page, question);
    await logIn(page, "admin");
    await page.goto("/af/lesson/qas");
    await expect(page.getByRole("heading", { level: 1, name: "Lecture questions" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unanswered", pressed: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole("link", { name: question }).click();
    await expect(page).toHaveURL(/\/af\/lesson\/qas\/\d+$/);
    await expect(page.getByText(question)).toBeVisible();
    await page.getByRole("button", { name: "Send answer" }).click();
    await expect(page.getByText("This field is required")).toBeVisible();
    await page.getByLabel("Your answer").fill("Tap the tongue quickly behind your top teeth, several times.");
    await page.getByRole("button", { name: "Send answer" }).click();
    await expect(page.getByText("Answer sent. The learner has been notified.")).toBeVisible();
    await expect(page.getByText("Tap the tongue quickly behind your top teeth")).toBeVisible();
    await expect(page.locator("header").getByText("Answered")).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const notifications = await page.request.get("/api/iu/notifications/me", { headers: bearer(ana) });
    const items = (await notifications.json()).data as { type: number }[];
    expect(items.some((n) => n.type === 4)).toBe(true);

    await page.goto("/af/lesson/qas?status=answered");
    await expect(page.getByRole("link", { name: question })).toBeVisible();
  });
});

/** The main admin pages in each language and theme, at phone and desktop width, checked with axe. */
test.describe("authoring screenshots", () => {
  test.setTimeout(240_000);

  async function capture(browser: Browser, locale: "en" | "es", theme: "day-mode" | "night-mode") {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    const token = await logIn(page, "admin", { locale, theme });
    const list = await (
      await page.request.get("/api/af/courses?per_page=50", { headers: bearer(token) })
    ).json();
    const course =
      list.data.find((c: { title_en: string }) => c.title_en.startsWith("Everyday Spanish")) ?? list.data[0];
    const detail = await (
      await page.request.get(`/api/af/courses/${course.id}`, { headers: bearer(token) })
    ).json();
    const lectureId = detail.levels[0].modules[0].lectures[0].id;
    const categories = await (
      await page.request.get("/api/af/categories", { headers: bearer(token) })
    ).json();
    const qas = await (
      await page.request.get("/api/af/lesson/qas?status=all", { headers: bearer(token) })
    ).json();
    const tag = `${locale}-${theme === "day-mode" ? "day" : "night"}`;
    const pages: [string, string, string][] = [
      ["courses", "/af/courses", "h1"],
      ["course-create", "/af/courses/create", "h1"],
      ["course-details", `/af/courses/${course.id}`, "h1"],
      ["course-structure", `/af/courses/${course.id}?tab=structure`, "h3"],
      ["course-lecture", `/af/courses/${course.id}?lecture=${lectureId}`, "video, h2"],
      ["categories", "/af/categories", "table"],
      ["category", `/af/categories/${categories.data[0].id}`, "form"],
      ["qas", "/af/lesson/qas?status=all", "h1"],
    ];
    if (qas.data[0]) pages.push(["qa", `/af/lesson/qas/${qas.data[0].id}`, "form"]);
    for (const [name, url, ready] of pages) {
      await page.goto(url);
      await expect(page.locator(ready).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      if (tag === "en-day" || tag === "es-night") await expectNoAccessibilityViolations(page);
      await shoot(page, `authoring-${name}-${tag}`);
    }
    await context.close();
  }

  const names = { en: "English", es: "Spanish", "day-mode": "day", "night-mode": "night" } as const;
  // Pictures only (`npm run test:visual`): the gating run's accessibility tour scans these pages and
  // checks each at desktop and phone width for sideways scroll and untranslated keys.
  const visualOnly = writeScreenshots ? test : test.skip;
  for (const { locale, theme } of looks)
    visualOnly(`${names[locale]}, ${names[theme]}`, async ({ browser }) => capture(browser, locale, theme));
});
