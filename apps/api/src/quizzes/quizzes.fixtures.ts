/** Test factories of quizzes: a title with a lecture quiz and exams, sample questions of every type. */
import type { QuestionInput } from "@aprendo/contract";
import { and, eq } from "drizzle-orm";
import type { BuiltUser } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { type BuiltCourse, buildCourse, enrol } from "../catalog/catalog.fixtures";
import { examAccesses, lectureProgress } from "../db/schema/index";
import { addQuestion, createQuiz, updateQuiz } from "./authoring.service";

const o = (en: string, correct = false) => ({ text_en: en, text_es: `${en} (es)`, correct });

/** One question of each type; the right answers are "B", {A, C}, gaps "blue"/"sky", and pairs by number. */
export const sampleQuestions: QuestionInput[] = [
  {
    type: "single",
    text_en: "Pick B",
    text_es: "Elige B",
    explanation_en: "B it is",
    explanation_es: "Es B",
    options: [o("A"), o("B", true), o("C")],
  },
  {
    type: "multiple",
    text_en: "Pick A and C",
    text_es: "Elige A y C",
    explanation_en: "A and C",
    explanation_es: "A y C",
    options: [o("A", true), o("B"), o("C", true), o("D")],
  },
  {
    type: "missing_word",
    text_en: "The [[1]] is [[2]].",
    text_es: "El [[1]] es [[2]].",
    explanation_en: "Sky, blue",
    explanation_es: "Cielo, azul",
    gaps: [
      { mode: "choose", options: [o("sky", true), o("sea")] },
      { mode: "type", accepted_en: ["blue"], accepted_es: ["azul"] },
    ],
  },
  {
    type: "word_linking",
    text_en: "Link numbers",
    text_es: "Relaciona números",
    explanation_en: "One is uno",
    explanation_es: "Uno es one",
    pairs: [
      { left_en: "one", left_es: "one", right_en: "uno", right_es: "uno" },
      { left_en: "two", left_es: "two", right_en: "dos", right_es: "dos" },
    ],
    distractors: [{ text_en: "tres", text_es: "tres" }],
  },
];

export type QuizCourse = BuiltCourse & { lectureQuizId: number; moduleExamId: number; levelExamId: number };

/** A free title (1 level, 1 module, 2 lectures) with a published quiz on lecture 1, a module exam and a level exam. */
export async function buildQuizCourse(
  t: TestApp,
  options: { timeLimitSeconds?: number } = {},
): Promise<QuizCourse> {
  const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 2, duration: 20 });
  const db = t.deps.db;
  const make = async (owner: { kind: "lecture" | "module" | "level"; id: number }, price = 0) => {
    const id = await createQuiz(db, {
      owner,
      title_en: "",
      title_es: "",
      instructions_en: "",
      instructions_es: "",
      time_limit_seconds: options.timeLimitSeconds ?? 600,
      pass_mark_percent: 75,
      price_pence: price,
      status: "draft",
    });
    for (const q of sampleQuestions) await addQuestion(db, id, q);
    await updateQuiz(db, id, { status: "published" });
    return id;
  };
  return {
    ...course,
    lectureQuizId: await make({ kind: "lecture", id: course.lectureIds[0]! }),
    moduleExamId: await make({ kind: "module", id: course.moduleIds[0]! }, 500),
    levelExamId: await make({ kind: "level", id: course.levelIds[0]! }, 900),
  };
}

/** An enrolled learner who has watched the whole video of a lecture. */
export async function enrolAndWatch(t: TestApp, user: BuiltUser, course: BuiltCourse, lectureIndex = 0) {
  await enrol(t, user.id, course.id);
  const lectureId = course.lectureIds[lectureIndex]!;
  await t.deps.db
    .insert(lectureProgress)
    .values({
      userId: user.id,
      lectureId,
      courseId: course.id,
      watchedRanges: [[0, 20]],
      watchedSeconds: 20,
      videoWatchedAt: new Date(),
    })
    .onConflictDoNothing();
}

/** Every lecture of the title completed (video watched, lecture quizzes passed): its exams open. */
export async function completeLectures(t: TestApp, userId: number, course: BuiltCourse) {
  const done = new Date();
  const finished = { videoWatchedAt: done, quizPassedAt: done, completedAt: done };
  await t.deps.db
    .insert(lectureProgress)
    .values(
      course.lectureIds.map((lectureId) => ({
        userId,
        lectureId,
        courseId: course.id,
        watchedRanges: [[0, 20]] as Array<[number, number]>,
        watchedSeconds: 20,
        ...finished,
      })),
    )
    .onConflictDoUpdate({ target: [lectureProgress.userId, lectureProgress.lectureId], set: finished });
}

/** An enrolled learner who has completed every lecture, so the module and level exams are open. */
export async function enrolAndComplete(t: TestApp, user: BuiltUser, course: BuiltCourse) {
  await enrol(t, user.id, course.id);
  await completeLectures(t, user.id, course);
}

export async function giveExamAccess(t: TestApp, userId: number, quizId: number) {
  await t.deps.db.insert(examAccesses).values({ userId, quizId, source: "admin", reason: "test" });
}

export async function accessesOf(t: TestApp, userId: number, quizId: number) {
  return t.deps.db
    .select()
    .from(examAccesses)
    .where(and(eq(examAccesses.userId, userId), eq(examAccesses.quizId, quizId)));
}

type View = {
  id: number;
  type: string;
  options?: Array<{ id: string; text: string }>;
  gaps?: Array<{ id: string; mode: string; options?: Array<{ id: string; text: string }> }>;
  left?: Array<{ id: string; text: string }>;
  right?: Array<{ id: string; text: string }>;
};

/** The right answer to a sample question, worked out from what the learner sees (texts, not ids). */
export function rightAnswer(q: View) {
  const byText = (list: Array<{ id: string; text: string }> | undefined, text: string) =>
    list!.find((x) => x.text === text)!.id;
  switch (q.type) {
    case "single":
      return { type: "single", option_id: byText(q.options, "B") };
    case "multiple":
      return { type: "multiple", option_ids: [byText(q.options, "A"), byText(q.options, "C")] };
    case "missing_word":
      return { type: "missing_word", gaps: { "1": byText(q.gaps![0]!.options, "sky"), "2": " Blue " } };
    default: {
      const matches: Record<string, string> = {};
      matches[byText(q.left, "one")] = byText(q.right, "uno");
      matches[byText(q.left, "two")] = byText(q.right, "dos");
      return { type: "word_linking", matches };
    }
  }
}

export function wrongAnswer(q: View) {
  const byText = (list: Array<{ id: string; text: string }> | undefined, text: string) =>
    list!.find((x) => x.text === text)!.id;
  switch (q.type) {
    case "single":
      return { type: "single", option_id: byText(q.options, "A") };
    case "multiple":
      return { type: "multiple", option_ids: [byText(q.options, "A")] };
    case "missing_word":
      return { type: "missing_word", gaps: { "1": byText(q.gaps![0]!.options, "sea"), "2": "green" } };
    default:
      return { type: "word_linking", matches: {} };
  }
}
