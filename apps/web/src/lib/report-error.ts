/**
 * The one way the web app reports an error it does not show: to the console, with what was being
 * done. An answer the page already showed the user (the API's refusal, being offline, a session
 * that ended) is expected, not reported again.
 */
import { ApiError, OfflineError, SessionEndedError } from "./http/errors";

export function reportError(error: unknown, doing: string, ids: Record<string, unknown> = {}): void {
  if (error instanceof ApiError || error instanceof OfflineError || error instanceof SessionEndedError)
    return;
  console.error(`Unexpected error while ${doing}`, ids, error);
}

/** A `.catch` handler for a promise whose failure the page already handled: reports only the unexpected. */
export const reportUnexpected =
  (doing: string, ids: Record<string, unknown> = {}) =>
  (error: unknown): void =>
    reportError(error, doing, ids);
