/**
 * Accounts and authentication (spec sections 3, 4 and 7): request and response schemas of every
 * auth call, shared by the API (validation, OpenAPI) and the web app (forms, typed responses).
 *
 * How the calls fit together (all under /api):
 *
 * - POST /auth/login {login, password}. `login` is a username, an email or "+<country><number>".
 *   200 answers one of two shapes (tell them apart with `"access_token" in body`):
 *     a) `{ access_token, token_type: "Bearer", expires_in }` and a `refresh_token` cookie: logged in.
 *     b) `{ phone_verification_required: true, phone_verification: { ticket, phone, resend_after_seconds } }`:
 *        the account has a phone number that is not verified yet; a 6-digit code was sent by SMS to
 *        `phone` (masked, e.g. "+44*******123"). Show the code step, then POST /auth/phone/verify
 *        {ticket, code}, which answers `{ access_token, ... , message }` like (a). The ticket proves the
 *        password was given; it is valid 1 hour. Resend: POST /auth/phone/verify/resend {ticket}
 *        (allowed 60 s after the last code, otherwise 429 with the seconds to wait). Change of number:
 *        POST /auth/phone/update {ticket, phone} (sends a code to the new number).
 *   Refusals: 422 `{ message, errors: { login: [...] } }` for a malformed identifier; 401 `{ message }`
 *   "Invalid login credentials" (same answer whether or not the account exists); 403
 *   `loginRefusedBody` `{ message, reason }` once the password was right but the account may not log
 *   in yet: reason "email_unverified" (offer /register-resend-link), "guardian_unconfirmed" (a child
 *   whose guardian has not opened the link yet; offer to resend it), "pending_deletion" (a fresh
 *   restore link is mailed; point to it), "disabled"; 429 when rate limited.
 * - POST /auth/register -> 201 `registerResponse`: `identity` is the address the verification link
 *   went to (use it for /register-success/{identity}); `phone_verification` is the same step as (b)
 *   when a phone number was given (the code step is optional there: login asks for it later).
 *   `/auth/phone/verify` during registration answers `access_token: null` until the email (and the
 *   guardian, for a child) is confirmed.
 * - Tokens: access token = JWT, 15 minutes, `Authorization: Bearer`. Refresh token = httpOnly
 *   cookie `refresh_token` (path /api/auth, SameSite=Lax), rotated by POST /auth/refresh (no body)
 *   which answers `{ access_token, token_type, expires_in }` or 401. Send requests with
 *   `credentials: "same-origin"` (default) so the cookie travels. Do not refresh twice at once:
 *   reusing an already rotated refresh token revokes the whole session family (401).
 * - POST /auth/logout (no body) revokes the session of the cookie and clears it: `{ message }`.
 * - Email verification: link `/?verification_token=T&username=U` -> POST /auth/verify {token}.
 *   Guardian confirmation: link `/?age_verification_token=T` -> POST /auth/verify-age {token}.
 *   Both answer `{ message, username }`; an unknown, used or expired token answers 400 `{ message }`.
 * - Resend: POST /auth/verify/resend {login} and POST /auth/verify/parent/resend {login}: always
 *   200 `{ message }` (never tells whether the account exists); throttled.
 * - Password reset: POST /auth/password-reset/request {login}: 200 `{ message, method }`, method
 *   "sms" when `login` is a phone number (a code is sent by SMS), otherwise "email" (a link
 *   `/reset-password/{token}` is mailed). Never tells whether the account exists.
 *   SMS: POST /auth/password-reset/phone/verify {phone, code} -> `{ token }` (a reset token, as if
 *   it came from the link). Link: POST /auth/password-reset/check {token} -> `{ valid: true }` or 400.
 *   PUT /auth/password-reset {token, password, password_confirmation} -> `{ message }`; ends
 *   every session. POST /auth/password-reset/email/update {token, email, email_confirmation}: with a
 *   valid reset token (e.g. from the SMS code), replace a lost email address; a verification link
 *   goes to the new address.
 * - GET /auth/me -> `userSchema` (spec section 3 User).
 * - DELETE /iu/me {feedback, username} -> `{ message }`: account pending deletion, every session
 *   ended, restore link `/restore-account/{token}` mailed (valid 14 days) -> POST /auth/restore
 *   {token} (no login needed) -> `{ message }`.
 * - PUT /iu/change-password {current_password, password, password_confirmation} -> `{ message }`;
 *   other sessions are ended, the current one stays.
 */
import { z } from "zod";
import { limits } from "../domain/constants";
import { isChild } from "../domain/people";
import { calendarDate, emailField, msg, passwordField, phoneField, text, usernameField } from "./validators";

