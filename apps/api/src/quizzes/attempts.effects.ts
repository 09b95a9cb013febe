/**
 * What a pass changes, inside the grading transaction: a lecture quiz marks the lecture "quiz
 * passed" (completing it, and so unlocking the next, when its video was watched); a module or level
 * exam is recorded once in exam_passes (for certificates) with a congratulations notification (type 5).
 * Returns whether anything changed (false for an exam passed before: no certificate can become due).
 * (An exam graded by the one-statement path records its pass in that statement and queues the
 * congratulations and certificates on a job: applyPassEffects below.)
 */
import { messageKey, messages, NotificationType, translate } from "@aprendo/contract";
import { issueDueCertificatesOf } from "../certificates/certificates.service";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { examPasses } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { markLectureQuizPassed } from "../learning/lecture.service";
import { type NotifyInput, notify, notifyMany } from "../notifications/notifications.service";
import { oldestQueued, type Queued, queuedExams, takeQueued, takeQueuedOf } from "./pass-effects.repository";
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
  await notify({ db: tx }, congratulation(input));
}

function congratulation(input: {
  quiz: QuizRow;
  place: QuizPlace;
  userId: number;
  scorePercent: number;
}): NotifyInput {
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
  return {
    userId: input.userId,
    type: NotificationType.congratulations,
    title: {
      en: translate(messages, "en", "quizzes.congratsTitle"),
      es: translate(messages, "es", "quizzes.congratsTitle"),
    },
    description: { en: text("en"), es: text("es") },
    quote: { en: place.owner.titleEn, es: place.owner.titleEs, taught: place.course.language },
    action: { redirect: { id: quiz.id, courseId: quiz.courseId } },
  };
}

/**
 * Applies queued first-pass effects (exam_pass_effects, written with the grade): the
 * congratulations and any certificate now due, in one transaction that first takes the queued rows,
 * so each applies exactly once. A batch is a handful of statements, however many passes it holds.
 * The exams are read through the pool (and its cache) before the transaction holds a connection;
 * `take` only takes effects of exams in `quizIds`. Answers how many applied.
 */
async function applyTaken(
  deps: Pick<Deps, "db" | "log">,
  quizIds: number[],
  take: (tx: DbOrTx, quizIds: number[]) => Promise<Queued[]>,
): Promise<number> {
  const { db } = deps;
  const places = new Map<number, { quiz: QuizRow; place: QuizPlace } | null>();
  for (const quizId of quizIds) {
    const quiz = await loadQuiz(db, quizId);
    // A quiz whose course is gone has no place: its passes get no congratulation notice, and that is said.
    const place = quiz
      ? await placeOf(db, quiz).catch((error: unknown) => {
          deps.log.warn({ err: error, quizId }, "quiz with no place: passes congratulated without a notice");
          return null;
        })
      : null;
    places.set(quizId, quiz && place ? { quiz, place } : null);
  }
  return transaction(db, async (tx) => {
    const taken = await take(tx, [...places.keys()]);
    if (taken.length === 0) return 0;
    const notices = taken.flatMap((queued) => {
      const exam = places.get(queued.quiz_id);
      return exam
        ? [congratulation({ ...exam, userId: queued.user_id, scorePercent: queued.score_percent })]
        : [];
    });
    await notifyMany({ db: tx }, notices);
    await issueDueCertificatesOf({ db: tx }, [...new Set(taken.map((queued) => queued.user_id))]);
    return taken.length;
  });
}

/** Applies one learner's queued effects of one exam (the sweep, one pass at a time). */
export async function applyPassEffects(
  deps: Pick<Deps, "db" | "log">,
  userId: number,
  quizId: number,
): Promise<boolean> {
  const applied = await applyTaken(deps, [quizId], (tx) => takeQueuedOf(tx, userId, quizId));
  return applied > 0;
}

/**
 * Has the queued effects of first passes applied a second from now: one "quiz.pass-effects-due" job
 * per second (sent once per process and second), not one job per pass, so a burst of 500 submits
 * is not also 500 jobs to queue, fetch and complete while it lasts. Inline in tests: applied before
 * the submit answers.
 */
export async function sendPassEffects(deps: Pick<Deps, "jobs" | "log">): Promise<void> {
  const second = Math.floor(deps.jobs.now() / 1000) + 1;
  // A lost job is caught by the sweep (sweepPassEffects), so the answer never waits on a failure.
  await deps.jobs
    .send(
      "quiz.pass-effects-due",
      {},
      { startAfterSeconds: 1, singletonKey: `quiz-pass-effects-${second}`, once: true },
    )
    .catch((error: unknown) => {
      deps.log.warn(
        { err: error, job: "quiz.pass-effects-due" },
        "pass effects not queued; the sweep applies them",
      );
    });
}

/** Applies queued first-pass effects (the per-second job), oldest first, a batch of 200. */
export async function applyQueuedPassEffects(deps: Pick<Deps, "db" | "log">): Promise<number> {
  return sweepPassEffects(deps, 200, 0);
}

/** The sweep: effects whose job was lost (a crash between the grade and the job, a dead queue). */
export async function sweepPassEffects(
  deps: Pick<Deps, "db" | "log">,
  limit = 100,
  olderThanMs = 60_000,
): Promise<number> {
  const before = olderThanMs > 0 ? new Date(Date.now() - olderThanMs).toISOString() : null;
  const exams = await queuedExams(deps.db, before);
  if (exams.length === 0) return 0;
  try {
    return await applyTaken(deps, exams, (tx, quizIds) => takeQueued(tx, before, limit, quizIds));
  } catch (error) {
    // The batch rolled back. One failing pass (left queued, tried again by the next run) must not
    // hold back the others: apply them one by one.
    deps.log.error({ err: error, exams }, "pass effects batch failed; applying them one by one");
    const oldest = await oldestQueued(deps.db, before, limit);
    let done = 0;
    for (const { user_id, quiz_id } of oldest) {
      const applied = await applyPassEffects(deps, user_id, quiz_id).catch((err: unknown) => {
        deps.log.error({ err, userId: user_id, quizId: quiz_id }, "pass effects not applied; left queued");
        return false;
      });
      if (applied) done += 1;
    }
    return done;
  }
}
