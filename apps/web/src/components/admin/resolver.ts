/**
 * Form plumbing of the back-office pages: a react-hook-form resolver that checks the payload a form
 * will send with the contract's schema (so the browser and the server apply the same rules), and
 * server field errors put under their fields.
 */
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../lib/http";
import { showError } from "../../lib/toast";

type Issue = { path: PropertyKey[]; message: string };
/** What a contract (zod) schema offers: `safeParse`. */
export type PayloadSchema<Out> = {
  safeParse: (
    value: unknown,
  ) => { success: true; data: Out } | { success: false; error: { issues: Issue[] } };
};

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      if (node[key] === undefined) node[key] = value;
      return;
    }
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
}

/**
 * A resolver that turns the form's values into the request payload (`toPayload`, identity by default),
 * validates it with the contract schema and reports each issue on the field of the same path.
 * The values handed to `handleSubmit` are the form values; build the payload again there.
 */
export function contractResolver<T extends FieldValues, Out>(
  schema: PayloadSchema<Out>,
  toPayload: (values: T) => unknown = (values) => values,
): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(toPayload(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      if (path.length === 0) continue;
      setPath(errors, path, { type: "validation", message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/**
 * Shows a failed call as spec section 8 says (toasts) and puts each server field message under the
 * form field of the same dotted path (`title.en`). Returns true when a field got a message.
 */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields: readonly string[] = [],
): boolean {
  showError(error);
  if (!setError || !(error instanceof ApiError)) return false;
  let mapped = false;
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    const message = messages[0];
    if (message && fields.includes(field)) {
      setError(field as Path<T>, { type: "server", message }, { shouldFocus: !mapped });
      mapped = true;
    }
  }
  return mapped;
}
