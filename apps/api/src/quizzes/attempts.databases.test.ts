/**
 * The answer save's in-process cache of running attempts (attempts.service.ts) is per database: two
 * apps in one process, each on its own database, both number their first attempt 1. An answer in
 * one must not be checked against the other's attempt (the API tests run many files, each on its
 * own database, in one process; a deployment could also serve two databases from one).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildQuizCourse, enrolAndWatch, rightAnswer } from "./quizzes.fixtures";

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

type Attempt = { id: number; questions: Array<{ id: number; type: string } & Record<string, never>> };

async function startAttempt(t: TestApp, learner: BuiltUser) {
  const course = await buildQuizCourse(t);
  await enrolAndWatch(t, learner, course);
  const started = await t.app.inject({
    method: "POST",
    url: `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`,
    headers: learner.auth,
  });
  expect(started.statusCode, started.body).toBe(201);
  return started.json() as Attempt;
}

const saveFirstAnswer = (t: TestApp, learner: BuiltUser, attempt: Attempt) =>
  t.app.inject({
    method: "PUT",
    url: `/api/iu/quiz-attempts/${attempt.id}/answers/${attempt.questions[0]!.id}`,
    headers: learner.auth,
    payload: { answer: rightAnswer(attempt.questions[0]!) },
  });

it("keeps each database's attempts apart when both number theirs alike", async () => {
  const ana = await buildLearner(first);
  // Another learner first, so the second database's learner has another id than the first's.
  await buildLearner(second);
  const bea = await buildLearner(second);
  expect(bea.id).not.toBe(ana.id);

  const inFirst = await startAttempt(first, ana);
  const inSecond = await startAttempt(second, bea);
  expect(inSecond.id).toBe(inFirst.id);

  const saved = await saveFirstAnswer(first, ana, inFirst);
  expect(saved.statusCode, saved.body).toBe(200);
  const other = await saveFirstAnswer(second, bea, inSecond);
  expect(other.statusCode, other.body).toBe(200);
  expect(other.json()).toMatchObject({ answered_count: 1 });
});
