/**
 * The per-account login lock: 10 failed passwords in 15 minutes lock password logins of that account,
 * whatever identifier was typed (username, email or phone number all count on the account). Counted
 * in the database so every node sees the same attempts. Only the password login consults it: the
 * emailed reset link and the SMS reset code still work, and a successful reset (or login) clears it.
 */
import type { DbOrTx } from "../db/client";
import { addLoginFailure, deleteLoginFailures, lockSecondsLeft } from "./login-lock.repository";

export const LOGIN_FAILURE_LIMIT = 10;
const WINDOW_SECONDS = 15 * 60;

/** Seconds until the account's password logins open again; 0 when they are open. */
export async function lockedSeconds(db: DbOrTx, userId: number): Promise<number> {
  const seconds = await lockSecondsLeft(db, userId, LOGIN_FAILURE_LIMIT, WINDOW_SECONDS);
  return seconds === null ? 0 : Math.max(1, seconds);
}

/** One more failed password for the account; a window that has run out starts again at one. */
export async function countLoginFailure(db: DbOrTx, userId: number): Promise<void> {
  await addLoginFailure(db, userId, WINDOW_SECONDS);
}

export async function clearLoginFailures(db: DbOrTx, userId: number): Promise<void> {
  await deleteLoginFailures(db, userId);
}
