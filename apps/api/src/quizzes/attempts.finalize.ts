/**
 * Grading an attempt, once: on the learner's submit, at the deadline (the per-second job, the
 * minute sweep, a lazy read) or late; see `finalize`. A pass's effects (a lecture's progress, an
 * exam's record, congratulations and certificates) are applied here or queued with the grade.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import { issueDueCertificates } from "../certificates/certificates.service";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { quizAttempts } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { addLearningSeconds } from "../learning/activity.service";
import { recordPass, sendPassEffects } from "./attempts.effects";
import { attemptLearningSeconds } from "./attempts.learning";
import {
  type GradedFields,
  readAttempt,
  storeExamGrade,
  storeGrade,
  type VersionedAttempt,
} from "./attempts.sql";
import { gradeAttempt } from "./quizzes.grading";
import { loadQuestions, loadQuiz, placeOf, type QuizRow } from "./quizzes.place";
import type { QuestionRow } from "./quizzes.questions";

export type AttemptRow = typeof quizAttempts.$inferSelect;

/**
 * Grades an attempt once. On the learner's submit before the deadline it is "submitted" at that
 * moment; at or after the deadline (the job, a lazy read, a late submit) it is "expired" and
 * submitted as at the deadline, with the answers stored by then.
 *
 * The grade is computed from the attempt as read (no lock) and stored by ONE statement that only
 * applies while the row is still that version and in progress: a concurrent answer save or grading
 * makes it store nothing, and the locked path (lockedFinalize) decides instead. A module or level
 * exam's statement also records a first pass and queues its congratulations and certificates
 * (applied by a job right after; inline in tests). A lecture quiz's pass marks the learner's
 * progress in the grading transaction (lockedFinalize), so the next lecture opens at once.
 * Every path adds the attempt's time to the learner's day with the grade it stores (same statement
 * or transaction), so the time counts once however many graders race (attempts.learning.ts).
 */
export async function finalize(
  deps: Pick<Deps, "db" | "jobs" | "log">,
  attemptId: number,
  trigger: "learner" | "deadline",
  known?: VersionedAttempt,
): Promise<{ row: AttemptRow; attemptsLeft?: number | null } | null> {
  const due = await attemptToGrade(deps.db, attemptId, trigger, known);
  if (!due) return null;
  const fields = gradedFields(due.read.row, due.byId, due.quiz, due.now);
  const stored = await storeGuarded(deps, attemptId, due, fields);
  if (stored) return stored;
  const row = await lockedFinalize(
    deps.db,
    attemptId,
    trigger,
    due.quiz,
    due.byId,
    due.quiz.kind === "lecture" && fields.passed
      ? { version: due.read.version, fields, learnedSeconds: attemptLearningSeconds(due.read.row, fields) }
      : null,
  );
  return row ? { row } : null;
}

type AttemptToGrade = {
  read: VersionedAttempt;
  quiz: QuizRow;
  byId: ReadonlyMap<number, QuestionRow>;
  now: Date;
};

/**
 * The attempt with its quiz and questions, when it is to be graded now: still in progress, and for
 * the deadline's trigger, past its deadline. Null otherwise (nothing to do).
 */
async function attemptToGrade(
  db: Db,
  attemptId: number,
  trigger: "learner" | "deadline",
  known: VersionedAttempt | undefined,
): Promise<AttemptToGrade | null> {
  const read = known ?? (await readAttempt(db, attemptId, null));
  if (read?.row.status !== "in_progress") return null;
  const now = new Date();
  const late = now.getTime() >= read.row.deadlineAt.getTime();
  if (trigger === "deadline" && !late) return null;
  const quiz = await loadQuiz(db, read.row.quizId);
  if (!quiz) return null;
  const byId = new Map((await loadQuestions(db, quiz.id)).map((q) => [q.id, q]));
  return { read, quiz, byId, now };
}

/**
 * Stores the grade by ONE statement guarded by the version read (no lock): a module or level exam's
 * grade with its first pass's record and queued effects, or a lecture quiz that was not passed.
 * Null when the row changed meanwhile, or for a lecture quiz's pass (its progress is written under
 * the lock): `lockedFinalize` decides then.
 */
async function storeGuarded(
  deps: Pick<Deps, "db" | "jobs" | "log">,
  attemptId: number,
  { read, quiz }: AttemptToGrade,
  fields: GradedFields,
): Promise<{ row: AttemptRow; attemptsLeft: number | null } | null> {
  const { db } = deps;
  if (quiz.kind !== "lecture") {
    const place = await placeOf(db, quiz);
    const stored = await storeExamGrade(
      db,
      attemptId,
      read.version,
      fields,
      {
        kind: quiz.kind,
        courseId: quiz.courseId,
        moduleId: quiz.moduleId,
        levelId: quiz.levelId ?? place.levelId,
      },
      attemptLearningSeconds(read.row, fields),
    );
    if (!stored) return null;
    if (stored.firstPass) await sendPassEffects(deps);
    return { row: stored.row, attemptsLeft: quiz.isPaid ? stored.attemptsLeft : null };
  }
  if (fields.passed) return null;
  const stored = await storeGrade(
    db,
    attemptId,
    read.version,
    fields,
    attemptLearningSeconds(read.row, fields),
  );
  return stored ? { row: stored.row, attemptsLeft: null } : null;
}

