/**
 * Exams that test knowledge: results hide the correct answers while attempts are
 * ahead (per the quiz's setting), every attempt draws and orders its own questions and options, and
 * an exam that the title page shows locked cannot be started by any route.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { quizAttempts } from "../db/schema/index";
import { drawQuestions } from "./attempts.draw";
import { addQuestion, updateQuiz } from "./authoring.service";
import {
  accessesOf,
  buildQuizCourse,
  completeLectures,
  enrolAndComplete,
  enrolAndWatch,
  giveExamAccess,
  type QuizCourse,
  rightAnswer,
  wrongAnswer,
} from "./quizzes.fixtures";

let t: TestApp;
let course: QuizCourse;
let author: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  course = await buildQuizCourse(t);
  author = await buildAdmin(t, ["isCourseManager"]);
});
afterAll(() => t.close());

type Question = { id: number; type: string; options?: Array<{ id: string; text: string }> };
type Attempt = { id: number; questions: Question[] };

const call = (user: BuiltUser, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload !== undefined ? { payload } : {}) });
const moduleQuiz = (c: QuizCourse) => `/api/iu/course-modules/${c.moduleIds[0]}/quiz`;

async function takeAttempt(user: BuiltUser, path: string, pick: typeof rightAnswer) {
  const started = await call(user, "POST", `${path}/attempt`);
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json() as Attempt;
  for (const q of attempt.questions) {
    const saved = await call(user, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
      answer: pick(q),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const submitted = await call(user, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { attempt, result: submitted.json() };
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, found);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      found.add(k);
      keysOf(v, found);
    }
  return found;
}

/** A result (or any payload) that tells nothing about the right answers beyond right/wrong. */
function expectNoAnswers(body: { questions: Array<Record<string, unknown>> }) {
  for (const q of body.questions) {
    expect(q.correct_answer ?? null).toBeNull();
    expect(q.explanation ?? null).toBeNull();
  }
  const keys = keysOf(body);
  for (const key of ["parts", "accepted", "pairs"]) expect(keys.has(key), key).toBe(false);
  // The sample explanations and the typed gap's accepted word are nowhere.
  expect(JSON.stringify(body)).not.toMatch(/B it is|Sky, blue|One is uno|"blue"/);
}

