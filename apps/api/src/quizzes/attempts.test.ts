import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  certificates,
  examPassEffects,
  examPasses,
  lectureProgress,
  notifications,
  quizAttempts,
} from "../db/schema/index";
import { timePasses } from "../learning/learning.fixtures";
import { applyPassEffects, sweepPassEffects } from "./attempts.effects";
import { readAttempt, storeGrade } from "./attempts.sql";
import {
  accessesOf,
  buildQuizCourse,
  enrolAndComplete,
  enrolAndWatch,
  giveExamAccess,
  type QuizCourse,
  rightAnswer,
  wrongAnswer,
} from "./quizzes.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (user: BuiltUser, method: "GET" | "POST" | "PUT", url: string, payload?: unknown, lang = "1") =>
  t.app.inject({
    method,
    url,
    headers: { ...user.auth, "x-language-id": lang },
    ...(payload ? { payload } : {}),
  });

type Attempt = {
  id: number;
  remaining_seconds: number;
  deadline_at: string;
  status: string;
  answers: Record<string, unknown>;
  questions: Array<{ id: number; type: string } & Record<string, never>>;
};

async function answerAll(user: BuiltUser, attempt: Attempt, pick: typeof rightAnswer) {
  for (const q of attempt.questions) {
    const res = await call(user, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
      answer: pick(q),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The question of a type in an attempt or result (each attempt has its own order). */
// biome-ignore lint/suspicious/noExplicitAny: a JSON payload of the API, read field by field
const ofType = (questions: any[], type: string) => questions.find((q) => q.type === type);

/** Anywhere in a JSON value, a key named like a correct answer. */
function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, found);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      found.add(k);
      keysOf(v, found);
    }
  return found;
}

