/** The server's field errors of a failed mutation, by field, ready to put under each field. */
import { ApiError } from "../../../lib/http";

export function formErrors(error: unknown): Record<string, string | undefined> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const errors = error.fieldErrors as Record<string, string[] | string>;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.join(" ") : messages,
    ]),
  );
}

export const hasFieldErrors = (error: unknown) => error instanceof ApiError && Boolean(error.fieldErrors);