export const authMsg = {
  loginInvalid: "auth.loginInvalid",
  termsRequired: "auth.termsRequired",
  guardianEmailSame: "auth.guardianEmailSame",
  dateOfBirthFuture: "auth.dateOfBirthFuture",
  codeFormat: "auth.codeFormat",
  passwordSameAsCurrent: "validation.passwordSameAsCurrent",
} as const;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const usernamePattern = /^[A-Za-z0-9_.-]+$/;
const phonePattern = /^\+[1-9][0-9]{7,14}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LoginIdentifier = { kind: "username" | "email" | "phone"; value: string };

/**
 * What a login identifier is: a phone number when it starts with "+", an email when it holds "@",
 * otherwise a username. Null when it is none of them well-formed. Emails come back lower-cased,
 * phone numbers without spaces, dashes or brackets.
 */
export function parseLoginIdentifier(input: string): LoginIdentifier | null {
  const v = input.trim();
  if (v.startsWith("+")) {
    const phone = v.replace(/[\s()-]/g, "");
    return phonePattern.test(phone) ? { kind: "phone", value: phone } : null;
  }
  if (v.includes("@")) {
    return v.length <= limits.emailMax && emailPattern.test(v)
      ? { kind: "email", value: v.toLowerCase() }
      : null;
  }
  return v.length >= limits.usernameMin && v.length <= limits.usernameMax && usernamePattern.test(v)
    ? { kind: "username", value: v }
    : null;
}

/** Username, email or phone with country code; "Enter a valid username, email or phone number...". */
export const loginField = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .max(limits.emailMax, { error: authMsg.loginInvalid })
  .refine((v) => parseLoginIdentifier(v) !== null, { error: authMsg.loginInvalid });

/** A password typed to log in or to confirm: no format rule (older passwords may predate it). */
export const currentPasswordField = z
  .string({ error: msg.required })
  .min(1, { error: msg.required })
  .max(limits.passwordMax, { error: msg.max(limits.passwordMax) });

/** A token from a link (verification, reset, restore) or a phone-step ticket. */
export const tokenField = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .max(200, { error: msg.max(200) })
  .regex(/^[A-Za-z0-9_-]+$/, { error: msg.invalidCharacters });

/** A 6-digit code sent by SMS. */
export const codeField = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .regex(/^\d{6}$/, { error: authMsg.codeFormat });

const nameField = text(1, limits.nameMax).refine((v) => !/[<>{}\\/0-9@]/.test(v), {
  error: msg.invalidCharacters,
});

/** A date of birth: a real date, not in the future, not before 1900. */
export const dateOfBirthField = calendarDate.refine(
  (v) => v >= "1900-01-01" && v <= new Date().toISOString().slice(0, 10),
  { error: authMsg.dateOfBirthFuture },
);

// ---------------------------------------------------------------------------------------------
// Responses shared by several calls
// ---------------------------------------------------------------------------------------------

/** `{ message }`, the translated result of an action (shown as a success toast). */
export const authMessageResponse = z.object({ message: z.string() });
export type AuthMessageResponse = z.infer<typeof authMessageResponse>;

/** A logged-in session: the access token (the refresh token travels as an httpOnly cookie). */
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  /** Seconds until the access token expires (900). */
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** The SMS-code step: a code was sent to `phone` (masked). */
export const phoneVerificationStep = z.object({
  /** Opaque proof of the first step (password or registration), valid 1 hour. */
  ticket: z.string(),
  /** Masked number the code went to, e.g. "+44*******123". */
  phone: z.string(),
  /** Seconds before a new code may be asked for (60 after a send). */
  resend_after_seconds: z.number().int(),
});
export type PhoneVerificationStep = z.infer<typeof phoneVerificationStep>;

export const phoneStepResponse = z.object({
  phone_verification_required: z.literal(true),
  phone_verification: phoneVerificationStep,
});
export type PhoneStepResponse = z.infer<typeof phoneStepResponse>;

export const loginRefusalReasons = [
  "email_unverified",
  "guardian_unconfirmed",
  "pending_deletion",
  "disabled",
] as const;
export type LoginRefusalReason = (typeof loginRefusalReasons)[number];
/** 403 of POST /auth/login (and /auth/phone/verify): the password was right but login is not possible yet. */
export const loginRefusedBody = z.object({ message: z.string(), reason: z.enum(loginRefusalReasons) });
export type LoginRefusedBody = z.infer<typeof loginRefusedBody>;

// ---------------------------------------------------------------------------------------------
// Login, phone code, tokens
// ---------------------------------------------------------------------------------------------