describe("the lecture quiz", () => {
  let course: QuizCourse;
  let learner: BuiltUser;
  beforeAll(async () => {
    course = await buildQuizCourse(t);
    learner = await buildLearner(t);
  });

  it("opens only after the whole video was watched", async () => {
    const other = await buildLearner(t);
    await t.app.inject({ method: "GET", url: "/api/health" });
    const { enrol } = await import("../catalog/catalog.fixtures");
    await enrol(t, other.id, course.id);
    const lectureId = course.lectureIds[0];
    for (const res of [
      await call(other, "GET", `/api/iu/lectures/${lectureId}/quiz`),
      await call(other, "POST", `/api/iu/lectures/${lectureId}/quiz/attempt`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Watch the video before the quiz");
    }
    const es = await call(other, "POST", `/api/iu/lectures/${lectureId}/quiz/attempt`, undefined, "2");
    expect(es.json().message).not.toBe("Watch the video before the quiz");
    const stranger = await buildLearner(t);
    expect((await call(stranger, "GET", `/api/iu/lectures/${lectureId}/quiz`)).statusCode).toBe(403);
  });

  it("stays closed after a scripted 'whole video' report, and opens after genuine watching", async () => {
    const viewer = await buildLearner(t);
    const { enrol } = await import("../catalog/catalog.fixtures");
    await enrol(t, viewer.id, course.id);
    const lectureId = course.lectureIds[0]!;
    const start = () => call(viewer, "POST", `/api/iu/lectures/${lectureId}/quiz/attempt`);
    const report = () =>
      call(viewer, "PUT", `/api/iu/lectures/${lectureId}/progress`, { ranges: [[0, 20]], position: 20 });
    expect((await call(viewer, "GET", `/api/iu/lectures/${lectureId}`)).statusCode).toBe(200);
    expect((await report()).json()).toMatchObject({ video_watched: false, can_take_quiz: false });
    expect((await start()).statusCode).toBe(403);
    // 10 s of real time at 2x covers the 20-second video.
    await timePasses(t, viewer.id, lectureId, 10);
    expect((await report()).json()).toMatchObject({ video_watched: true, can_take_quiz: true });
    expect((await start()).statusCode).toBe(201);
  });

  it("shows the instructions: limit, questions, pass mark, unlimited attempts", async () => {
    await enrolAndWatch(t, learner, course);
    const res = await call(learner, "GET", `/api/iu/lectures/${course.lectureIds[0]}/quiz`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      quiz_id: course.lectureQuizId,
      kind: "lecture",
      time_limit_seconds: 600,
      question_count: 4,
      pass_mark_percent: 75,
      is_paid: false,
      attempts_left: null,
      can_start: true,
      in_progress: null,
      last_result: null,
      purchase: null,
    });
  });

  it("never sends a correct answer before submission, and resumes with the saved answers and the same deadline", async () => {
    const started = await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`);
    expect(started.statusCode, started.body).toBe(201);
    const attempt = started.json() as Attempt;
    // A free lecture quiz keeps the author's order (exams shuffle: exam-integrity.test.ts).
    expect(attempt.questions.map((q) => q.type)).toEqual([
      "single",
      "multiple",
      "missing_word",
      "word_linking",
    ]);
    expect(attempt.remaining_seconds).toBeGreaterThan(595);
    expect(keysOf(attempt)).not.toContain("correct");
    expect(started.body).not.toMatch(/correct|accepted|pairs|explanation/);

    const first = attempt.questions[0]!;
    const saved = await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${first.id}`, {
      answer: rightAnswer(first),
    });
    expect(saved.json()).toMatchObject({ answered_count: 1 });

    const resumed = await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`);
    expect(resumed.statusCode).toBe(200);
    const again = resumed.json() as Attempt & { resumed: boolean };
    expect(again.id).toBe(attempt.id);
    expect(again.resumed).toBe(true);
    expect(again.deadline_at).toBe(attempt.deadline_at);
    expect(again.answers[String(first.id)]).toEqual(rightAnswer(first));
    expect(again.remaining_seconds).toBeLessThanOrEqual(attempt.remaining_seconds);
    expect(again.questions).toEqual(attempt.questions);
    const read = (await call(learner, "GET", `/api/iu/quiz-attempts/${attempt.id}`)).json() as Attempt;
    expect(keysOf(read)).not.toContain("correct");
    expect(read.answers[String(first.id)]).toEqual(rightAnswer(first));

    const instructions = (await call(learner, "GET", `/api/iu/lectures/${course.lectureIds[0]}/quiz`)).json();
    expect(instructions.in_progress).toMatchObject({ attempt_id: attempt.id });
    expect((await call(learner, "GET", `/api/iu/quiz-attempts/${attempt.id}/result`)).statusCode).toBe(409);
  });

  it("refuses answers that do not fit the question", async () => {
    const attempt = (
      await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`)
    ).json() as Attempt;
    const single = ofType(attempt.questions, "single");
    const multiple = ofType(attempt.questions, "multiple");
    const wrongType = await call(
      learner,
      "PUT",
      `/api/iu/quiz-attempts/${attempt.id}/answers/${single!.id}`,
      {
        answer: { type: "multiple", option_ids: [] },
      },
    );
    expect(wrongType.statusCode).toBe(422);
    const tooMany = await call(
      learner,
      "PUT",
      `/api/iu/quiz-attempts/${attempt.id}/answers/${multiple!.id}`,
      {
        answer: {
          type: "multiple",
          option_ids: (multiple as unknown as { options: Array<{ id: string }> }).options
            .slice(0, 3)
            .map((o) => o.id),
        },
      },
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.answer).toEqual(["Choose at most 2 answers"]);
    const other = await buildLearner(t);
    expect((await call(other, "GET", `/api/iu/quiz-attempts/${attempt.id}`)).statusCode).toBe(404);
  });

  it("fails, then passes on a retake, marks the lecture quiz passed and unlocks the next lecture", async () => {
    const attempt = (
      await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`)
    ).json() as Attempt;
    await answerAll(learner, attempt, wrongAnswer);
    const failed = await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`);
    expect(failed.statusCode, failed.body).toBe(200);
    const result = failed.json();
    expect(result).toMatchObject({
      status: "submitted",
      passed: false,
      score_percent: 0,
      message: null,
      can_retake: true,
    });
    expect(result.next_step).toMatchObject({ kind: "retake", lecture_id: course.lectureIds[0] });
    // A free lecture quiz shows its answers and explanations ("always", its default).
    expect(result).toMatchObject({ answers_shown: true, answers_note: null });
    expect(ofType(result.questions, "single")).toMatchObject({
      correct: false,
      points: 0,
      explanation: "B it is",
    });
    expect(ofType(result.questions, "missing_word").parts).toEqual([
      { id: "1", correct: false },
      { id: "2", correct: false },
    ]);
    let states = (await call(learner, "GET", `/api/iu/courses/${course.id}`)).json();
    const stateOf = (s: typeof states, id: number) =>
      s.levels[0].modules[0].lectures.find((l: { id: number }) => l.id === id).state;
    expect(stateOf(states, course.lectureIds[1]!)).toBe("locked");

    const retake = (
      await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`)
    ).json() as Attempt;
    expect(retake.id).not.toBe(attempt.id);
    expect(retake.answers).toEqual({});
    await answerAll(learner, retake, rightAnswer);
    const passed = (await call(learner, "POST", `/api/iu/quiz-attempts/${retake.id}/submit`)).json();
    expect(passed).toMatchObject({ passed: true, score_percent: 100, correct_count: 4 });
    expect(passed.next_step).toMatchObject({ kind: "lecture", lecture_id: course.lectureIds[1] });
    expect(ofType(passed.questions, "multiple").correct_answer.answer.type).toBe("multiple");

    const [progress] = await t.deps.db
      .select()
      .from(lectureProgress)
      .where(
        and(eq(lectureProgress.userId, learner.id), eq(lectureProgress.lectureId, course.lectureIds[0]!)),
      );
    expect(progress?.quizPassedAt).not.toBeNull();
    expect(progress?.completedAt).not.toBeNull();
    states = (await call(learner, "GET", `/api/iu/courses/${course.id}`)).json();
    expect(stateOf(states, course.lectureIds[0]!)).toBe("quiz_passed");
    expect(stateOf(states, course.lectureIds[1]!)).toBe("to_start");

    // Submitting again changes nothing and answers the same result.
    const twice = (await call(learner, "POST", `/api/iu/quiz-attempts/${retake.id}/submit`)).json();
    expect(twice.submitted_at).toBe(passed.submitted_at);
    const instructions = (await call(learner, "GET", `/api/iu/lectures/${course.lectureIds[0]}/quiz`)).json();
    expect(instructions).toMatchObject({
      passed: true,
      last_result: { attempt_id: retake.id, passed: true },
    });
  });
});

describe("the server-owned deadline", () => {
  let course: QuizCourse;
  beforeAll(async () => {
    course = await buildQuizCourse(t);
  });

  it("grades a late submit as at the deadline: answers after it are refused and never count", async () => {
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    const attempt = (
      await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`)
    ).json() as Attempt;
    const [first, second] = attempt.questions;
    await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${first!.id}`, {
      answer: rightAnswer(first!),
    });
    const deadline = new Date(Date.now() - 5_000);
    await t.deps.db.update(quizAttempts).set({ deadlineAt: deadline }).where(eq(quizAttempts.id, attempt.id));

    const late = await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${second!.id}`, {
      answer: rightAnswer(second!),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Quiz timer has expired");
    const lateEs = await call(
      learner,
      "PUT",
      `/api/iu/quiz-attempts/${attempt.id}/answers/${second!.id}`,
      { answer: rightAnswer(second!) },
      "2",
    );
    expect(lateEs.json().message).toBe("El tiempo del cuestionario ha terminado");

    const submitted = await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`);
    expect(submitted.statusCode).toBe(200);
    const result = submitted.json();
    expect(result).toMatchObject({
      status: "expired",
      message: "Quiz timer has expired",
      score_percent: 25,
      passed: false,
    });
    expect(result.submitted_at).toBe(deadline.toISOString());
    expect(result.questions.map((q: { correct: boolean }) => q.correct)).toEqual([true, false, false, false]);
    expect(result.questions[1].given).toBeNull();
  });

  it("submits at the deadline without the browser: the job, and any read of an overdue attempt", async () => {
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    const attempt = (
      await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`)
    ).json() as Attempt;
    // The job sent at start ran (inline in tests) before the deadline: it changed nothing.
    const [running] = await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(running?.status).toBe("in_progress");
    await answerAll(learner, attempt, rightAnswer);
    await t.deps.db
      .update(quizAttempts)
      .set({ deadlineAt: new Date(Date.now() - 1_000) })
      .where(eq(quizAttempts.id, attempt.id));
    await t.deps.jobs.send("quiz.expire-due", { at: Math.floor(Date.now() / 1000) });
    const [graded] = await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(graded).toMatchObject({ status: "expired", passed: true, scorePercent: 100 });

    const other = await buildLearner(t);
    await enrolAndWatch(t, other, course);
    const second = (
      await call(other, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`)
    ).json() as Attempt;
    await t.deps.db
      .update(quizAttempts)
      .set({ deadlineAt: new Date(Date.now() - 1_000) })
      .where(eq(quizAttempts.id, second.id));
    const read = (await call(other, "GET", `/api/iu/quiz-attempts/${second.id}`)).json();
    expect(read).toMatchObject({ status: "expired", remaining_seconds: 0 });
    const result = (await call(other, "GET", `/api/iu/quiz-attempts/${second.id}/result`)).json();
    expect(result).toMatchObject({ status: "expired", score_percent: 0, passed: false });
    expect(result.questions.every((q: { correct: boolean }) => !q.correct)).toBe(true);
    // A new start after an expired attempt is a new attempt.
    const next = await call(other, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`);
    expect(next.statusCode).toBe(201);
  });

  it("grades every attempt past its deadline when the per-second deadline job runs", async () => {
    const learners = [await buildLearner(t), await buildLearner(t)];
    const attempts: Attempt[] = [];
    for (const learner of learners) {
      await enrolAndWatch(t, learner, course);
      const attempt = (
        await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`)
      ).json() as Attempt;
      await answerAll(learner, attempt, rightAnswer);
      attempts.push(attempt);
    }
    await t.deps.db
      .update(quizAttempts)
      .set({ deadlineAt: new Date(Date.now() - 1_000) })
      .where(eq(quizAttempts.id, attempts[0]!.id));
    await t.deps.jobs.send("quiz.expire-due", { at: Math.floor(Date.now() / 1000) });
    const [due] = await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempts[0]!.id));
    expect(due).toMatchObject({ status: "expired", passed: true, scorePercent: 100 });
    const [running] = await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempts[1]!.id));
    expect(running?.status).toBe("in_progress");
  });
});

describe("paid exams", () => {
  let course: QuizCourse;
  beforeAll(async () => {
    course = await buildQuizCourse(t);
  });
  const modulePath = (c: QuizCourse) => `/api/iu/course-modules/${c.moduleIds[0]}/quiz`;

  it("asks to buy the exam without an exam access, with the cart item", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    const instructions = (await call(learner, "GET", modulePath(course))).json();
    expect(instructions).toMatchObject({
      is_paid: true,
      price_pence: 500,
      attempts_per_access: 2,
      attempts_left: 0,
      can_start: false,
      blocked_code: "buy_exam",
      purchase: {
        price_pence: 500,
        cart_item: {
          type: "exam_accesses",
          id: course.moduleExamId,
          price: 5,
          course_module_id: course.moduleIds[0],
        },
      },
    });
    const start = await call(learner, "POST", `${modulePath(course)}/attempt`);
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe("Buy this exam to take it. One purchase gives you two attempts.");
    const notEnrolled = await buildLearner(t);
    expect((await call(notEnrolled, "GET", modulePath(course))).statusCode).toBe(403);
  });

  it("makes exactly one attempt from five simultaneous starts, allows two per access, then refuses", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    const starts = await Promise.all(
      Array.from({ length: 5 }, () => call(learner, "POST", `${modulePath(course)}/attempt`)),
    );
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(starts.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.deps.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, learner.id), eq(quizAttempts.quizId, course.moduleExamId)));
    expect(rows).toHaveLength(1);
    expect((await accessesOf(t, learner.id, course.moduleExamId))[0]?.attemptsUsed).toBe(1);

    const first = starts[0]!.json() as Attempt;
    await answerAll(learner, first, wrongAnswer);
    const failed = (await call(learner, "POST", `/api/iu/quiz-attempts/${first.id}/submit`)).json();
    expect(failed).toMatchObject({
      passed: false,
      attempts_left: 1,
      can_retake: true,
      next_step: { kind: "retake" },
    });

    const seconds = await Promise.all(
      Array.from({ length: 5 }, () => call(learner, "POST", `${modulePath(course)}/attempt`)),
    );
    expect(new Set(seconds.map((r) => r.json().id)).size).toBe(1);
    const second = seconds[0]!.json() as Attempt;
    const failedAgain = (await call(learner, "POST", `/api/iu/quiz-attempts/${second.id}/submit`)).json();
    expect(failedAgain).toMatchObject({
      passed: false,
      attempts_left: 0,
      can_retake: false,
      next_step: { kind: "buy_exam_again" },
    });
    expect((await accessesOf(t, learner.id, course.moduleExamId))[0]?.attemptsUsed).toBe(2);

    const thirds = await Promise.all(
      Array.from({ length: 3 }, () => call(learner, "POST", `${modulePath(course)}/attempt`)),
    );
    for (const third of thirds) {
      expect(third.statusCode).toBe(409);
      expect(third.json().message).toBe(
        "You have used both attempts of this exam. Buy the exam again to try once more.",
      );
    }
    const instructions = (await call(learner, "GET", modulePath(course))).json();
    expect(instructions).toMatchObject({
      can_start: false,
      attempts_left: 0,
      blocked_code: "buy_exam_again",
    });
    expect(instructions.purchase.cart_item).toMatchObject({ type: "exam_accesses", id: course.moduleExamId });

    // Buying again gives two more attempts.
    await giveExamAccess(t, learner.id, course.moduleExamId);
    expect((await call(learner, "POST", `${modulePath(course)}/attempt`)).statusCode).toBe(201);
  });

  it("records a passed module exam once, congratulates the learner and points to the level exam", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    const attempt = (await call(learner, "POST", `${modulePath(course)}/attempt`)).json() as Attempt;
    await answerAll(learner, attempt, rightAnswer);
    const result = (await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`)).json();
    expect(result).toMatchObject({ passed: true, kind: "module" });
    expect(result.next_step).toMatchObject({ kind: "level_exam", level_id: course.levelIds[0] });
    const passes = await t.deps.db.select().from(examPasses).where(eq(examPasses.userId, learner.id));
    expect(passes).toEqual([
      expect.objectContaining({
        quizId: course.moduleExamId,
        kind: "module",
        attemptId: attempt.id,
        scorePercent: 100,
      }),
    ]);
    // Congratulations (type 5); the module's certificate sends its own notification (type 3).
    const congratulations = () =>
      t.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, learner.id), eq(notifications.type, 5)));
    const sent = await congratulations();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 5, title: { en: "Congratulations!", es: "¡Enhorabuena!" } });
    expect(sent[0]!.description.en).toContain("100%");

    // A second pass is not recorded again.
    const again = (await call(learner, "POST", `${modulePath(course)}/attempt`)).json() as Attempt;
    await answerAll(learner, again, rightAnswer);
    await call(learner, "POST", `/api/iu/quiz-attempts/${again.id}/submit`);
    expect(await t.deps.db.select().from(examPasses).where(eq(examPasses.userId, learner.id))).toHaveLength(
      1,
    );
    expect(await congratulations()).toHaveLength(1);

    // Passed, both attempts used: nothing is offered for sale, the page says the exam is done.
    const instructions = (await call(learner, "GET", modulePath(course))).json();
    expect(instructions).toMatchObject({
      passed: true,
      can_start: false,
      attempts_left: 0,
      purchase: null,
      blocked_reason: "You passed this exam. Both attempts are used, and there is nothing more to take.",
    });
  });
});

