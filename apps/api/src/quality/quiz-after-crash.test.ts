/**
 * Failure: the server that started a timed quiz dies mid-attempt. The attempt,
 * its answers and its deadline live only in the database, so another process (a restart, or the
 * other node behind the load balancer) resumes it exactly where it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createSiblingApp, createTestApp, type TestApp } from "../../test/test-app";
import { buildQuizCourse, enrolAndWatch, rightAnswer } from "../quizzes/quizzes.fixtures";

let first: TestApp;
let crashed: TestApp;
let restarted: TestApp;

beforeAll(async () => {
  first = await createTestApp();
  crashed = await createSiblingApp(first);
  restarted = await createSiblingApp(first);
});
afterAll(async () => {
  await restarted.close();
  await first.close();
});

type Attempt = {
  id: number;
  deadline_at: string;
  remaining_seconds: number;
  answers: Record<string, unknown>;
  questions: Array<{ id: number; type: string }>;
};

const on = (node: TestApp, user: BuiltUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  node.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

describe("a server killed during a quiz", () => {
  it("leaves the attempt resumable on another process with its answers and deadline", async () => {
    const course = await buildQuizCourse(first);
    const learner = await buildLearner(first);
    await enrolAndWatch(first, learner, course);
    const quizUrl = `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`;

    const started = await on(crashed, learner, "POST", quizUrl);
    expect(started.statusCode, started.body).toBe(201);
    const attempt = started.json() as Attempt;
    const [one, two] = attempt.questions;
    for (const question of [one!, two!]) {
      const saved = await on(
        crashed,
        learner,
        "PUT",
        `/api/iu/quiz-attempts/${attempt.id}/answers/${question.id}`,
        {
          answer: rightAnswer(question),
        },
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // The process goes away: its pool, its timers, its memory.
    await crashed.close();

    const resumed = await on(restarted, learner, "POST", quizUrl);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const again = resumed.json() as Attempt;
    expect(again.id).toBe(attempt.id);
    expect(again.deadline_at).toBe(attempt.deadline_at);
    expect(again.remaining_seconds).toBeLessThanOrEqual(attempt.remaining_seconds);
    expect(again.answers).toEqual({
      [String(one!.id)]: rightAnswer(one!),
      [String(two!.id)]: rightAnswer(two!),
    });

    // And the learner finishes on the new process.
    for (const question of again.questions.slice(2)) {
      await on(restarted, learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${question.id}`, {
        answer: rightAnswer(question),
      });
    }
    const submitted = await on(restarted, learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = await on(restarted, learner, "GET", `/api/iu/quiz-attempts/${attempt.id}/result`);
    expect(result.json()).toMatchObject({ passed: true });
  });
});
