/**
 * Quiz authoring: quizzes on lectures, modules and levels with their settings, questions of the
 * four types, order, preview. Publishing keeps the catalogue in step: a published quiz with
 * questions sets the lecture's `has_quiz` (its completion then needs the quiz) or the module's or
 * level's `exam_quiz_id`.
 */
import {
  type AdminQuiz,
  type LanguageCode,
  type QuestionInput,
  type QuizInput,
  type QuizPatch,
  revealDefault,
} from "@aprendo/contract";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { invalidateCatalog } from "../catalog/catalog-cache.service";
import type { Db, DbOrTx } from "../db/client";
import {
  courseLevels,
  courseModules,
  examAccesses,
  lectures,
  type QuizKind,
  quizAttempts,
  quizQuestions,
  quizzes,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { localized } from "../lib/text";
import { loadQuestions, type QuizRow } from "./quizzes.place";
import {
  adminView,
  buildContent,
  correctAnswerOf,
  explanationOf,
  type FieldProblems,
  learnerView,
  type QuestionRow,
} from "./quizzes.questions";

/** The title and owner ids of a lecture, module or level, or null when it does not exist. */
export async function findOwner(db: DbOrTx, kind: QuizKind, id: number) {
  if (kind === "lecture") {
    const [row] = await db
      .select({ courseId: lectures.courseId, titleEn: lectures.titleEn, titleEs: lectures.titleEs })
      .from(lectures)
      .where(eq(lectures.id, id));
    return row ?? null;
  }
  const table = kind === "module" ? courseModules : courseLevels;
  const [row] = await db
    .select({ courseId: table.courseId, titleEn: table.titleEn, titleEs: table.titleEs })
    .from(table)
    .where(eq(table.id, id));
  return row ?? null;
}

/** Sets or clears the catalogue's view of the quiz (has_quiz, exam_quiz_id). */
export async function syncOwner(tx: DbOrTx, quizId: number): Promise<void> {
  const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) return;
  const [n] = await tx.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  const live = quiz.status === "published" && (n?.n ?? 0) > 0;
  await applyOwner(tx, quiz, live);
}

async function applyOwner(tx: DbOrTx, quiz: QuizRow, live: boolean) {
  if (quiz.lectureId)
    await tx
      .update(lectures)
      .set({ hasQuiz: live, updatedAt: new Date() })
      .where(eq(lectures.id, quiz.lectureId));
  if (quiz.moduleId)
    await tx
      .update(courseModules)
      .set({ examQuizId: live ? quiz.id : null })
      .where(eq(courseModules.id, quiz.moduleId));
  if (quiz.levelId)
    await tx
      .update(courseLevels)
      .set({ examQuizId: live ? quiz.id : null })
      .where(eq(courseLevels.id, quiz.levelId));
}

function settingsOf(kind: QuizKind, input: Partial<QuizInput>) {
  if (kind === "lecture" && (input.price_pence ?? 0) > 0)
    throw AppError.field("price_pence", "quizzes.lecturePriceless");
  // Only a practice quiz may run without a limit (the table's check says the same).
  if (kind !== "lecture" && input.timed === false) throw AppError.field("timed", "quizzes.examAlwaysTimed");
  return {
    ...(input.title_en !== undefined ? { titleEn: input.title_en } : {}),
    ...(input.title_es !== undefined ? { titleEs: input.title_es } : {}),
    ...(input.instructions_en !== undefined ? { instructionsEn: input.instructions_en } : {}),
    ...(input.instructions_es !== undefined ? { instructionsEs: input.instructions_es } : {}),
    ...(input.time_limit_seconds !== undefined ? { timeLimitSeconds: input.time_limit_seconds } : {}),
    ...(input.timed !== undefined ? { timed: input.timed } : {}),
    ...(input.pass_mark_percent !== undefined ? { passMarkPercent: input.pass_mark_percent } : {}),
    ...(input.price_pence !== undefined ? { pricePence: input.price_pence } : {}),
    ...(input.show_correct_answers !== undefined ? { showCorrectAnswers: input.show_correct_answers } : {}),
    ...(input.questions_per_attempt !== undefined
      ? { questionsPerAttempt: input.questions_per_attempt }
      : {}),
  };
}

