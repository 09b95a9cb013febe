/**
 * Time for those who need it (WCAG 2.2.1): a user manager's accommodation (extra
 * time on every timed attempt, untimed practice quizzes), applied by the server's clock and audited;
 * untimed practice quizzes by the author's choice; "more time" in a practice quiz.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { auditLog, quizAttempts } from "../db/schema/index";
import {
  buildQuizCourse,
  enrolAndComplete,
  enrolAndWatch,
  giveExamAccess,
  type QuizCourse,
  rightAnswer,
} from "./quizzes.fixtures";

let t: TestApp;
let course: QuizCourse;
let manager: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  course = await buildQuizCourse(t, { timeLimitSeconds: 600 });
  manager = await buildAdmin(t, ["isUserManager"]);
});
afterAll(() => t.close());

const call = (
  user: BuiltUser,
  method: "GET" | "POST" | "PUT" | "PATCH",
  url: string,
  payload?: unknown,
  lang = "1",
) =>
  t.app.inject({
    method,
    url,
    headers: { ...user.auth, "x-language-id": lang },
    ...(payload ? { payload } : {}),
  });

const lectureQuiz = () => `/api/iu/lectures/${course.lectureIds[0]}/quiz`;
const seconds = (a: { started_at: string; deadline_at: string }) =>
  (Date.parse(a.deadline_at) - Date.parse(a.started_at)) / 1000;

/** Time passes for one attempt: its start and deadline move back by `by` seconds. */
const timePasses = (attemptId: number, by: number) =>
  t.deps.db
    .update(quizAttempts)
    .set({
      startedAt: sql`${quizAttempts.startedAt} - make_interval(secs => ${by})`,
      deadlineAt: sql`${quizAttempts.deadlineAt} - make_interval(secs => ${by})`,
    })
    .where(eq(quizAttempts.id, attemptId));

describe("granting an accommodation", () => {
  it("is for user managers, checked, translated and recorded in the audit log", async () => {
    const learner = await buildLearner(t);
    const url = `/api/af/users/${learner.id}/accommodation`;
    const other = await buildAdmin(t, ["isCourseManager"]);
    expect(
      (await call(other, "PUT", url, { time_factor_percent: 150, practice_untimed: false })).statusCode,
    ).toBe(403);
    expect((await call(learner, "GET", url)).statusCode).toBe(403);

    const none = await call(manager, "GET", url);
    expect(none.json().data).toMatchObject({
      time_factor_percent: 100,
      practice_untimed: false,
      updated_at: null,
    });
    const wrong = await call(manager, "PUT", url, { time_factor_percent: 130, practice_untimed: false }, "2");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).not.toMatch(/validation\./);
    const notLearner = await call(manager, "PUT", `/api/af/users/${other.id}/accommodation`, {
      time_factor_percent: 150,
      practice_untimed: false,
    });
    expect(notLearner.statusCode).toBe(409);
    expect(notLearner.json().message).toBe("Accommodations are for learner accounts");

    const saved = await call(manager, "PUT", url, { time_factor_percent: 150, practice_untimed: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: "Accessibility accommodation saved",
      data: { time_factor_percent: 150, practice_untimed: true },
    });
    expect((await call(manager, "GET", url)).json().data.time_factor_percent).toBe(150);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.accommodation"), eq(auditLog.entityId, String(learner.id))))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      actorId: manager.id,
      before: { timeFactorPercent: 100, practiceUntimed: false },
      after: { timeFactorPercent: 150, practiceUntimed: true },
    });
  });
});

