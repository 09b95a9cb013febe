/**
 * The per-account login lock: 10 failed passwords in 15 minutes lock password logins of that account,
 * whatever identifier was typed (username, email or phone number all count on the account). Counted
 * in the database so every node sees the same attempts. Only the password login consults it: the
 * emailed reset link and the SMS reset code still work, and a successful reset (or login) clears it.
 */
import type { DbOrTx } from "../db/client";
import { runNamed } from "../db/prepared";

export const LOGIN_FAILURE_LIMIT = 10;
const WINDOW_SECONDS = 15 * 60;

/** Seconds until the account's password logins open again; 0 when they are open. */
export async function lockedSeconds(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await runNamed<{ seconds: number }>(
    db,
    "login_lock_seconds",
    `SELECT ceil(extract(epoch FROM window_started_at + make_interval(secs => $3) - now()))::int AS seconds
       FROM login_failures
      WHERE user_id = $1 AND failures >= $2 AND window_started_at > now() - make_interval(secs => $3)`,
    [userId, LOGIN_FAILURE_LIMIT, WINDOW_SECONDS],
  );
  return row ? Math.max(1, row.seconds) : 0;
}

/** One more failed password for the account; a window that has run out starts again at one. */
export async function countLoginFailure(db: DbOrTx, userId: number): Promise<void> {
  await runNamed(
    db,
    "login_failure_count",
    `INSERT INTO login_failures AS f (user_id, failures, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (user_id) DO UPDATE SET
       failures = CASE WHEN f.window_started_at > now() - make_interval(secs => $2) THEN f.failures + 1 ELSE 1 END,
       window_started_at = CASE WHEN f.window_started_at > now() - make_interval(secs => $2)
                                THEN f.window_started_at ELSE now() END`,
    [userId, WINDOW_SECONDS],
  );
}

export async function clearLoginFailures(db: DbOrTx, userId: number): Promise<void> {
  await runNamed(db, "login_failures_clear", "DELETE FROM login_failures WHERE user_id = $1", [userId]);
}