export async function createQuiz(db: Db, input: QuizInput): Promise<number> {
  const { kind, id } = input.owner;
  const owner = await findOwner(db, kind, id);
  if (!owner) throw AppError.field("owner", "quizzes.ownerNotFound");
  if (input.status === "published") throw AppError.field("status", "quizzes.needsQuestions");
  const [row] = await db
    .insert(quizzes)
    .values({
      kind,
      lectureId: kind === "lecture" ? id : null,
      moduleId: kind === "module" ? id : null,
      levelId: kind === "level" ? id : null,
      courseId: owner.courseId,
      isPaid: kind !== "lecture",
      status: "draft",
      showCorrectAnswers: revealDefault(kind),
      ...settingsOf(kind, input),
    })
    .onConflictDoNothing()
    .returning({ id: quizzes.id });
  if (!row) throw new AppError("conflict", "quizzes.ownerExists");
  invalidateCatalog(db);
  return row.id;
}

async function quizOrThrow(db: DbOrTx, quizId: number): Promise<QuizRow> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new AppError("not_found", "quizzes.notFound");
  return quiz;
}

export async function updateQuiz(db: Db, quizId: number, patch: QuizPatch): Promise<void> {
  await transaction(db, async (tx) => {
    const quiz = await quizOrThrow(tx, quizId);
    if (patch.status === "published") {
      const [n] = await tx.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
      if ((n?.n ?? 0) === 0) throw AppError.field("status", "quizzes.needsQuestions");
    }
    await tx
      .update(quizzes)
      .set({
        ...settingsOf(quiz.kind, patch),
        ...(patch.status ? { status: patch.status } : {}),
        updatedAt: new Date(),
      })
      .where(eq(quizzes.id, quizId));
    await syncOwner(tx, quizId);
  });
  invalidateCatalog(db);
}

/** Refused once learners have attempts or exam accesses (their history and purchases stay); unpublish instead. */
export async function deleteQuiz(db: Db, quizId: number): Promise<void> {
  await transaction(db, async (tx) => {
    const quiz = await quizOrThrow(tx, quizId);
    const [[a], [e]] = await Promise.all([
      tx.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.quizId, quizId)),
      tx.select({ n: count() }).from(examAccesses).where(eq(examAccesses.quizId, quizId)),
    ]);
    if ((a?.n ?? 0) > 0 || (e?.n ?? 0) > 0) throw new AppError("conflict", "quizzes.inUse");
    await applyOwner(tx, quiz, false);
    await tx.delete(quizzes).where(eq(quizzes.id, quizId));
  });
  invalidateCatalog(db);
}

function toFields(problems: FieldProblems): AppError | null {
  const fields = Object.entries(problems);
  return fields.length ? new AppError("validation", fields[0]![1][0], { fields: problems }) : null;
}

function questionValues(input: QuestionInput, previous?: QuestionRow) {
  const { content, problems } = buildContent(input, previous?.content);
  const error = toFields(problems);
  if (error) throw error;
  return {
    type: input.type,
    textEn: input.text_en,
    textEs: input.text_es,
    explanationEn: input.explanation_en,
    explanationEs: input.explanation_es,
    content,
  };
}

export async function addQuestion(db: Db, quizId: number, input: QuestionInput): Promise<number> {
  const values = questionValues(input);
  const id = await transaction(db, async (tx) => {
    await quizOrThrow(tx, quizId);
    const [max] = await tx
      .select({ max: sql<number>`coalesce(max(${quizQuestions.position}), -1)::int` })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId));
    const [row] = await tx
      .insert(quizQuestions)
      .values({ quizId, position: input.position ?? (max?.max ?? -1) + 1, ...values })
      .returning({ id: quizQuestions.id });
    await syncOwner(tx, quizId);
    return row!.id;
  });
  invalidateCatalog(db);
  return id;
}

async function questionOrThrow(db: DbOrTx, questionId: number): Promise<QuestionRow> {
  const [row] = await db.select().from(quizQuestions).where(eq(quizQuestions.id, questionId));
  if (!row) throw new AppError("not_found", "quizzes.notFound");
  return row;
}

export async function updateQuestion(db: Db, questionId: number, input: QuestionInput): Promise<number> {
  const previous = await questionOrThrow(db, questionId);
  const values = questionValues(input, previous);
  await db
    .update(quizQuestions)
    .set({
      ...values,
      ...(input.position !== undefined ? { position: input.position } : {}),
      updatedAt: new Date(),
    })
    .where(eq(quizQuestions.id, questionId));
  invalidateCatalog(db);
  return previous.quizId;
}

