/**
 * Form plumbing of the back-office pages: a react-hook-form resolver that checks the payload a form
 * will send with the contract's schema (so the browser and the server apply the same rules), and
 * server field errors put under their fields.
 */
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import type { z } from "zod";
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
 * The one react-hook-form resolver (zod's own is forbidden by biome.json): validates with the
 * contract's schema, so the browser and the server apply the same rules and each issue arrives as a
 * message key of the contract's catalogue, put on the field of the same path.
 *
 * With the schema alone, the form's values are the payload and `handleSubmit` receives it parsed (the
 * schema's output: trimmed, defaults filled). With `toPayload`, the form's values are turned into the
 * request payload before validation and `handleSubmit` receives the form values: build the payload
 * again there.
 */
export function contractResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>>;
export function contractResolver<T extends FieldValues, Out>(
  schema: PayloadSchema<Out>,
  toPayload: (values: T) => unknown,
): Resolver<T>;
export function contractResolver<T extends FieldValues, Out>(
  schema: PayloadSchema<Out>,
  toPayload?: (values: T) => unknown,
): Resolver<T, unknown, unknown> {
  return async (values) => {
    const result = schema.safeParse(toPayload ? toPayload(values) : values);
    if (result.success) return { values: toPayload ? values : result.data, errors: {} };
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