describe("grading under concurrency", () => {
  let course: QuizCourse;
  beforeAll(async () => {
    course = await buildQuizCourse(t);
  });
  const modulePath = (c: QuizCourse) => `/api/iu/course-modules/${c.moduleIds[0]}/quiz`;

  it("never stores a grade computed before an answer saved since (row version)", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    const attempt = (await call(learner, "POST", `${modulePath(course)}/attempt`)).json() as Attempt;
    const stale = await readAttempt(t.deps.db, attempt.id, learner.id);
    expect(stale?.row.status).toBe("in_progress");
    const [first] = attempt.questions;
    const saved = await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${first!.id}`, {
      answer: rightAnswer(first!),
    });
    expect(saved.statusCode).toBe(200);
    const now = new Date();
    const refused = await storeGrade(
      t.deps.db,
      attempt.id,
      stale!.version,
      {
        status: "submitted",
        submittedAt: now,
        scorePercent: 0,
        points: 0,
        maxPoints: attempt.questions.length,
        passed: false,
        results: {},
        updatedAt: now,
      },
      0,
    );
    expect(refused).toBeNull();
    const result = (await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`)).json();
    expect(result.questions[0]).toMatchObject({ correct: true });
    expect(result.attempts_left).toBe(1);
  });

  it("grades once from simultaneous submits and answer saves: one pass, one congratulations", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    const attempt = (await call(learner, "POST", `${modulePath(course)}/attempt`)).json() as Attempt;
    const [last, ...others] = [...attempt.questions].reverse();
    for (const q of others)
      await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
        answer: rightAnswer(q),
      });
    const [save, ...submits] = await Promise.all([
      call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${last!.id}`, {
        answer: rightAnswer(last!),
      }),
      ...Array.from({ length: 4 }, () => call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`)),
    ]);
    const results = submits.map((r) => r.json());
    for (const r of results) expect(r.status).toBe("submitted");
    // Every answer reports the one stored grade, which counts the last answer only if it was saved.
    const [stored] = await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    for (const r of results) expect(r.score_percent).toBe(stored!.scorePercent);
    expect(stored!.answers[String(last!.id)] !== undefined).toBe(save!.statusCode === 200);
    expect(stored!.results?.[String(last!.id)]?.correct).toBe(save!.statusCode === 200);
    const passes = await t.deps.db.select().from(examPasses).where(eq(examPasses.userId, learner.id));
    expect(passes).toHaveLength(stored!.passed ? 1 : 0);
    const congratulations = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, learner.id), eq(notifications.type, 5)));
    expect(congratulations).toHaveLength(stored!.passed ? 1 : 0);
  });

  it("applies a first pass's queued congratulations once, by the job or by the sweep when the job was lost", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    const attempt = (await call(learner, "POST", `${modulePath(course)}/attempt`)).json() as Attempt;
    await answerAll(learner, attempt, rightAnswer);
    expect((await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`)).json().passed).toBe(
      true,
    );
    const congratulations = () =>
      t.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, learner.id), eq(notifications.type, 5)));
    // The job (inline in tests) applied them before the answer, and emptied the queue.
    expect(await congratulations()).toHaveLength(1);
    const queued = () =>
      t.deps.db.select().from(examPassEffects).where(eq(examPassEffects.userId, learner.id));
    expect(await queued()).toHaveLength(0);

    // A lost job: the queued row stays; the sweep applies it (once, even racing a late job).
    await t.deps.db.insert(examPassEffects).values({
      userId: learner.id,
      quizId: course.moduleExamId,
      scorePercent: 100,
      createdAt: new Date(Date.now() - 120_000),
    });
    const [swept, late] = await Promise.all([
      sweepPassEffects(t.deps),
      applyPassEffects(t.deps, learner.id, course.moduleExamId),
    ]);
    expect(swept + (late ? 1 : 0)).toBe(1);
    expect(await congratulations()).toHaveLength(2);
    expect(await queued()).toHaveLength(0);
    expect(await applyPassEffects(t.deps, learner.id, course.moduleExamId)).toBe(false);
  });

  /** A learner's graded first pass of the module exam whose effects wait in the queue (the job was lost). */
  async function queueFirstPass(learner: BuiltUser) {
    const passedAt = new Date(Date.now() - 120_000);
    await enrolAndWatch(t, learner, course);
    const [attempt] = await t.deps.db
      .insert(quizAttempts)
      .values({
        userId: learner.id,
        quizId: course.moduleExamId,
        questionIds: [],
        startedAt: passedAt,
        deadlineAt: passedAt,
        submittedAt: passedAt,
        status: "submitted",
        scorePercent: 90,
        passed: true,
      })
      .returning({ id: quizAttempts.id });
    await t.deps.db.insert(examPasses).values({
      userId: learner.id,
      quizId: course.moduleExamId,
      attemptId: attempt!.id,
      kind: "module",
      courseId: course.id,
      moduleId: course.moduleIds[0]!,
      levelId: course.levelIds[0]!,
      scorePercent: 90,
      passedAt,
    });
    await t.deps.db
      .insert(examPassEffects)
      .values({ userId: learner.id, quizId: course.moduleExamId, scorePercent: 90, createdAt: passedAt });
  }

  it("applies a batch of queued passes at once: each learner congratulated and certified once", async () => {
    const learners = [await buildLearner(t), await buildLearner(t), await buildLearner(t)];
    for (const learner of learners) await queueFirstPass(learner);
    expect(await sweepPassEffects(t.deps)).toBe(3);
    for (const learner of learners) {
      const received = await t.deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, learner.id));
      expect(received.map((n) => n.type).sort()).toEqual([3, 5]);
      const congratulation = received.find((n) => n.type === 5)!;
      expect(congratulation.description.en).toContain("90");
      const issued = await t.deps.db.select().from(certificates).where(eq(certificates.userId, learner.id));
      expect(issued).toMatchObject([{ kind: "module", itemId: course.moduleIds[0] }]);
      const notice = received.find((n) => n.type === 3)!;
      expect(notice.action).toMatchObject({ redirect: { id: issued[0]!.id, courseId: course.id } });
    }
    // Nothing is left to apply, and nothing is applied twice.
    expect(await sweepPassEffects(t.deps)).toBe(0);
    for (const learner of learners)
      expect(
        await t.deps.db.select().from(notifications).where(eq(notifications.userId, learner.id)),
      ).toHaveLength(2);
  });

  it("applies the others when one queued pass fails, and keeps the failing one queued", async () => {
    const [failing, other] = [await buildLearner(t), await buildLearner(t)];
    await queueFirstPass(failing);
    await queueFirstPass(other);
    // Issuing this learner's certificate fails (as a broken row would): the batch rolls back.
    await t.deps.db.execute(
      sql.raw(`
      CREATE FUNCTION refuse_certificate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse_certificate BEFORE INSERT ON certificates
      FOR EACH ROW WHEN (NEW.user_id = ${failing.id}) EXECUTE FUNCTION refuse_certificate();`),
    );
    try {
      expect(await sweepPassEffects(t.deps)).toBe(1);
    } finally {
      await t.deps.db.execute(sql.raw("DROP TRIGGER refuse_certificate ON certificates"));
    }
    const congratulated = async (learner: BuiltUser) =>
      (
        await t.deps.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, learner.id), eq(notifications.type, 5)))
      ).length;
    expect(await congratulated(other)).toBe(1);
    expect(await congratulated(failing)).toBe(0);
    expect(
      await t.deps.db.select().from(examPassEffects).where(eq(examPassEffects.userId, failing.id)),
    ).toHaveLength(1);
    // Once the cause is gone, the next sweep applies it.
    expect(await sweepPassEffects(t.deps)).toBe(1);
    expect(await congratulated(failing)).toBe(1);
  });
});