describe("correct answers of a paid exam", () => {
  it("are hidden after attempt 1 of 2 (result, review, attempt), shown after the last, hidden again once bought again", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);

    const first = await takeAttempt(learner, moduleQuiz(course), wrongAnswer);
    expect(first.result).toMatchObject({
      passed: false,
      attempts_left: 1,
      answers_shown: false,
      answers_note: "The correct answers are shown after your last attempt.",
    });
    // Which questions were wrong is shown.
    expect(first.result.questions.map((q: { correct: boolean }) => q.correct)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expectNoAnswers(first.result);
    const review = await call(learner, "GET", `/api/iu/quiz-attempts/${first.attempt.id}/result`);
    expect(review.statusCode).toBe(200);
    expectNoAnswers(review.json());
    const reread = (await call(learner, "GET", `/api/iu/quiz-attempts/${first.attempt.id}`)).json();
    expect(keysOf(reread).has("correct_answer")).toBe(false);
    expect(JSON.stringify(reread)).not.toMatch(/B it is|"correct"|"accepted"/);
    const spanish = await t.app.inject({
      url: `/api/iu/quiz-attempts/${first.attempt.id}/result`,
      headers: { ...learner.auth, "x-language-id": "2" },
    });
    expect(spanish.json().answers_note).toBe(
      "Las respuestas correctas se muestran después de tu último intento.",
    );

    // The last attempt: now the answers (of every attempt) are shown.
    const second = await takeAttempt(learner, moduleQuiz(course), wrongAnswer);
    expect(second.result).toMatchObject({ attempts_left: 0, answers_shown: true, answers_note: null });
    const single = second.result.questions.find((q: { type: string }) => q.type === "single");
    const rightB = single.options.find((o: { text: string }) => o.text === "B").id;
    expect(single).toMatchObject({
      correct_answer: { answer: { option_id: rightB } },
      explanation: "B it is",
    });
    const firstAgain = (
      await call(learner, "GET", `/api/iu/quiz-attempts/${first.attempt.id}/result`)
    ).json();
    expect(firstAgain.answers_shown).toBe(true);

    // Bought again: two attempts ahead, so hidden again.
    await giveExamAccess(t, learner.id, course.moduleExamId);
    const later = (await call(learner, "GET", `/api/iu/quiz-attempts/${second.attempt.id}/result`)).json();
    expect(later.answers_shown).toBe(false);
    expectNoAnswers(later);
  });

  it("follows the author's setting: after passing, never, always", async () => {
    const own = await buildQuizCourse(t);
    const setTo = async (mode: string) => {
      const res = await call(author, "PATCH", `/api/af/quizzes/${own.moduleExamId}`, {
        show_correct_answers: mode,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setTo("after_passing");
    const passer = await buildLearner(t);
    const failer = await buildLearner(t);
    for (const learner of [passer, failer]) {
      await enrolAndComplete(t, learner, own);
      await giveExamAccess(t, learner.id, own.moduleExamId);
    }
    const passed = await takeAttempt(passer, moduleQuiz(own), rightAnswer);
    expect(passed.result).toMatchObject({ passed: true, attempts_left: 1, answers_shown: true });
    const failed = await takeAttempt(failer, moduleQuiz(own), wrongAnswer);
    expect(failed.result).toMatchObject({
      answers_shown: false,
      answers_note: "The correct answers are shown once you pass this quiz.",
    });
    expectNoAnswers(failed.result);

    await setTo("never");
    const last = await takeAttempt(failer, moduleQuiz(own), wrongAnswer);
    expect(last.result).toMatchObject({ attempts_left: 0, answers_shown: false });
    expectNoAnswers(last.result);

    await setTo("always");
    const shown = (await call(failer, "GET", `/api/iu/quiz-attempts/${last.attempt.id}/result`)).json();
    expect(shown.answers_shown).toBe(true);
  });
});

describe("the reveal setting", () => {
  it("defaults to 'always' for lecture quizzes and 'after the last attempt' for exams, and is validated", async () => {
    const own = await buildQuizCourse(t);
    const read = async (id: number) => (await call(author, "GET", `/api/af/quizzes/${id}`)).json();
    expect(await read(own.lectureQuizId)).toMatchObject({
      show_correct_answers: "always",
      questions_per_attempt: null,
    });
    expect(await read(own.levelExamId)).toMatchObject({ show_correct_answers: "after_last_attempt" });

    const patch = (payload: object) => call(author, "PATCH", `/api/af/quizzes/${own.levelExamId}`, payload);
    const bad = await patch({ show_correct_answers: "sometimes" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.show_correct_answers).toEqual(["Choose one of the listed values"]);
    for (const questions_per_attempt of [0, -3, 2.5, "10", true, 201]) {
      const res = await patch({ questions_per_attempt });
      expect(res.statusCode, String(questions_per_attempt)).toBe(422);
      expect(res.json().errors).toHaveProperty("questions_per_attempt");
    }
    expect((await patch({ questions_per_attempt: 3, show_correct_answers: "never" })).statusCode).toBe(200);
    expect(await read(own.levelExamId)).toMatchObject({
      show_correct_answers: "never",
      questions_per_attempt: 3,
    });
    expect((await patch({ questions_per_attempt: null })).statusCode).toBe(200);
    expect((await read(own.levelExamId)).questions_per_attempt).toBeNull();
  });
});

describe("each attempt draws its own questions and order", () => {
  it("draws 10 of 25 questions in a new order each attempt, options shuffled, the same on reload, graded by ids", async () => {
    const own = await buildQuizCourse(t);
    const db = t.deps.db;
    const quizId = own.moduleExamId;
    // Its 4 sample questions and 21 more: a pool of 25, of which each attempt draws 10.
    for (let n = 1; n <= 21; n++)
      await addQuestion(db, quizId, {
        type: "single",
        text_en: `Question ${n}: pick B`,
        text_es: `Pregunta ${n}: elige B`,
        explanation_en: "",
        explanation_es: "",
        options: ["A", "B", "C", "D"].map((x) => ({ text_en: x, text_es: x, correct: x === "B" })),
      });
    await updateQuiz(db, quizId, { questions_per_attempt: 10, status: "published" });

    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, own);
    await giveExamAccess(t, learner.id, quizId);
    await giveExamAccess(t, learner.id, quizId);
    const instructions = (await call(learner, "GET", moduleQuiz(own))).json();
    expect(instructions.question_count).toBe(10);

    const attempts: Attempt[] = [];
    for (let round = 0; round < 4; round++) {
      const started = await call(learner, "POST", `${moduleQuiz(own)}/attempt`);
      expect(started.statusCode, started.body).toBe(201);
      const attempt = started.json() as Attempt;
      expect(attempt.questions).toHaveLength(10);
      expect(new Set(attempt.questions.map((q) => q.id)).size).toBe(10);
      // A reload shows the same questions, options and order.
      const reload = (await call(learner, "GET", `/api/iu/quiz-attempts/${attempt.id}`)).json() as Attempt;
      expect(reload.questions).toEqual(attempt.questions);
      // Answered by option ids (whatever their position): every answer counts.
      for (const q of attempt.questions) {
        const choice = rightAnswer(q);
        expect(
          (
            await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
              answer: choice,
            })
          ).statusCode,
        ).toBe(200);
      }
      const result = (await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`)).json();
      expect(result).toMatchObject({ score_percent: 100, question_count: 10, max_points: 10 });
      attempts.push(attempt);
    }
    // 25 questions, 10 drawn: two attempts with the same ordered draw have odds of 1 in 1.1e13.
    const orders = attempts.map((a) => a.questions.map((q) => q.id).join(","));
    expect(new Set(orders).size).toBe(4);
    const stored = await t.deps.db
      .select({ questionIds: quizAttempts.questionIds, optionSeed: quizAttempts.optionSeed })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, learner.id), eq(quizAttempts.quizId, quizId)));
    expect(stored.map((s) => s.questionIds.join(",")).sort()).toEqual([...orders].sort());
    // Option orders differ between attempts too (a question met in several attempts).
    const optionOrders = new Map<number, Set<string>>();
    for (const a of attempts)
      for (const q of a.questions.filter((x) => x.options)) {
        const seen = optionOrders.get(q.id) ?? new Set<string>();
        seen.add(q.options!.map((o) => o.text).join(""));
        optionOrders.set(q.id, seen);
      }
    expect([...optionOrders.values()].some((orders) => orders.size > 1)).toBe(true);
  });

  it("draws with an injected random source: a pool of the asked size, all orders reachable", () => {
    const ids = Array.from({ length: 25 }, (_, i) => i + 1);
    const first = () => 0;
    const last = (max: number) => max - 1;
    expect(drawQuestions(ids, 10, last)).toEqual(ids.slice(0, 10));
    expect(drawQuestions(ids, 10, first)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(drawQuestions(ids, null, first)).toHaveLength(25);
    expect(drawQuestions([1, 2, 3], 10, first).sort()).toEqual([1, 2, 3]);
  });
});

describe("the exam's lock", () => {
  it("refuses by URL a module or level exam that the title page shows locked, and takes no attempt", async () => {
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    await giveExamAccess(t, learner.id, course.levelExamId);
    const page = (await call(learner, "GET", `/api/iu/courses/${course.id}/exams`)).json();
    expect(page.data.map((e: { state: string }) => e.state)).toEqual(["locked", "locked"]);

    for (const path of [moduleQuiz(course), `/api/iu/course-levels/${course.levelIds[0]}/quiz`]) {
      const start = await call(learner, "POST", `${path}/attempt`);
      expect(start.statusCode).toBe(403);
      expect(start.json().message).toBe("This exam opens when you have completed every lecture it covers.");
      const es = await t.app.inject({
        method: "POST",
        url: `${path}/attempt`,
        headers: { ...learner.auth, "x-language-id": "2" },
      });
      expect(es.json().message).toBe(
        "Este examen se abre cuando hayas completado todas las lecciones que abarca.",
      );
      expect((await call(learner, "GET", path)).json()).toMatchObject({
        can_start: false,
        blocked_code: "locked",
        attempts_left: 2,
      });
    }
    for (const quizId of [course.moduleExamId, course.levelExamId])
      expect((await accessesOf(t, learner.id, quizId))[0]?.attemptsUsed).toBe(0);
    const rows = await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.id));
    expect(rows).toHaveLength(0);

    // Once every lecture is completed, the same URL starts the exam.
    await completeLectures(t, learner.id, course);
    expect((await call(learner, "POST", `${moduleQuiz(course)}/attempt`)).statusCode).toBe(201);
    expect((await accessesOf(t, learner.id, course.moduleExamId))[0]?.attemptsUsed).toBe(1);
  });
});
