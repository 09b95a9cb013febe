import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { quizAttempts } from "../db/schema/index";
import { LEARNING_SECONDS_PER_QUESTION } from "./attempts.learning";
import {
  buildQuizCourse,
  enrolAndComplete,
  enrolAndWatch,
  giveExamAccess,
  type QuizCourse,
  rightAnswer,
  wrongAnswer,
} from "./quizzes.fixtures";

let t: TestApp;
let course: QuizCourse;
beforeAll(async () => {
  t = await createTestApp();
  course = await buildQuizCourse(t);
});
afterAll(() => t.close());

const call = (user: BuiltUser, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload: payload as object } : {}) });

type Attempt = { id: number; questions: Array<{ id: number; type: string } & Record<string, never>> };

/** This week's learning minutes, as the dashboard reads them. */
async function weekMinutes(user: BuiltUser): Promise<number> {
  const res = await call(user, "GET", "/api/iu/learning/week");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().week_minutes;
}

async function start(user: BuiltUser, url = `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`) {
  const res = await call(user, "POST", url);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Attempt;
}

async function answer(user: BuiltUser, attempt: Attempt, pick: typeof rightAnswer, count = Infinity) {
  for (const q of attempt.questions.slice(0, count)) {
    const res = await call(user, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
      answer: pick(q),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/**
 * The attempt as if started `minutes` ago (the server's clock is the only one that counts, so the
 * test moves the stored start), with its deadline still ahead unless told otherwise.
 */
async function startedAgo(
  attemptId: number,
  minutes: number,
  rest: Partial<typeof quizAttempts.$inferInsert> = {},
) {
  const startedAt = new Date(Date.now() - minutes * 60_000);
  await t.deps.db
    .update(quizAttempts)
    .set({ startedAt, deadlineAt: new Date(Date.now() + 60 * 60_000), ...rest })
    .where(eq(quizAttempts.id, attemptId));
  return startedAt;
}

const submit = (user: BuiltUser, attempt: Attempt) =>
  call(user, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`);

describe("quiz time counts as learning time", () => {
  it("adds the minutes from start to submit of a failed attempt, once", async () => {
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    const attempt = await start(learner);
    await answer(learner, attempt, wrongAnswer);
    await startedAgo(attempt.id, 4);
    expect((await submit(learner, attempt)).json()).toMatchObject({ passed: false });
    expect(await weekMinutes(learner)).toBe(4);
    // Submitting again, reading the result and the deadline's job add nothing.
    expect((await submit(learner, attempt)).statusCode).toBe(200);
    await call(learner, "GET", `/api/iu/quiz-attempts/${attempt.id}/result`);
    await t.deps.jobs.send("quiz.expire-due", { at: Math.floor(Date.now() / 1000) });
    expect(await weekMinutes(learner)).toBe(4);
  });

  it("adds a passed lecture quiz's minutes with its progress, beside the video time", async () => {
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    const before = await weekMinutes(learner);
    const attempt = await start(learner);
    await answer(learner, attempt, rightAnswer);
    await startedAgo(attempt.id, 3);
    expect((await submit(learner, attempt)).json()).toMatchObject({ passed: true });
    expect(await weekMinutes(learner)).toBe(before + 3);
  });

  it("adds an exam's minutes once when the learner submits from several tabs at once", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    const before = await weekMinutes(learner);
    const attempt = await start(learner, `/api/iu/course-modules/${course.moduleIds[0]}/quiz/attempt`);
    await answer(learner, attempt, rightAnswer);
    await startedAgo(attempt.id, 6);
    const submits = await Promise.all(Array.from({ length: 4 }, () => submit(learner, attempt)));
    for (const res of submits) expect(res.statusCode, res.body).toBe(200);
    expect(await weekMinutes(learner)).toBe(before + 6);
  });

  it("caps an attempt left open for hours at five minutes a question", async () => {
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    const attempt = await start(learner);
    await answer(learner, attempt, wrongAnswer);
    await startedAgo(attempt.id, 180);
    await submit(learner, attempt);
    const cap = (attempt.questions.length * LEARNING_SECONDS_PER_QUESTION) / 60;
    expect(cap).toBeLessThan(180);
    expect(await weekMinutes(learner)).toBe(cap);
  });

  it("counts an abandoned attempt graded at its deadline only up to its last answer", async () => {
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    const attempt = await start(learner);
    await answer(learner, attempt, rightAnswer, 1);
    // Started 30 minutes ago, last answer saved 7 minutes after the start, then the learner left.
    const startedAt = await startedAgo(attempt.id, 30, {
      updatedAt: new Date(Date.now() - 23 * 60_000),
      deadlineAt: new Date(Date.now() - 1_000),
    });
    await t.deps.jobs.send("quiz.expire-due", { at: Math.floor(Date.now() / 1000) });
    const [graded] = await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(graded?.status).toBe("expired");
    expect(graded?.startedAt.getTime()).toBe(startedAt.getTime());
    // The job again and the learner's late read grade nothing more.
    await t.deps.jobs.send("quiz.expire-due", { at: Math.floor(Date.now() / 1000) });
    expect((await call(learner, "GET", `/api/iu/quiz-attempts/${attempt.id}`)).json().status).toBe("expired");
    expect(await weekMinutes(learner)).toBe(7);
  });
});