export async function deleteQuestion(db: Db, questionId: number): Promise<void> {
  await transaction(db, async (tx) => {
    const question = await questionOrThrow(tx, questionId);
    const quiz = await quizOrThrow(tx, question.quizId);
    const [n] = await tx.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
    if (quiz.status === "published" && (n?.n ?? 0) <= 1)
      throw new AppError("conflict", "quizzes.needsQuestions");
    await tx.delete(quizQuestions).where(eq(quizQuestions.id, questionId));
    await syncOwner(tx, quiz.id);
  });
  invalidateCatalog(db);
}

export async function orderQuestions(db: Db, quizId: number, ids: number[]): Promise<void> {
  await transaction(db, async (tx) => {
    await quizOrThrow(tx, quizId);
    const rows = await tx
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId));
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw AppError.field("ids", "quizzes.orderMismatch");
    for (const [position, id] of ids.entries())
      await tx.update(quizQuestions).set({ position }).where(eq(quizQuestions.id, id));
  });
  invalidateCatalog(db);
}

async function summaries(db: Db, rows: QuizRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [questionCounts, attemptCounts] = await Promise.all([
    db
      .select({ quizId: quizQuestions.quizId, n: count() })
      .from(quizQuestions)
      .where(inArray(quizQuestions.quizId, ids))
      .groupBy(quizQuestions.quizId),
    db
      .select({ quizId: quizAttempts.quizId, n: count() })
      .from(quizAttempts)
      .where(inArray(quizAttempts.quizId, ids))
      .groupBy(quizAttempts.quizId),
  ]);
  const qn = new Map(questionCounts.map((r) => [r.quizId, r.n]));
  const an = new Map(attemptCounts.map((r) => [r.quizId, r.n]));
  return Promise.all(
    rows.map(async (quiz) => {
      const ownerId = (quiz.lectureId ?? quiz.moduleId ?? quiz.levelId)!;
      const owner = await findOwner(db, quiz.kind, ownerId);
      return {
        id: quiz.id,
        kind: quiz.kind,
        owner: {
          kind: quiz.kind,
          id: ownerId,
          title_en: owner?.titleEn ?? "",
          title_es: owner?.titleEs ?? "",
        },
        course_id: quiz.courseId,
        status: quiz.status,
        title_en: quiz.titleEn,
        title_es: quiz.titleEs,
        time_limit_seconds: quiz.timeLimitSeconds,
        timed: quiz.timed,
        pass_mark_percent: quiz.passMarkPercent,
        is_paid: quiz.isPaid,
        price_pence: quiz.pricePence,
        show_correct_answers: quiz.showCorrectAnswers,
        questions_per_attempt: quiz.questionsPerAttempt,
        question_count: qn.get(quiz.id) ?? 0,
        attempt_count: an.get(quiz.id) ?? 0,
      };
    }),
  );
}

export async function listQuizzes(db: Db, courseId: number) {
  const rows = await db
    .select()
    .from(quizzes)
    .where(eq(quizzes.courseId, courseId))
    .orderBy(asc(quizzes.kind), asc(quizzes.id));
  return { data: await summaries(db, rows) };
}

export async function adminQuiz(db: Db, quizId: number): Promise<AdminQuiz> {
  const quiz = await quizOrThrow(db, quizId);
  const [summary] = await summaries(db, [quiz]);
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  return {
    ...summary!,
    instructions_en: quiz.instructionsEn,
    instructions_es: quiz.instructionsEs,
    questions: questions.map(adminView),
  };
}

/** The quiz as a learner would see it, in the request language, with the answers and explanations. */
export async function previewQuiz(db: Db, quizId: number, language: LanguageCode) {
  const quiz = await quizOrThrow(db, quizId);
  const questions = await loadQuestions(db, quizId);
  const owner = await findOwner(db, quiz.kind, (quiz.lectureId ?? quiz.moduleId ?? quiz.levelId)!);
  return {
    quiz_id: quiz.id,
    title:
      localized(language, quiz.titleEn, quiz.titleEs) ||
      localized(language, owner?.titleEn ?? "", owner?.titleEs ?? ""),
    instructions: localized(language, quiz.instructionsEn, quiz.instructionsEs),
    time_limit_seconds: quiz.timeLimitSeconds,
    pass_mark_percent: quiz.passMarkPercent,
    questions: questions.map((q, index) => ({
      // The author's order (attempts shuffle questions and options per attempt).
      ...learnerView(q, language, index + 1, { seed: quiz.id, options: false }),
      correct_answer: correctAnswerOf(q, language),
      explanation: explanationOf(q, language),
    })),
  };
}
