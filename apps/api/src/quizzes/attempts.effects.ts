/**
 * What a pass changes, inside the grading transaction: a lecture quiz marks the lecture "quiz
 * passed" (completing it, and so unlocking the next, when its video was watched); a module or level
 * exam is recorded once in exam_passes (for certificates) with a congratulations notification (type 5).
 * Returns whether anything changed (false for an exam passed before: no certificate can become due).
 * (An exam graded by the one-statement path records its pass in that statement and queues the
 * congratulations and certificates on a job: applyPassEffects below.)
 */
import { messageKey, messages, NotificationType, translate } from "@aprendo/contract";
import { and, eq, lte } from "drizzle-orm";
import { issueDueCertificates } from "../certificates/certificates.service";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { examPassEffects, examPasses } from "../db/schema/index";
import { markLectureQuizPassed } from "../learning/lecture.service";
import { notify } from "../notifications/notifications.service";
import { loadQuiz, placeOf, type QuizPlace, type QuizRow } from "./quizzes.place";

export async function recordPass(
  tx: DbOrTx,
  input: {
    quiz: QuizRow;
    place: QuizPlace;
    attemptId: number;
    userId: number;
    scorePercent: number;
    at: Date;
  },
): Promise<boolean> {
  const { quiz, place } = input;
  if (quiz.kind === "lecture") {
    await markLectureQuizPassed(tx, input.userId, quiz.lectureId!, quiz.courseId);
    return true;
  }
  const [first] = await tx
    .insert(examPasses)
    .values({
      userId: input.userId,
      quizId: quiz.id,
      attemptId: input.attemptId,
      kind: quiz.kind,
      courseId: quiz.courseId,
      moduleId: quiz.moduleId,
      levelId: quiz.levelId ?? place.levelId,
      scorePercent: input.scorePercent,
      passedAt: input.at,
    })
    .onConflictDoNothing()
    .returning({ quizId: examPasses.quizId });
  if (!first) return false;
  await congratulate(tx, { quiz, place, userId: input.userId, scorePercent: input.scorePercent });
  return true;
}

/** The congratulations (type 5) on a module or level exam's first pass. */
export async function congratulate(
  tx: DbOrTx,
  input: { quiz: QuizRow; place: QuizPlace; userId: number; scorePercent: number },
): Promise<void> {
  const { quiz, place } = input;
  const key = quiz.kind === "module" ? "quizzes.congratsModule" : "quizzes.congratsLevel";
  const text = (language: "en" | "es") =>
    translate(
      messages,
      language,
      messageKey(key, {
        title: language === "es" && place.owner.titleEs ? place.owner.titleEs : place.owner.titleEn,
        score: input.scorePercent,
      }),
    );
  await notify(
    { db: tx },
    {
      userId: input.userId,
      type: NotificationType.congratulations,
      title: {
        en: translate(messages, "en", "quizzes.congratsTitle"),
        es: translate(messages, "es", "quizzes.congratsTitle"),
      },
      description: { en: text("en"), es: text("es") },
      action: { redirect: { id: quiz.id, courseId: quiz.courseId } },
    },
  );
}

/**
 * Applies a first exam pass's queued effects (exam_pass_effects, written with the grade): the
 * congratulations and any certificate now due, in one transaction that first deletes the queued
 * row, so they apply exactly once even when the job and the sweep race. Returns whether it applied.
 */
export async function applyPassEffects(
  deps: Pick<Deps, "db">,
  userId: number,
  quizId: number,
): Promise<boolean> {
  const { db } = deps;
  // Read through the pool (and its cache) before the transaction takes a connection.
  const quiz = await loadQuiz(db, quizId);
  const place = quiz ? await placeOf(db, quiz).catch(() => null) : null;
  return db.transaction(async (tx) => {
    const [queued] = await tx
      .delete(examPassEffects)
      .where(and(eq(examPassEffects.userId, userId), eq(examPassEffects.quizId, quizId)))
      .returning({ scorePercent: examPassEffects.scorePercent });
    if (!queued) return false;
    if (quiz && place) await congratulate(tx, { quiz, place, userId, scorePercent: queued.scorePercent });
    await issueDueCertificates({ db: tx }, userId);
    return true;
  });
}

/**
 * Has the queued effects of first passes applied a second from now: one "quiz.pass-effects-due" job
 * per second (pg-boss keeps one per singleton key), not one job per pass, so a burst of 500 submits
 * is not also 500 jobs to fetch and complete while it lasts. Inline in tests: applied before the
 * submit answers.
 */
export async function sendPassEffects(deps: Pick<Deps, "jobs">): Promise<void> {
  const second = Math.floor(Date.now() / 1000) + 1;
  // A lost job is caught by the sweep (sweepPassEffects), so the answer never waits on a failure.
  await deps.jobs
    .send("quiz.pass-effects-due", {}, { startAfterSeconds: 1, singletonKey: `quiz-pass-effects-${second}` })
    .catch(() => {});
}

/** Applies every queued first-pass effect (the per-second job), oldest first, in batches. */
export async function applyQueuedPassEffects(deps: Pick<Deps, "db">): Promise<number> {
  return sweepPassEffects(deps, 200, 0);
}

/** The sweep: effects whose job was lost (a crash between the grade and the job, a dead queue). */
export async function sweepPassEffects(
  deps: Pick<Deps, "db">,
  limit = 100,
  olderThanMs = 60_000,
): Promise<number> {
  const stale = await deps.db
    .select({ userId: examPassEffects.userId, quizId: examPassEffects.quizId })
    .from(examPassEffects)
    .where(lte(examPassEffects.createdAt, new Date(Date.now() - olderThanMs)))
    .orderBy(examPassEffects.createdAt)
    .limit(limit);
  let done = 0;
  for (const { userId, quizId } of stale) {
    // One failing row (retried next minute) must not hold back the others.
    const applied = await applyPassEffects(deps, userId, quizId).catch(() => false);
    if (applied) done += 1;
  }
  return done;
}
