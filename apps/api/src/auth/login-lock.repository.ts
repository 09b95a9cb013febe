/**
 * The login lock's statements (login-lock.ts says the rule): each a named constant, its text
 * snapshotted in login-lock.repository.test.ts, run by one function here. Counted on the database's
 * clock, so every node sees the same window.
 */
import type { DbOrTx } from "../db/client";
import { runNamed } from "../db/prepared";

/** $1 user, $2 failures that lock, $3 the window in seconds: seconds until the lock ends, no row when open. */
export const LOCKED_SECONDS = `SELECT ceil(extract(epoch FROM window_started_at + make_interval(secs => $3) - now()))::int AS seconds
       FROM login_failures
      WHERE user_id = $1 AND failures >= $2 AND window_started_at > now() - make_interval(secs => $3)`;

/** $1 user, $2 the window in seconds: one more failure, or the first of a new window when it ran out. */
export const COUNT_FAILURE = `INSERT INTO login_failures AS f (user_id, failures, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (user_id) DO UPDATE SET
       failures = CASE WHEN f.window_started_at > now() - make_interval(secs => $2) THEN f.failures + 1 ELSE 1 END,
       window_started_at = CASE WHEN f.window_started_at > now() - make_interval(secs => $2)
                                THEN f.window_started_at ELSE now() END`;

export const CLEAR_FAILURES = "DELETE FROM login_failures WHERE user_id = $1";

/** Seconds until the lock ends (it may round to 0 in its last second); null when logins are open. */
export async function lockSecondsLeft(
  db: DbOrTx,
  userId: number,
  limit: number,
  windowSeconds: number,
): Promise<number | null> {
  const [row] = await runNamed<{ seconds: number }>(db, "login_lock_seconds", LOCKED_SECONDS, [
    userId,
    limit,
    windowSeconds,
  ]);
  return row ? row.seconds : null;
}

export async function addLoginFailure(db: DbOrTx, userId: number, windowSeconds: number): Promise<void> {
  await runNamed(db, "login_failure_count", COUNT_FAILURE, [userId, windowSeconds]);
}

export async function deleteLoginFailures(db: DbOrTx, userId: number): Promise<void> {
  await runNamed(db, "login_failures_clear", CLEAR_FAILURES, [userId]);
}
