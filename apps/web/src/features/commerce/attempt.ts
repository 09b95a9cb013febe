/**
 * One checkout attempt's Idempotency-Key, kept in this tab's session storage so a retry (a double
 * click, a network failure, the return from the confirmation step) sends the same key; a successful
 * payment ends the attempt.
 */
import { newIdempotencyKey } from "./logic";

const KEY = "checkout-attempt";
let memory: string | null = null;

export function attemptKey(): string {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored) return stored;
    const fresh = newIdempotencyKey();
    sessionStorage.setItem(KEY, fresh);
    return fresh;
  } catch {
    memory ??= newIdempotencyKey();
    return memory;
  }
}

export function endAttempt(): void {
  memory = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
