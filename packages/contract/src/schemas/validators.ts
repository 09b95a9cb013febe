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

/** A calendar date as YYYY-MM-DD that exists (no 31 February). */
export const dateField = z
  .string({ error: msg.required })
  .min(1, { error: msg.required, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.date })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    },
    { error: msg.date },
  );

export const idParam = z.coerce.number({ error: msg.invalidCharacters }).int().positive();
