/**
 * Quizzes and exams, as learners live them: fail a lecture quiz, retake and pass it, see
 * the next lecture unlock; start a timed exam, reload mid-way and find the same time left, try to
 * leave and terminate; let a 30-second exam run out and see the result. Administrators: the quiz
 * list with a bulk upload (refused with a line report, then imported), the quiz editor, and exam
 * access granted through the access management page. Axe on the instructions and attempt pages;
 * screenshots of each question type on phone and desktop, English and Spanish, day and night.
 */
import type pg from "pg";
import { type Browser, expect, type Page, test } from "../support/fixtures";
import {
  expectNoAccessibilityViolations,
  latestMessage,
  linkIn,
  looks,
  openInApp,
  writeScreenshots,
} from "../support/helpers";
import { desktop, type Prefs, roleToken, shootBoth, startAs, tokenFor } from "../support/session";

const password = "Learn-2024!ok";

/** startAs, and: reloading an attempt asks "leave the page?" (beforeunload): the tests mean it. */
async function startLearner(page: Page, token: string, prefs: Prefs = {}) {
  await startAs(page, token, prefs);
  page.on("dialog", (dialog) => void dialog.accept());
}

/** Kept-alive pages stay in the page, hidden: only the one shown counts. */
const shown = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, "X-Language-Code": "en" });