export const loginRequest = z.object({ login: loginField, password: currentPasswordField });
export type LoginRequest = z.input<typeof loginRequest>;
export const loginResponse = z.union([tokenResponse, phoneStepResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const phoneVerifyRequest = z.object({ ticket: tokenField, code: codeField });
export type PhoneVerifyRequest = z.input<typeof phoneVerifyRequest>;
/** `access_token` is null when the phone is verified but the account cannot log in yet (registration). */
export const phoneVerifyResponse = z.object({
  message: z.string(),
  access_token: z.string().nullable(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
});
export type PhoneVerifyResponse = z.infer<typeof phoneVerifyResponse>;

export const phoneResendRequest = z.object({ ticket: tokenField });
export type PhoneResendRequest = z.input<typeof phoneResendRequest>;
export const phoneUpdateRequest = z.object({ ticket: tokenField, phone: phoneField });
export type PhoneUpdateRequest = z.input<typeof phoneUpdateRequest>;
/** Answer of phone/verify/resend and phone/update: a new code was sent. */
export const phoneCodeSentResponse = z.object({
  message: z.string(),
  phone_verification: phoneVerificationStep,
});
export type PhoneCodeSentResponse = z.infer<typeof phoneCodeSentResponse>;

export const refreshResponse = tokenResponse;

// ---------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------

/** An optional field: empty or absent becomes null, anything else must pass `field`. */
function optional<T extends z.ZodType<unknown, string>>(field: T) {
  return z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(field.nullable());
}
const optionalPhone = optional(phoneField);
const optionalEmail = optional(emailField);
const optionalName = optional(nameField);

/**
 * Registration (spec section 3). `registered_by` is "self" (default: the learner registers; when the
 * date of birth makes them a child, guardian_email and guardian_phone are required and the guardian
 * gets a confirmation link) or "guardian" (a guardian registers a child: first_name, last_name,
 * email and phone are the guardian's own; child_first_name and child_last_name name the child's
 * account; username, password and date_of_birth are the child's. The guardian's single link both
 * verifies the address and confirms the child).
 */
export const registerRequest = z
  .object({
    registered_by: z.enum(["self", "guardian"]).default("self"),
    first_name: nameField,
    last_name: nameField,
    username: usernameField,
    email: emailField,
    email_confirmation: z.string({ error: msg.required }).trim().min(1, { error: msg.required }),
    password: passwordField,
    password_confirmation: z.string({ error: msg.required }).min(1, { error: msg.required }),
    date_of_birth: dateOfBirthField,
    phone: optionalPhone,
    guardian_email: optionalEmail,
    guardian_phone: optionalPhone,
    child_first_name: optionalName,
    child_last_name: optionalName,
    newsletter: z.boolean().default(false),
    terms: z.boolean({ error: authMsg.termsRequired }),
  })
  .superRefine((v, ctx) => {
    if (v.email_confirmation.toLowerCase() !== v.email)
      ctx.addIssue({ code: "custom", path: ["email_confirmation"], message: msg.emailMismatch });
    if (v.password_confirmation !== v.password)
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: msg.passwordMismatch });
    if (v.terms !== true) ctx.addIssue({ code: "custom", path: ["terms"], message: authMsg.termsRequired });
    if (v.registered_by === "guardian") {
      if (!v.child_first_name)
        ctx.addIssue({ code: "custom", path: ["child_first_name"], message: msg.required });
      if (!v.child_last_name)
        ctx.addIssue({ code: "custom", path: ["child_last_name"], message: msg.required });
      if (!v.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: msg.required });
      return;
    }
    if (isChild(v.date_of_birth)) {
      if (!v.guardian_email)
        ctx.addIssue({ code: "custom", path: ["guardian_email"], message: msg.required });
      else if (v.guardian_email === v.email)
        ctx.addIssue({ code: "custom", path: ["guardian_email"], message: authMsg.guardianEmailSame });
      if (!v.guardian_phone)
        ctx.addIssue({ code: "custom", path: ["guardian_phone"], message: msg.required });
    } else if (v.guardian_email && v.guardian_email === v.email) {
      ctx.addIssue({ code: "custom", path: ["guardian_email"], message: authMsg.guardianEmailSame });
    }
  });
export type RegisterRequest = z.input<typeof registerRequest>;
export type RegisterData = z.output<typeof registerRequest>;

