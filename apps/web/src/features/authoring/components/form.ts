/** Server errors on form fields: each field message under its field, the rest as toasts (spec section 8). */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../../lib/http";
import { showError } from "../../../lib/toast";

/**
 * Puts each server field message under its form field (`fieldOf` maps API names to form names) and
 * shows a toast for what has no field. Returns true when a field got a message.
 */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (apiField: string) => Path<T> | null,
): boolean {
  const errors = error instanceof ApiError ? error.fieldErrors : null;
  if (!errors) {
    showError(error);
    return false;
  }
  let mapped = false;
  const rest: string[] = [];
  for (const [apiField, messages] of Object.entries(errors)) {
    const field = fieldOf(apiField);
    const message = messages[0];
    if (!message) continue;
    if (field) {
      setError(field, { type: "server", message }, { shouldFocus: !mapped });
      mapped = true;
    } else rest.push(...messages);
  }
  if (!mapped || rest.length > 0) showError(rest.length > 0 ? rest : error);
  return mapped;
}
