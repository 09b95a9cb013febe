/** Form helpers shared by the account pages: translated field messages and server errors on fields. */
import type { FieldError, FieldValues, Path, UseFormSetError } from "react-hook-form";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { showError } from "../../../lib/toast";

/** The translated message of a field error (spec section 5 texts, or the server's own words). */
export function fieldMessage(error: FieldError | undefined): string | undefined {
  return error?.message ? translateMessage(error.message) : undefined;
}

/**
 * Shows a failed call the way spec section 8 says (toasts), and puts each server field message under
 * its field when the form has that field. Returns true when at least one field got a message.
 */
export function reportError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields: readonly Path<T>[] = [],
): boolean {
  showError(error);
  if (!setError || !(error instanceof ApiError)) return false;
  const errors = error.fieldErrors;
  if (!errors) return false;
  let mapped = false;
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (message && (fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: "server", message }, { shouldFocus: !mapped });
      mapped = true;
    }
  }
  return mapped;
}