export const registerResponse = z.object({
  message: z.string(),
  /** The address the verification link went to: for /register-success/{identity}. */
  identity: z.string(),
  username: z.string(),
  /** True when a guardian must confirm before the account can log in. */
  requires_guardian: z.boolean(),
  /** The optional SMS-code step for the phone number given, or null. */
  phone_verification: phoneVerificationStep.nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

// ---------------------------------------------------------------------------------------------
// Verification links and their resend
// ---------------------------------------------------------------------------------------------

export const tokenRequest = z.object({ token: tokenField });
export type TokenRequest = z.input<typeof tokenRequest>;
export const verifyRequest = tokenRequest;
export const verifyAgeRequest = tokenRequest;
export const restoreRequest = tokenRequest;
export const passwordResetCheckRequest = tokenRequest;

/** Answer of /auth/verify and /auth/verify-age; the username can be put in the login form. */
export const verifyResponse = z.object({ message: z.string(), username: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponse>;

/** Resend of the verification link (or of the guardian's link): by username or email. */
export const resendRequest = z.object({ login: loginField });
export type ResendRequest = z.input<typeof resendRequest>;

// ---------------------------------------------------------------------------------------------
// Password reset
// ---------------------------------------------------------------------------------------------

export const passwordResetRequestRequest = z.object({ login: loginField });
export type PasswordResetRequestRequest = z.input<typeof passwordResetRequestRequest>;
export const passwordResetRequestResponse = z.object({
  message: z.string(),
  /** "sms" when `login` was a phone number (show the code step), otherwise "email". */
  method: z.enum(["email", "sms"]),
});
export type PasswordResetRequestResponse = z.infer<typeof passwordResetRequestResponse>;

export const passwordResetPhoneVerifyRequest = z.object({ phone: phoneField, code: codeField });
export type PasswordResetPhoneVerifyRequest = z.input<typeof passwordResetPhoneVerifyRequest>;
/** A reset token (1 hour) to use with PUT /auth/password-reset, as if it came from the mailed link. */
export const passwordResetPhoneVerifyResponse = z.object({ token: z.string() });

export const passwordResetCheckResponse = z.object({ valid: z.literal(true) });

const newPasswordPair = {
  password: passwordField,
  password_confirmation: z.string({ error: msg.required }).min(1, { error: msg.required }),
};
const passwordsIdentical = (v: { password: string; password_confirmation: string }, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation)
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: msg.passwordMismatch });
};

export const passwordResetRequest = z
  .object({ token: tokenField, ...newPasswordPair })
  .superRefine(passwordsIdentical);
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

export const passwordResetEmailUpdateRequest = z
  .object({
    token: tokenField,
    email: emailField,
    email_confirmation: z.string({ error: msg.required }).trim().min(1, { error: msg.required }),
  })
  .superRefine((v, ctx) => {
    if (v.email_confirmation.toLowerCase() !== v.email)
      ctx.addIssue({ code: "custom", path: ["email_confirmation"], message: msg.emailMismatch });
  });
export type PasswordResetEmailUpdateRequest = z.input<typeof passwordResetEmailUpdateRequest>;

// ---------------------------------------------------------------------------------------------
// The current user (spec section 3) and the account calls under /iu
// ---------------------------------------------------------------------------------------------

export const userSchema = z.object({
  id: z.number().int(),
  /** "first_last": initials come from the two parts split by the underscore. */
  name: z.string(),
  username: z.string(),
  /** Null for a child registered by a guardian (who has no address of their own). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role_id: z.number().int(),
  language_id: z.number().int(),
  /** Administrators only: the names of their permission flags. */
  permissions: z.array(z.string()).optional(),
  /** Learners only. */
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  /** Under 13 by date of birth: payment settings are hidden. */
  is_child: z.boolean(),
  /** For a child: whether the guardian confirmed (always true for adults). */
  parent_verified: z.boolean(),
  user_profile: z
    .object({ enable_salary_scale: z.boolean(), date_of_birth: z.string().nullable() })
    .nullable(),
  salary_scale: z
    .object({ discounted_country_range: z.object({ discount_percentage: z.number() }) })
    .nullable(),
});
export type User = z.infer<typeof userSchema>;

export const deleteAccountRequest = z.object({
  feedback: text(limits.deleteFeedbackMin, limits.deleteFeedbackMax),
  /** The account's username, typed to confirm. */
  username: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(limits.usernameMax, { error: msg.max(limits.usernameMax) }),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

export const changePasswordRequest = z
  .object({ current_password: currentPasswordField, ...newPasswordPair })
  .superRefine((v, ctx) => {
    passwordsIdentical(v, ctx);
    if (v.password === v.current_password)
      ctx.addIssue({ code: "custom", path: ["password"], message: authMsg.passwordSameAsCurrent });
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** Lifetimes and waits the interface may show. */
export const authTimings = {
  accessTokenSeconds: 15 * 60,
  refreshTokenDays: 30,
  phoneCodeResendSeconds: limits.phoneCodeResendSeconds,
  phoneCodeMinutes: 10,
  resetTokenMinutes: 60,
  restoreDays: 14,
  verificationLinkHours: 48,
  maxCodeAttempts: 5,
} as const;
