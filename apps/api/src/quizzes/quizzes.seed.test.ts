import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionToken } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { seedAccounts } from "../seed/accounts.seed";
import { seedCatalog } from "../seed/catalog.seed";
import { seedQuizzes } from "../seed/quizzes.seed";

let t: TestApp;
let ana: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  const context = { db: t.deps.db, storage: t.deps.storage };
  await seedAccounts(context);
  await seedCatalog(context);
  await seedQuizzes(context);
  const user = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, "ana") });
  ana = {
    authorization: `Bearer ${await sessionToken(t, { id: user!.id, roleId: 1 })}`,
  };
});
afterAll(() => t.close());

describe("the demo quizzes", () => {
  it("puts a quiz on the first lecture of each published title and exams on Everyday Spanish", async () => {
    const titles = (await t.app.inject({ url: "/api/courses?per_page=50" })).json().data;
    for (const title of titles.filter((c: { status: string }) => c.status === "published")) {
      const page = (await t.app.inject({ url: `/api/courses/${title.id}` })).json();
      expect(page.levels[0].modules[0].lectures[0].has_quiz, title.title).toBe(true);
    }
    const spanish = (await t.app.inject({ url: `/api/courses/${titles[0].id}` })).json();
    expect(spanish.levels[0].exam_quiz_id).not.toBeNull();
    expect(spanish.levels[0].modules[0].exam_quiz_id).not.toBeNull();
  });

  it("shows ana her passed first quiz and one exam access with two attempts, in Spanish", async () => {
    const titles = (await t.app.inject({ url: "/api/courses?per_page=50" })).json().data;
    const spanish = (await t.app.inject({ url: `/api/courses/${titles[0].id}` })).json();
    const lectureId = spanish.levels[0].modules[0].lectures[0].id;
    const headers = { ...ana, "x-language-id": "2" };
    const quiz = (await t.app.inject({ url: `/api/iu/lectures/${lectureId}/quiz`, headers })).json();
    expect(quiz).toMatchObject({
      passed: true,
      question_count: 4,
      last_result: { passed: true, score_percent: 100 },
    });
    const result = (
      await t.app.inject({ url: `/api/iu/quiz-attempts/${quiz.last_result.attempt_id}/result`, headers })
    ).json();
    // Stored before attempts were shuffled: the author's order.
    expect(result.questions.map((q: { type: string }) => q.type)).toEqual([
      "single",
      "multiple",
      "missing_word",
      "word_linking",
    ]);
    expect(result.questions[0].text).toBe("¿Qué saludo usas a las 10 de la mañana?");
    const exam = (
      await t.app.inject({ url: `/api/iu/course-modules/${spanish.levels[0].modules[0].id}/quiz`, headers })
    ).json();
    // Her access waits for the module's lectures: the exam is locked, as the title page shows.
    expect(exam).toMatchObject({
      is_paid: true,
      attempts_left: 2,
      can_start: false,
      blocked_code: "locked",
      blocked_reason: "Este examen se abre cuando hayas completado todas las lecciones que abarca.",
      title: "Examen: Hola y adiós",
    });
  });
});