describe("extra time on the server's clock", () => {
  it("extends a practice quiz's deadline, enforces the extended one, and refuses answers after it", async () => {
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    await call(manager, "PUT", `/api/af/users/${learner.id}/accommodation`, {
      time_factor_percent: 150,
      practice_untimed: false,
    });
    const instructions = (await call(learner, "GET", lectureQuiz())).json();
    expect(instructions).toMatchObject({ time_limit_seconds: 900, timed: true, time_factor_percent: 150 });

    const attempt = (await call(learner, "POST", `${lectureQuiz()}/attempt`)).json();
    expect(seconds(attempt)).toBe(900);
    expect(attempt).toMatchObject({ timed: true, time_limit_seconds: 900, time_factor_percent: 150 });
    const [first, second] = attempt.questions;

    // Eleven minutes later: past the quiz's 10, within the learner's 15; the answer is stored.
    await timePasses(attempt.id, 660);
    const inTime = await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${first.id}`, {
      answer: rightAnswer(first),
    });
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json().remaining_seconds).toBeGreaterThan(200);

    // Past the extended deadline: the save is refused and a submit is graded as at the deadline.
    await timePasses(attempt.id, 300);
    const late = await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${second.id}`, {
      answer: rightAnswer(second),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Quiz timer has expired");
    const submitted = (await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`)).json();
    expect(submitted).toMatchObject({ status: "expired", message: "Quiz timer has expired" });
    expect(submitted.questions[0].given).not.toBeNull();
    expect(submitted.questions[1].given).toBeNull();
  });

  it("applies to exams too, and lifts the limit of practice quizzes only", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    await call(manager, "PUT", `/api/af/users/${learner.id}/accommodation`, {
      time_factor_percent: 200,
      practice_untimed: true,
    });
    const practice = (await call(learner, "POST", `${lectureQuiz()}/attempt`)).json();
    expect(practice).toMatchObject({ timed: false, time_limit_seconds: 0, extensions_left: null });
    const exam = await call(learner, "POST", `/api/iu/course-modules/${course.moduleIds[0]}/quiz/attempt`);
    expect(exam.statusCode, exam.body).toBe(201);
    expect(seconds(exam.json())).toBe(1200);
    expect(exam.json()).toMatchObject({ timed: true, time_factor_percent: 200, extensions_left: null });
  });
});

describe("untimed practice quizzes and more time", () => {
  it("lets an author switch a practice quiz's limit off, never an exam's", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const exam = await call(author, "PATCH", `/api/af/quizzes/${course.moduleExamId}`, { timed: false }, "2");
    expect(exam.statusCode).toBe(422);
    expect(JSON.stringify(exam.json())).toContain("Los exámenes siempre tienen un tiempo límite");

    const untimed = await buildQuizCourse(t);
    const patched = await call(author, "PATCH", `/api/af/quizzes/${untimed.lectureQuizId}`, { timed: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call(author, "GET", `/api/af/quizzes/${untimed.lectureQuizId}`)).json().timed).toBe(false);
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, untimed);
    const url = `/api/iu/lectures/${untimed.lectureIds[0]}/quiz`;
    expect((await call(learner, "GET", url)).json()).toMatchObject({ timed: false, time_limit_seconds: 0 });
    const attempt = (await call(learner, "POST", `${url}/attempt`)).json();
    expect(attempt).toMatchObject({ timed: false, extensions_left: null });
    // Still open long after the quiz's limit would have ended it.
    await timePasses(attempt.id, 3_600);
    const [q] = attempt.questions;
    const saved = await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
      answer: rightAnswer(q),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("gives five more minutes in a timed practice quiz, three times, never in an exam", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    const attempt = (await call(learner, "POST", `${lectureQuiz()}/attempt`)).json();
    expect(attempt.extensions_left).toBe(3);
    let deadline = Date.parse(attempt.deadline_at);
    for (const left of [2, 1, 0]) {
      const more = await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/extend`);
      expect(more.statusCode, more.body).toBe(200);
      expect(Date.parse(more.json().deadline_at) - deadline).toBe(300_000);
      expect(more.json().extensions_left).toBe(left);
      deadline = Date.parse(more.json().deadline_at);
    }
    const fourth = await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/extend`, undefined, "2");
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toMatch(/^Solo se puede pedir más tiempo/);
    const someoneElse = await buildLearner(t);
    expect((await call(someoneElse, "POST", `/api/iu/quiz-attempts/${attempt.id}/extend`)).statusCode).toBe(
      404,
    );

    await giveExamAccess(t, learner.id, course.levelExamId);
    const exam = (
      await call(learner, "POST", `/api/iu/course-levels/${course.levelIds[0]}/quiz/attempt`)
    ).json();
    expect(exam.extensions_left).toBeNull();
    expect((await call(learner, "POST", `/api/iu/quiz-attempts/${exam.id}/extend`)).statusCode).toBe(409);

    // After the deadline no time is given back: the attempt is graded as it stood.
    const second = await buildLearner(t);
    await enrolAndWatch(t, second, course);
    const over = (await call(second, "POST", `${lectureQuiz()}/attempt`)).json();
    await timePasses(over.id, 700);
    const tooLate = await call(second, "POST", `/api/iu/quiz-attempts/${over.id}/extend`);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe("Quiz timer has expired");
  });
});