/** A brand-new verified learner (through the API; the accounts tests cover the forms). */
async function newLearner(page: Page) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const person = { username: `quiz_${id}`.slice(0, 30), email: `quiz.${id}@example.com` };
  const res = await page.request.post("/api/auth/register", {
    data: {
      first_name: "Marta",
      last_name: "Ruiz",
      username: person.username,
      email: person.email,
      email_confirmation: person.email,
      password,
      password_confirmation: password,
      date_of_birth: "1990-05-02",
      terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = new URL(linkIn(await latestMessage(page, person.email))).searchParams.get(
    "verification_token",
  );
  expect((await page.request.post("/api/auth/verify", { data: { token } })).ok()).toBe(true);
  const me = await page.request.get("/api/auth/me", {
    headers: bearer(await tokenFor(page, person.username, password)),
  });
  return { ...person, id: (await me.json()).id as number };
}

type Outline = {
  id: number;
  levels: Array<{
    id: number;
    title: string;
    exam_quiz_id: number | null;
    modules: Array<{
      id: number;
      title: string;
      exam_quiz_id: number | null;
      lectures: Array<{ id: number; title: string; state: string; duration_seconds: number }>;
    }>;
  }>;
};

async function spanish(page: Page, token: string): Promise<Outline> {
  const list = await page.request.get("/api/courses?per_page=50", { headers: bearer(token) });
  const course = ((await list.json()).data as Array<{ id: number; title: string }>).find(
    (c) => c.title === "Everyday Spanish",
  );
  expect(course).toBeTruthy();
  const res = await page.request.get(`/api/iu/courses/${course!.id}`, { headers: bearer(token) });
  return (await res.json()) as Outline;
}

/**
 * Enrols in Everyday Spanish and watches the first lecture's video, reported through the API. The
 * server credits watched time no faster than 2x real time since the lecture was opened: the test
 * opens it, then lets that time pass by moving the view's start back in this worker's own database.
 */
async function enrolAndWatchFirst(page: Page, token: string, database: pg.Client, userId: number) {
  let outline = await spanish(page, token);
  const enrol = await page.request.post(`/api/iu/courses/${outline.id}/enrol`, { headers: bearer(token) });
  expect(enrol.ok(), await enrol.text()).toBe(true);
  outline = await spanish(page, token);
  const first = outline.levels[0]!.modules[0]!.lectures[0]!;
  expect((await page.request.get(`/api/iu/lectures/${first.id}`, { headers: bearer(token) })).ok()).toBe(
    true,
  );
  await database.query(
    "UPDATE lecture_views SET started_at = started_at - make_interval(secs => $3) WHERE user_id = $1 AND lecture_id = $2",
    [userId, first.id, first.duration_seconds],
  );
  const watched = await page.request.put(`/api/iu/lectures/${first.id}/progress`, {
    headers: bearer(token),
    data: { ranges: [[0, first.duration_seconds]], position: first.duration_seconds },
  });
  expect(watched.ok(), await watched.text()).toBe(true);
  return outline;
}

/**
 * Lectures completed (video watched, quiz passed) as if the learner had done it over time: written in
 * this worker's own database, since watching takes real time. An exam opens once every lecture it
 * covers is completed.
 */
async function completeLectures(database: pg.Client, userId: number, courseId: number, lectureIds: number[]) {
  await database.query(
    `INSERT INTO lecture_progress (user_id, lecture_id, course_id, watched_ranges, watched_seconds,
       video_watched_at, quiz_passed_at, completed_at)
     SELECT $1, l.id, $2, jsonb_build_array(jsonb_build_array(0, l.duration_seconds)), l.duration_seconds,
       now(), now(), now()
     FROM lectures l WHERE l.id = ANY($3::int[])
     ON CONFLICT (user_id, lecture_id) DO UPDATE SET video_watched_at = now(), quiz_passed_at = now(),
       completed_at = now()`,
    [userId, courseId, lectureIds],
  );
}

/** The clock's seconds left, read from the page. */
async function timerSeconds(page: Page): Promise<number> {
  const text = (await shown(page, "quiz-timer").textContent()) ?? "";
  const [m, s] = text.split(":").map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

async function expectSaved(page: Page) {
  await expect(shown(page, "save-status")).toHaveText(/Answer saved|Respuesta guardada/);
}

/** Answers the greetings quiz of Everyday Spanish's first lecture, right or wrong, one question at a time. */
async function answerGreetings(page: Page, right: boolean, shots?: string) {
  // 1. Single choice.
  await expect(shown(page, "question-text")).toHaveText("Which greeting do you use at 10 in the morning?");
  await page.getByLabel(right ? "Buenos días" : "Buenas noches", { exact: true }).check();
  await expectSaved(page);
  if (shots) await shootBoth(page, `${shots}-single`);
  await shown(page, "next-question").click();

  // 2. Multiple choice, "choose 2": a third tick is refused.
  await expect(page.getByText("Choose 2 answers.").first()).toBeVisible();
  await page.getByLabel("Adiós").check();
  await page.getByLabel(right ? "Hasta luego" : "Hola").check();
  await page.getByLabel("Gracias").click();
  await expect(page.getByText("You can choose only 2 answers.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Gracias")).not.toBeChecked();
  await expectSaved(page);
  if (shots) await shootBoth(page, `${shots}-multiple`);
  await shown(page, "next-question").click();

  // 3. Missing word: choose the first gap, type the second.
  await page.getByLabel("Gap 1").selectOption({ label: right ? "noches" : "días" });
  await page.getByLabel("Gap 2 (type the word)").fill(right ? "Hola" : "adiós");
  await page.getByLabel("Gap 2 (type the word)").blur();
  await expectSaved(page);
  if (shots) await shootBoth(page, `${shots}-missing-word`);
  await shown(page, "next-question").click();

  // 4. Word linking: a select per left item.
  const links = right
    ? { "Buenos días": "Morning", "Buenas tardes": "Afternoon", "Buenas noches": "Night" }
    : { "Buenos días": "Night", "Buenas tardes": "Midnight snack", "Buenas noches": "Morning" };
  for (const [left, right_] of Object.entries(links)) {
    await page.getByLabel(left, { exact: true }).selectOption({ label: right_ });
  }
  await expectSaved(page);
  if (shots) await shootBoth(page, `${shots}-word-linking`);
}

async function submit(page: Page) {
  await shown(page, "submit-quiz").click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Submit quiz" }).click();
  await expect(shown(page, "quiz-result")).toBeVisible();
}

/**
 * From a lecture quiz's instructions, takes the quiz with some answer on each question (so the
 * controls show their chosen state) and checks the instructions, each question type and the result
 * at desktop and phone width (pictures under `npm run test:visual`). Labels are not used: any
 * language.
 */
async function shootEachQuestionType(page: Page, tag: string) {
  await expect(shown(page, "start-quiz")).toBeVisible();
  await shootBoth(page, `quiz-instructions-${tag}`);
  await shown(page, "start-quiz").click();
  await expect(shown(page, "question-text")).toBeVisible();
  await page.locator("input[type=radio]").first().check();
  await expectSaved(page);
  await shootBoth(page, `quiz-question-${tag}-single`);
  await shown(page, "next-question").click();
  await page.locator("input[type=checkbox]").first().check();
  await shootBoth(page, `quiz-question-${tag}-multiple`);
  await shown(page, "next-question").click();
  await page.getByRole("main").locator("select").filter({ visible: true }).first().selectOption({ index: 1 });
  await shootBoth(page, `quiz-question-${tag}-missing-word`);
  await shown(page, "next-question").click();
  await page.getByRole("main").locator("select").filter({ visible: true }).first().selectOption({ index: 1 });
  await shootBoth(page, `quiz-question-${tag}-word-linking`);
  await shown(page, "submit-quiz").click();
  await page.getByRole("alertdialog").getByRole("button").last().click();
  await expect(shown(page, "quiz-result")).toBeVisible();
  await shootBoth(page, `quiz-result-${tag}`);
}

test.describe("a learner", () => {
  test.setTimeout(150_000);

  test("fails a lecture quiz, retakes and passes it, and the next lecture unlocks", async ({
    page,
    database,
  }) => {
    const person = await newLearner(page);
    const token = await tokenFor(page, person.username, password);
    const outline = await enrolAndWatchFirst(page, token, database, person.id);
    const [first, second] = outline.levels[0]!.modules[0]!.lectures;
    expect(second!.state).toBe("locked");
    await startLearner(page, token);

    // The lecture page leads to the quiz.
    await page.goto(`/iu/courses/${outline.id}/lesson/${first!.id}`);
    await shown(page, "quiz-card").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/lesson/${first!.id}/quiz$`));

    // Instructions: time limit in minutes and seconds, questions, pass mark, unlimited attempts.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(shown(page, "time-limit")).toHaveText("5 min 0 s");
    await expect(page.getByText("4 questions")).toBeVisible();
    await expect(page.getByText("70%")).toBeVisible();
    await expect(shown(page, "attempts-left")).toHaveText("Unlimited");
    await expectNoAccessibilityViolations(page);
    await shootBoth(page, "quiz-instructions-en-day");

    // First try: wrong answers.
    await shown(page, "start-quiz").click();
    await expect(page).toHaveURL(/\/quiz\/attempt\?id=\d+$/);
    await expect(shown(page, "quiz-timer")).toHaveText(/^0[45]:\d\d$/);
    await expectNoAccessibilityViolations(page);
    await answerGreetings(page, false);
    await submit(page);
    await expect(shown(page, "result-heading")).toHaveText("Not passed");
    await expect(shown(page, "result-score")).toHaveText("0%");
    await expect(shown(page, "review-question")).toHaveCount(4);
    await expect(page.getByText("'Buenos días' is used until midday.")).toBeVisible();
    await shootBoth(page, "quiz-result-failed-en-day");
    let locked = await spanish(page, token);
    expect(locked.levels[0]!.modules[0]!.lectures[1]!.state).toBe("locked");

    // Retake and pass, with screenshots of each question type.
    await shown(page, "retake").click();
    await expect(shown(page, "question-text")).toBeVisible();
    await answerGreetings(page, true, "quiz-question-en-day");
    await submit(page);
    await expect(shown(page, "result-heading")).toHaveText("Passed");
    await expect(shown(page, "result-score")).toHaveText("100%");
    await shootBoth(page, "quiz-result-passed-en-day");

    // The next lecture is open now, and the result offers it.
    locked = await spanish(page, token);
    expect(locked.levels[0]!.modules[0]!.lectures[1]!.state).not.toBe("locked");
    await shown(page, "next-step").click();
    await expect(page).toHaveURL(new RegExp(`/lesson/${second!.id}$`));

    // The instructions remember the pass and the last result; the learner switches to Spanish at
    // night with the top bar (the other language and theme of `looks`: longer words, night colours),
    // goes back to the quiz inside the app and takes it once more, each question type checked as it
    // shows.
    await page.getByTestId("language-switch").click();
    await page.getByRole("menuitemradio", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByTestId("theme-toggle").click();
    await openInApp(page, `/iu/courses/${outline.id}/lesson/${first!.id}/quiz`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator("html")).toHaveClass(/night-mode/);
    await expect(shown(page, "last-result")).toContainText("100%");
    await shootEachQuestionType(page, "es-night");
  });

  test("keeps a timed exam's time across a reload, is warned when leaving, and terminates it", async ({
    page,
    database,
  }) => {
    const person = await newLearner(page);
    const token = await tokenFor(page, person.username, password);
    const outline = await enrolAndWatchFirst(page, token, database, person.id);
    const module = outline.levels[0]!.modules[0]!;
    await completeLectures(
      database,
      person.id,
      outline.id,
      module.lectures.map((l) => l.id),
    );
    const admin = await roleToken("admin");
    const grant = await page.request.post("/api/af/exam-access-management", {
      headers: bearer(admin),
      data: {
        user_id: person.id,
        quiz_id: module.exam_quiz_id,
        attempts: 2,
        reason: "Browser test of the exam",
      },
    });
    expect(grant.status(), await grant.text()).toBe(201);
    await startLearner(page, token);

    await page.goto(`/iu/courses/${outline.id}/course-module/${module.id}/quiz`);
    await expect(shown(page, "time-limit")).toHaveText("10 min 0 s");
    await expect(shown(page, "attempts-left")).toHaveText("2 attempts");
    await shown(page, "start-quiz").click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Start the quiz" }).click();
    await expect(page).toHaveURL(/\/quiz\/attempt\?id=\d+$/);

    // An exam shows its questions in an order of its own: go to the greeting question, answer it,
    // then reload mid-way.
    let number = 1;
    while (!((await shown(page, "question-text").textContent()) ?? "").includes("10 in the morning")) {
      await shown(page, "next-question").click();
      number += 1;
    }
    await page.getByLabel("Buenos días", { exact: true }).check();
    await expectSaved(page);
    // The clock runs (it shows less than the full ten minutes) before the reload.
    await expect.poll(() => timerSeconds(page)).toBeLessThan(600);
    const before = await timerSeconds(page);
    const at = Date.now();
    await page.reload();
    await expect(shown(page, "quiz-timer")).toBeVisible();
    const after = await timerSeconds(page);
    const expected = before - (Date.now() - at) / 1000;
    expect(Math.abs(after - expected)).toBeLessThanOrEqual(2);
    expect(after).toBeGreaterThan(540);
    // The saved answer came back with the attempt (which reopens at the first unanswered question).
    await expect(shown(page, "question-text")).not.toHaveText(
      "Which greeting do you use at 10 in the morning?",
    );
    await page.getByRole("button", { name: `Question ${number}, answered` }).click();
    await expect(page.getByLabel("Buenos días", { exact: true })).toBeChecked();

    // Leaving is not allowed: the warning keeps the learner on the quiz.
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "My titles" })
      .click();
    const leave = page.getByRole("alertdialog", { name: "Navigating away is not allowed" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Continue the quiz" }).click();
    await expect(page).toHaveURL(/\/quiz\/attempt\?id=\d+$/);

    // Cancelling asks whether to terminate; terminating submits.
    await shown(page, "cancel-quiz").click();
    const terminate = page.getByRole("alertdialog", { name: "Terminate the quiz?" });
    await terminate.getByRole("button", { name: "Terminate the quiz" }).click();
    await expect(shown(page, "quiz-result")).toBeVisible();
    await expect(page.getByText("1 attempt left on this exam.")).toBeVisible();
    await page.getByRole("link", { name: "Instructions", exact: true }).click();
    await expect(shown(page, "attempts-left")).toHaveText("1 attempt");
  });

  test("sees a 30-second exam submitted when its time runs out, then must buy it again", async ({
    page,
    database,
  }) => {
    test.setTimeout(150_000);
    const person = await newLearner(page);
    const token = await tokenFor(page, person.username, password);
    const outline = await enrolAndWatchFirst(page, token, database, person.id);
    const admin = await roleToken("admin");
    // An administrator writes a short level exam on the second level (authoring API).
    const level = outline.levels[1]!;
    // The level's lectures are completed: its exam is open.
    await completeLectures(
      database,
      person.id,
      outline.id,
      level.modules.flatMap((m) => m.lectures.map((l) => l.id)),
    );
    let quizId = level.exam_quiz_id;
    if (!quizId) {
      const created = await page.request.post("/api/af/quizzes", {
        headers: bearer(admin),
        data: {
          owner: { kind: "level", id: level.id },
          time_limit_seconds: 30,
          pass_mark_percent: 50,
          price_pence: 700,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      quizId = (await created.json()).id as number;
      const question = await page.request.post(`/api/af/quizzes/${quizId}/questions`, {
        headers: bearer(admin),
        data: {
          type: "single",
          text_en: "How do you say 'coffee with milk'?",
          text_es: "¿Cómo se dice «coffee with milk»?",
          explanation_en: "Café con leche.",
          explanation_es: "Café con leche.",
          options: [
            { text_en: "Café con leche", text_es: "Café con leche", correct: true },
            { text_en: "Café solo", text_es: "Café solo", correct: false },
          ],
        },
      });
      expect(question.status(), await question.text()).toBe(201);
      const publish = await page.request.patch(`/api/af/quizzes/${quizId}`, {
        headers: bearer(admin),
        data: { status: "published" },
      });
      expect(publish.ok(), await publish.text()).toBe(true);
    }
    const grant = await page.request.post("/api/af/exam-access-management", {
      headers: bearer(admin),
      data: { user_id: person.id, quiz_id: quizId, attempts: 1, reason: "Browser test of the timer" },
    });
    expect(grant.status(), await grant.text()).toBe(201);
    await startLearner(page, token);

    await page.goto(`/iu/courses/${outline.id}/course-level/${level.id}/quiz`);
    await expect(shown(page, "time-limit")).toHaveText("0 min 30 s");
    await shown(page, "start-quiz").click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Start the quiz" }).click();
    await expect(shown(page, "quiz-timer")).toHaveText(/^00:(2\d|30)$/);

    // Nothing answered; the time runs out and the attempt is submitted.
    await expect(shown(page, "quiz-result")).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText("Quiz timer has expired").first()).toBeVisible();
    await expect(shown(page, "result-heading")).toHaveText("Not passed");
    await expect(shown(page, "review-question")).toContainText("Not answered");
    await shootBoth(page, "quiz-result-expired-en-day");

    // No attempt left: the exam must be bought again.
    const buy = page.getByRole("button", { name: /Buy the exam again/ });
    await expect(buy).toBeVisible();
    await buy.click();
    await expect(page.getByText(/is in your cart/).first()).toBeVisible();
    // The cart opens beside the page with the exam access in it: close it.
    const cart = page.getByRole("dialog").filter({ hasText: "Exam access" });
    await expect(cart).toBeVisible();
    await expect(cart).toContainText("£7.00");
    await page.keyboard.press("Escape");
    await expect(cart).toBeHidden();
    await page.getByRole("link", { name: "Instructions", exact: true }).click();
    await expect(shown(page, "buy-exam")).toBeVisible();
    await expect(page.getByText("Both attempts used")).toBeVisible();
  });
});

test.describe("an administrator", () => {
  test.setTimeout(120_000);

  test("bulk uploads quizzes (refused line by line, then imported), edits a quiz and grants exam attempts", async ({
    page,
  }) => {
    const admin = await roleToken("admin");
    const outline = await spanish(page, admin);
    await startLearner(page, admin);

    await page.goto(`/af/courses/${outline.id}/quizzes`);
    await expect(page.getByRole("heading", { level: 1, name: "Quizzes and exams" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Edit the quiz of/ }).first()).toBeVisible();

    // A file with mistakes: nothing imported, each problem listed by line.
    const second = outline.levels[1]!.modules[0]!.lectures[0]!;
    const bad = [
      "owner,type,question_en,question_es,options_en,options_es,correct",
      `lecture:${second.id},single,Pick one,Elige una,A|B,A|B,3`,
      `lecture:${second.id},colour,Q,P,A|B,A|B,1`,
    ].join("\n");
    await page.getByLabel(/Drop the CSV file here/).setInputFiles({
      name: "bad.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(bad),
    });
    await shown(page, "bulk-send").click();
    const report = shown(page, "bulk-errors");
    await expect(report).toBeVisible();
    expect(await report.getByRole("row").count()).toBeGreaterThanOrEqual(3);
    await expect(report).toContainText("single, multiple, missing_word or word_linking");
    await shootBoth(page, "quiz-admin-bulk-errors");

    // A correct file: imported (a new draft quiz on that lecture).
    const good = [
      "owner,type,question_en,question_es,options_en,options_es,correct,explanation_en,explanation_es",
      `lecture:${second.id},single,Pick A,Elige A,A|B,A|B,1,A is first,A va primero`,
      `lecture:${second.id},word_linking,Link,Relaciona,uno=one|dos=two|=three,uno=uno|dos=dos|=tres,,,`,
    ].join("\n");
    await page.getByLabel(/Drop the CSV file here/).setInputFiles({
      name: "good.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(good),
    });
    await shown(page, "bulk-send").click();
    await expect(page.getByText("2 questions imported").first()).toBeVisible();

    // The quiz editor: add a multiple-choice question, preview, publish.
    await page.getByRole("link", { name: `Edit the quiz of ${second.title}` }).click();
    await expect(shown(page, "quiz-status")).toHaveText("Draft");
    await shown(page, "add-question").click();
    const dialog = page.getByRole("dialog", { name: "Add a question" });
    await dialog.getByLabel("Question type").selectOption("multiple");
    await dialog.getByLabel("Question (English)").fill("Which two are numbers?");
    await dialog.getByLabel("Question (Spanish)").fill("¿Cuáles dos son números?");
    const options = [
      ["uno", "uno", true],
      ["dos", "dos", true],
      ["gato", "gato", false],
    ] as const;
    for (const [index, [en, es, correct]] of options.entries()) {
      await dialog.getByLabel(`Option ${index + 1} in English`).fill(en);
      await dialog.getByLabel(`Option ${index + 1} in Spanish`).fill(es);
      const box = dialog.getByLabel(`Option ${index + 1} is correct`);
      if ((await box.isChecked()) !== correct) await box.click();
    }
    await shootBoth(page, "quiz-admin-question-form");
    await dialog.getByTestId("save-question").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("list", { name: "Questions" }).getByRole("listitem")).toHaveCount(3);
    await page.getByRole("button", { name: "Move question 3 up" }).click();
    await expect(page.getByRole("list", { name: "Questions" }).getByRole("listitem").nth(1)).toContainText(
      "Which two are numbers?",
    );
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("dialog").getByTestId("review-question")).toHaveCount(3);
    await shootBoth(page, "quiz-admin-preview");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await shown(page, "toggle-publish").click();
    await expect(shown(page, "quiz-status")).toHaveText("Published");
    await shootBoth(page, "quiz-admin-editor");

    // Exam access management (from the menu): grant ana one more attempt, with a reason; it shows in
    // the audit trail.
    await page.getByTestId("side-navigation").locator('a[href="/af/exam-access-management"]').click();
    await expect(page.getByRole("heading", { level: 1, name: "Exam access management" })).toBeVisible();
    await shown(page, "grant-access").click();
    const grant = page.getByRole("dialog", { name: "Grant attempts at an exam" });
    await grant.getByTestId("learner-search").fill("ana");
    await grant.getByRole("button", { name: /@ana/ }).first().click();
    await grant.getByLabel("Title").selectOption({ label: "Everyday Spanish" });
    await grant.getByLabel("Exam").selectOption({ index: 1 });
    await grant.getByLabel("Attempts").selectOption("1");
    await grant.getByLabel("Reason").fill("Connection dropped during her exam");
    await shootBoth(page, "quiz-admin-grant");
    await grant.getByTestId("confirm-grant").click();
    await expect(grant).toBeHidden();
    await expect(page.getByRole("row", { name: /@ana/ }).first()).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole("tab", { name: "Audit trail" }).click();
    await expect(page.getByText("Connection dropped during her exam")).toBeVisible();
    await shootBoth(page, "quiz-admin-exam-access");
    await page.getByTestId("side-navigation").locator('a[href="/af/course-access-management"]').click();
    await expect(page.getByRole("heading", { level: 1, name: "Course access management" })).toBeVisible();
    await shootBoth(page, "quiz-admin-course-access");
  });
});

const visualOnly = writeScreenshots ? test : test.skip;

test.describe("screenshots", () => {
  test.setTimeout(180_000);

  async function capture(
    browser: Browser,
    database: pg.Client,
    locale: "en" | "es",
    theme: "day-mode" | "night-mode",
  ) {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    const person = await newLearner(page);
    const token = await tokenFor(page, person.username, password);
    const outline = await enrolAndWatchFirst(page, token, database, person.id);
    const first = outline.levels[0]!.modules[0]!.lectures[0]!;
    await startLearner(page, token, { locale, theme });
    await page.goto(`/iu/courses/${outline.id}/lesson/${first.id}/quiz`);
    await shootEachQuestionType(page, `${locale}-${theme === "day-mode" ? "day" : "night"}`);
    await context.close();
  }

  // English by day and Spanish at night are the learner's lecture quiz above (its first attempts and
  // its last); the other two pairs only make pictures, under `npm run test:visual`. Each look is a
  // new learner's whole quiz.
  visualOnly("each question type, Spanish by day and English at night", async ({ browser, database }) => {
    for (const { locale, theme } of looks.slice(2)) await capture(browser, database, locale, theme);
  });
});
