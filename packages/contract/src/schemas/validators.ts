/**
 * Shared field validators (spec section 5). Their messages are portable keys (see i18n/translate),
 * so the server answers in the request's language and the web app shows the reader's language.
 */
import { z } from "zod";
import { limits } from "../domain/constants";
import { messageKey } from "../i18n/translate";

export const msg = {
  required: "validation.required",
  email: "validation.email",
  emailMismatch: "validation.emailMismatch",
  passwordMismatch: "validation.passwordMismatch",
  passwordFormat: "validation.passwordFormat",
  invalidCharacters: "validation.invalidCharacters",
  phone: "validation.phone",
  url: "validation.url",
  date: "validation.date",
  oneOf: "validation.oneOf",
  min: (min: number, entry = "entry.characters") => messageKey("validation.min", { entry, min }),
  max: (max: number, entry = "entry.characters") => messageKey("validation.max", { entry, max }),
  notAllowed: (invalidEntry: string) => messageKey("validation.notAllowed", { invalidEntry }),
} as const;

/** A required text with length bounds; surrounding spaces are trimmed first. */
export function text(min: number, max: number) {
  return z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required, abort: true })
    .min(min, { error: msg.min(min) })
    .max(max, { error: msg.max(max) });
}

/** An optional text: empty input becomes null. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: msg.max(max) })
    .nullish()
    .transform((v) => (v ? v : null));
}

export const emailField = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .max(limits.emailMax, { error: msg.max(limits.emailMax) })
  .pipe(z.email({ error: msg.email }))
  .transform((v) => v.toLowerCase());

export const usernameField = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .min(limits.usernameMin, { error: msg.min(limits.usernameMin) })
  .max(limits.usernameMax, { error: msg.max(limits.usernameMax) })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: msg.invalidCharacters });

/** Numbers, symbols, upper and lower case, 8 to 128 characters (spec section 5). */
export const passwordField = z
  .string({ error: msg.required })
  .min(1, { error: msg.required, abort: true })
  .min(limits.passwordMin, { error: msg.min(limits.passwordMin) })
  .max(limits.passwordMax, { error: msg.max(limits.passwordMax) })
  // Only judged once the length is right, so a short password shows one message, not two.
  .refine(
    (v) =>
      v.length < limits.passwordMin ||
      v.length > limits.passwordMax ||
      (/[0-9]/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) && /[^A-Za-z0-9]/.test(v)),
    {
      error: msg.passwordFormat,
    },
  );

/** International format: a plus sign, the country code and the number, 8 to 15 digits. */
export const phoneField = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .transform((v) => v.replace(/[\s()-]/g, ""))
  .pipe(z.string().regex(/^\+[1-9][0-9]{7,14}$/, { error: msg.phone }));

export const urlField = z
  .string()
  .trim()
  .max(500, { error: msg.max(500) })
  .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), { error: msg.url })
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * The years a date may name. Nothing the product records (a birth, an event, a coupon's validity)
 * falls outside them, and PostgreSQL, JavaScript and the formatters all agree inside them: a year 20
 * or 275760 would be stored and then break every list that shows it.
 */
export const yearRange = { min: 1900, max: 2200 } as const;
const inYearRange = (year: number) => year >= yearRange.min && year <= yearRange.max;

const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

/**
 * A date checked by one refinement, not an aborting chain: a bad date gives one message, and the
 * form's cross-field checks (which an object skips once a field's issue aborts) still report theirs.
 */
const dateChecked = (valid: (v: string) => boolean) =>
  z
    .string({ error: msg.required })
    .min(1, { error: msg.required, abort: true })
    .refine(valid, { error: msg.date });

/** A calendar date as YYYY-MM-DD that exists (no 31 February), any year; a date of birth adds its own bounds. */
export const calendarDate = dateChecked(isCalendarDate);
/** A calendar date as YYYY-MM-DD that exists, in the years of `yearRange`. */
export const dateField = dateChecked((v) => isCalendarDate(v) && inYearRange(Number(v.slice(0, 4))));

/** An instant in ISO 8601 with its offset (`2026-05-01T09:00:00Z`), in the years of `yearRange`. */
export const dateTimeField = z.iso
  .datetime({ offset: true, error: msg.date, abort: true })
  // The year is read after the offset is applied: 2200-12-31T23:00:00-02:00 is already 2201.
  .refine((v) => inYearRange(new Date(v).getUTCFullYear()), { error: msg.date });

/** The largest PostgreSQL `integer`: every id column is one, so no larger id can exist. */
export const maxId = 2_147_483_647;

/**
 * The one id type of the API, in a path, a query, a form or a JSON body: a whole number from 1 to
 * `maxId`. Text of digits is read as the number (paths, query strings and multipart fields are
 * text); anything else (true, 1.5, "1e3", [5], null) is refused, never coerced. Out of range in a
 * path the error handler answers 404 (an id that cannot exist is not found), elsewhere 422.
 */
export const idParam = z
  .union([z.number().int().min(1).max(maxId), z.string().regex(/^\d{1,10}$/)], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? msg.required : msg.invalidCharacters,
  })
  .pipe(z.coerce.number<string | number>().int().min(1).max(maxId));

/** An optional id of a form or a filter: absent, empty text or null mean "none". */
export const optionalId = z
  .union([idParam, z.literal(""), z.null()])
  .optional()
  .transform((v) => (typeof v === "number" ? v : undefined));

/**
 * A yes/no of a query string or a multipart form, where it can only arrive as text: exactly
 * "true" or "false" (or a JSON boolean). "yes", "1" or "on" are refused rather than guessed.
 * JSON bodies use `z.boolean()`, which refuses text altogether.
 */
export const formBoolean = z
  .union([z.boolean(), z.enum(["true", "false"])], { error: msg.oneOf })
  .transform((v) => v === true || v === "true");

/** The last page number a list accepts (a million pages of a hundred rows). */
export const maxPage = 1_000_000;

/** A whole number between `min` and `max`, from JSON or from digits in a query string. */
export function count(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(/^-?\d{1,16}$/)], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? msg.required : "validation.number",
    })
    .pipe(z.coerce.number<string | number>().int().min(min).max(max));
}
