/**
 * The queue of first-pass effects (exam_pass_effects; attempts.effects.ts applies them): each
 * statement a named constant, its text snapshotted in pass-effects.repository.test.ts, run by one
 * function here. "Before" is when an effect was queued (null: whenever).
 */
import type { DbOrTx } from "../db/client";
import { runNamed } from "../db/prepared";

export type Queued = { user_id: number; quiz_id: number; score_percent: number };

/**
 * Takes (deletes, for the caller's transaction) the oldest effects queued before $1 (null: all;
 * the clock of the database counts microseconds, ours milliseconds), at most $2, of
 * the exams $3. Rows another run holds are skipped: the per-second job and the minute sweep never
 * apply one twice, nor wait on each other.
 */
export const TAKE_QUEUED = `DELETE FROM exam_pass_effects e
USING (
  SELECT user_id, quiz_id FROM exam_pass_effects
  WHERE ($1::timestamptz IS NULL OR created_at <= $1::timestamptz) AND quiz_id = ANY($3::int[])
  ORDER BY created_at LIMIT $2::int FOR UPDATE SKIP LOCKED
) d
WHERE e.user_id = d.user_id AND e.quiz_id = d.quiz_id
RETURNING e.user_id, e.quiz_id, e.score_percent`;
export const TAKE_ONE = `DELETE FROM exam_pass_effects WHERE user_id = $1::int AND quiz_id = $2::int
RETURNING user_id, quiz_id, score_percent`;
export const QUEUED_EXAMS = `SELECT DISTINCT quiz_id FROM exam_pass_effects
WHERE $1::timestamptz IS NULL OR created_at <= $1::timestamptz`;
export const OLDEST_QUEUED = `SELECT user_id, quiz_id FROM exam_pass_effects
WHERE $1::timestamptz IS NULL OR created_at <= $1::timestamptz ORDER BY created_at LIMIT $2::int`;

/** Takes the oldest effects queued before `before` of the exams `quizIds`, at most `limit` (TAKE_QUEUED). */
export function takeQueued(tx: DbOrTx, before: string | null, limit: number, quizIds: number[]) {
  return runNamed<Queued>(tx, "pass_effects_take", TAKE_QUEUED, [before, limit, quizIds]);
}

/** Takes one learner's queued effects of one exam (TAKE_ONE). */
export function takeQueuedOf(tx: DbOrTx, userId: number, quizId: number) {
  return runNamed<Queued>(tx, "pass_effects_take_one", TAKE_ONE, [userId, quizId]);
}

/** The exams with effects queued before `before`. */
export async function queuedExams(db: DbOrTx, before: string | null): Promise<number[]> {
  const rows = await runNamed<{ quiz_id: number }>(db, "pass_effects_exams", QUEUED_EXAMS, [before]);
  return rows.map((row) => row.quiz_id);
}

/** The oldest effects queued before `before`, at most `limit`, without taking them. */
export function oldestQueued(db: DbOrTx, before: string | null, limit: number) {
  return runNamed<Pick<Queued, "user_id" | "quiz_id">>(db, "pass_effects_oldest", OLDEST_QUEUED, [
    before,
    limit,
  ]);
}
