/**
 * The hot path's round trips (issue 12): an answer save is one statement, a submit two (read, then
 * grade in one guarded statement), a start of an exam one, besides authentication. Counted on the
 * driver, so a regression (an extra read, a lost cache, a transaction) fails here.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  buildQuizCourse,
  enrolAndWatch,
  giveExamAccess,
  type QuizCourse,
  rightAnswer,
} from "./quizzes.fixtures";

let t: TestApp;
let course: QuizCourse;
let learner: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  course = await buildQuizCourse(t);
  learner = await buildLearner(t);
  await enrolAndWatch(t, learner, course);
  await giveExamAccess(t, learner.id, course.moduleExamId);
  await giveExamAccess(t, learner.id, course.moduleExamId);
});
afterAll(() => t.close());

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** The statements a request sends (authentication's own aside), and its answer. */
async function statementsOf(method: "POST" | "PUT", url: string, payload?: object) {
  const sent: string[] = [];
  const original = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args) {
    const config = args[0] as string | { name?: string; text?: string };
    const text = typeof config === "string" ? config : (config.text ?? "");
    if (typeof config === "string" || config.name !== "auth_caller") sent.push(text);
    return original.apply(this, args);
  };
  try {
    const res = await t.app.inject({ method, url, headers: learner.auth, ...(payload ? { payload } : {}) });
    return { res, sent };
  } finally {
    (pg.Client.prototype as unknown as { query: Query }).query = original;
  }
}

describe("the exam's round trips", () => {
  it("start 1, each save 1, submit 2 once the caches are warm and the pass is recorded", async () => {
    const path = `/api/iu/course-modules/${course.moduleIds[0]}/quiz/attempt`;
    // A first attempt, passed: warms the caches and records the pass (whose effects run as a job).
    for (const round of [1, 2]) {
      const start = await statementsOf("POST", path);
      expect(start.res.statusCode).toBe(201);
      const attempt = start.res.json() as { id: number; questions: Array<{ id: number; type: string }> };
      const saves = [];
      for (const q of attempt.questions)
        saves.push(
          await statementsOf("PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
            answer: rightAnswer(q),
          }),
        );
      const submit = await statementsOf("POST", `/api/iu/quiz-attempts/${attempt.id}/submit`);
      expect(submit.res.json()).toMatchObject({ passed: true });
      if (round === 1) continue;
      // The start's deadline job runs inline in tests (its overdue sweep, at most once a second): left aside.
      const overdueSweep = (s: string) => s.startsWith('select "id" from "quiz_attempts"');
      expect(start.sent.filter((s) => !overdueSweep(s))).toHaveLength(1);
      for (const save of saves) expect(save.sent).toHaveLength(1);
      expect(submit.sent).toHaveLength(2);
    }
  });
});
