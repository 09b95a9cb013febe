/**
 * One checkout attempt's Idempotency-Key, kept in this tab's session storage so a retry (a double
 * click, a network failure, the return from the confirmation step) sends the same key; a successful
 * payment ends the attempt. The attempt's form (delivery address, credit choice) is kept there too
 * while the provider's confirmation page replaces the app, so a refusal brings the buyer back to
 * the checkout as they left it.
 */
import { newIdempotencyKey } from "./logic";

const KEY = "checkout-attempt";
const DRAFT = "checkout-draft";
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
    sessionStorage.removeItem(DRAFT);
  } catch {
    // nothing stored
  }
}

/** Kept before leaving for the confirmation page; read back when the page returns with `?order=`. */
export function saveDraft<T extends object>(draft: T): void {
  try {
    sessionStorage.setItem(DRAFT, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the buyer types the address again
  }
}

export function readDraft<T extends object>(): Partial<T> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(DRAFT) ?? "null");
    return value && typeof value === "object" ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}