function gradedFields(
  row: AttemptRow,
  byId: ReadonlyMap<number, QuestionRow>,
  quiz: QuizRow,
  now: Date,
): GradedFields {
  const late = now.getTime() >= row.deadlineAt.getTime();
  const questions = row.questionIds
    .map((id) => byId.get(id))
    .filter((q): q is QuestionRow => q !== undefined);
  const graded = gradeAttempt(questions, row.answers, quiz.passMarkPercent);
  return {
    status: late ? "expired" : "submitted",
    submittedAt: late ? row.deadlineAt : now,
    scorePercent: graded.scorePercent,
    points: graded.points,
    maxPoints: graded.maxPoints,
    passed: graded.passed,
    results: graded.results,
    updatedAt: now,
  };
}

/**
 * Grading under the row lock, with the effects of a pass in the same transaction. With `graded` (a
 * lecture quiz's pass, graded by finalize from the version it read), the grade is stored by an
 * UPDATE guarded by that version, which takes the lock; otherwise, or if the row changed meanwhile,
 * it is read again under the lock (FOR UPDATE) and graded again.
 */
async function lockedFinalize(
  db: Db,
  attemptId: number,
  trigger: "learner" | "deadline",
  quiz: QuizRow,
  byId: ReadonlyMap<number, QuestionRow>,
  graded: { version: string; fields: GradedFields; learnedSeconds: number } | null,
): Promise<AttemptRow | null> {
  // Everything read through the pool (and its cache) is loaded before the transaction takes a
  // connection: asking the pool for a second one while holding the first deadlocks under load.
  const place = await placeOf(db, quiz);
  return transaction(db, async (tx) => {
    let stored: AttemptRow | undefined;
    let fields = graded?.fields;
    let learnedSeconds = graded?.learnedSeconds ?? 0;
    if (graded)
      [stored] = await tx
        .update(quizAttempts)
        .set(graded.fields)
        .where(
          and(
            eq(quizAttempts.id, attemptId),
            eq(quizAttempts.status, "in_progress"),
            sql`xmin = ${graded.version}::xid`,
          ),
        )
        .returning();
    if (!stored) {
      const [row] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).for("update");
      if (row?.status !== "in_progress") return null;
      const now = new Date();
      if (trigger === "deadline" && now.getTime() < row.deadlineAt.getTime()) return null;
      fields = gradedFields(row, byId, quiz, now);
      learnedSeconds = attemptLearningSeconds(row, fields);
      [stored] = await tx.update(quizAttempts).set(fields).where(eq(quizAttempts.id, row.id)).returning();
    }
    if (!stored || !fields) return null;
    await addLearningSeconds(tx, stored.userId, stored.startedAt, learnedSeconds);
    // A pass that changes nothing (an exam passed before) cannot make a certificate due.
    const changed =
      fields.passed &&
      (await recordPass(tx, {
        quiz,
        place,
        attemptId: stored.id,
        userId: stored.userId,
        scorePercent: fields.scorePercent,
        at: fields.submittedAt,
      }));
    if (changed) await issueDueCertificates({ db: tx }, stored.userId);
    return stored;
  });
}

/** Grades an attempt once (see finalize); null when it was not in progress (or not yet due for "deadline"). */
export async function finalizeAttempt(
  deps: Pick<Deps, "db" | "jobs" | "log">,
  attemptId: number,
  trigger: "learner" | "deadline",
): Promise<AttemptRow | null> {
  return (await finalize(deps, attemptId, trigger))?.row ?? null;
}

/** Attempts whose deadline has passed, soonest first (its plan is tested). */
export const overdueAttempts = (db: Pick<Deps, "db">["db"], limit: number) =>
  db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    // The status as a literal, not a parameter: the app's connections plan generically, and only a
    // literal lets that plan use the partial index of running attempts (a parameter read all 70,000
    // attempts of the bench's history, 40 ms, every second of an exam).
    .where(and(sql`${quizAttempts.status} = 'in_progress'`, lte(quizAttempts.deadlineAt, new Date())))
    .orderBy(quizAttempts.deadlineAt)
    .limit(limit);

/** Grades attempts whose deadline has passed, up to `limit`; answers how many it graded. */
export async function expireOverdue(deps: Pick<Deps, "db" | "jobs" | "log">, limit = 200): Promise<number> {
  const overdue = await overdueAttempts(deps.db, limit);
  let done = 0;
  for (const { id } of overdue) if ((await finalizeAttempt(deps, id, "deadline")) !== null) done += 1;
  return done;
}
