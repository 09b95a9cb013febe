/**
 * The SMS-code step (login of an account whose phone is not verified yet, and registration).
 * The first step (password or registration) gets a ticket: a random secret whose one_time_tokens row
 * (purpose phone_verification, 1 hour) holds the number and the current code's HMAC. A code lives
 * 10 minutes and allows 5 tries; a new one can be asked for 60 s after the last.
 */
import { authTimings, type PhoneVerificationStep } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { oneTimeTokens, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { sendCodeSms } from "./auth.mails";
import {
  consumeToken,
  countAttempt,
  expireTokens,
  findToken,
  isLive,
  latestToken,
  type OneTimeToken,
} from "./one-time-tokens";
import { codeHash, maskPhone, newCode, newToken, sameHash, sha256 } from "./secrets";
import { findUserById, takenFields, type UserRow, uniqueViolationField } from "./users.repository";

type PhoneMeta = { phone: string; salt: string; codeHash: string; codeSentAt: number; codeExpiresAt: number };

const TICKET_TTL_MS = 60 * 60 * 1000;
const CODE_TTL_MS = authTimings.phoneCodeMinutes * 60 * 1000;
const RESEND_MS = authTimings.phoneCodeResendSeconds * 1000;

const metaOf = (row: OneTimeToken) => row.meta as PhoneMeta;
const waitSeconds = (meta: PhoneMeta, now = Date.now()) =>
  Math.max(0, Math.ceil((meta.codeSentAt + RESEND_MS - now) / 1000));

function stepOf(ticket: string, meta: PhoneMeta): PhoneVerificationStep {
  return { ticket, phone: maskPhone(meta.phone), resend_after_seconds: waitSeconds(meta) };
}

/**
 * Sends a new code to `phone` and returns what the ticket's row keeps of it. With no SMS provider in
 * production the code goes to the account's email (auth.mails.ts).
 */
async function sendNewCode(deps: Deps, user: UserRow, phone: string): Promise<PhoneMeta> {
  const code = newCode();
  const salt = newToken();
  await sendCodeSms(deps, {
    to: phone,
    email: user.email ?? user.guardianEmail,
    languageId: user.languageId,
    code,
    kind: "code",
  });
  const now = Date.now();
  return {
    phone,
    salt,
    codeHash: codeHash(deps.config.jwtSecret, salt, code),
    codeSentAt: now,
    codeExpiresAt: now + CODE_TTL_MS,
  };
}

async function liveTicket(deps: Deps, ticket: string): Promise<OneTimeToken> {
  const row = await findToken(deps.db, "phone_verification", ticket);
  if (!row || !isLive(row)) throw new AppError("bad_request", "auth.ticketInvalid");
  return row;
}

/**
 * Starts the step for the account's `phone`. A code sent less than 60 s ago to the same number is
 * not sent again (logging in twice must not flood the phone): the new ticket carries it on.
 */
export async function startPhoneStep(
  deps: Deps,
  user: UserRow,
  phone: string,
): Promise<PhoneVerificationStep> {
  const previous = await latestToken(deps.db, user.id, "phone_verification");
  const prior = previous && isLive(previous) ? metaOf(previous) : null;
  const carryOn = prior !== null && prior.phone === phone && waitSeconds(prior) > 0;
  const meta = carryOn ? prior : await sendNewCode(deps, user, phone);
  const ticket = newToken();
  await transaction(deps.db, async (tx) => {
    await expireTokens(tx, user.id, "phone_verification");
    await tx.insert(oneTimeTokens).values({
      userId: user.id,
      purpose: "phone_verification",
      tokenHash: sha256(ticket),
      meta,
      attempts: carryOn ? (previous?.attempts ?? 0) : 0,
      expiresAt: new Date(Date.now() + TICKET_TTL_MS),
    });
  });
  return stepOf(ticket, meta);
}

/** Checks the code; on success the number becomes the account's verified phone. */
export async function verifyPhoneCode(deps: Deps, ticket: string, code: string): Promise<UserRow> {
  const row = await liveTicket(deps, ticket);
  const meta = metaOf(row);
  if (row.attempts >= authTimings.maxCodeAttempts)
    throw new AppError("bad_request", "auth.codeTooManyAttempts");
  if (Date.now() > meta.codeExpiresAt) throw new AppError("bad_request", "auth.codeInvalid");
  if (!sameHash(codeHash(deps.config.jwtSecret, meta.salt, code), meta.codeHash)) {
    const attempts = await countAttempt(deps.db, row.id, null);
    throw new AppError(
      "bad_request",
      attempts >= authTimings.maxCodeAttempts ? "auth.codeTooManyAttempts" : "auth.codeInvalid",
    );
  }
  if ((await takenFields(deps.db, { phone: meta.phone }, row.userId)).phone)
    throw new AppError("conflict", "auth.phoneTaken");
  try {
    await transaction(deps.db, async (tx) => {
      if (!(await consumeToken(tx, row.id))) throw new AppError("bad_request", "auth.ticketInvalid");
      await tx
        .update(users)
        .set({ phone: meta.phone, phoneVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, row.userId));
    });
  } catch (error) {
    if (uniqueViolationField(error) === "phone") throw new AppError("conflict", "auth.phoneTaken");
    throw error;
  }
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw new AppError("bad_request", "auth.ticketInvalid");
  return user;
}

/** A new code to the same number, 60 s after the last one at the earliest. */
export async function resendPhoneCode(deps: Deps, ticket: string): Promise<PhoneVerificationStep> {
  const row = await liveTicket(deps, ticket);
  const meta = metaOf(row);
  const wait = waitSeconds(meta);
  if (wait > 0) throw new AppError("rate_limited", "auth.codeWait", { params: { seconds: wait } });
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw new AppError("bad_request", "auth.ticketInvalid");
  const next = await sendNewCode(deps, user, meta.phone);
  await deps.db.update(oneTimeTokens).set({ meta: next, attempts: 0 }).where(eq(oneTimeTokens.id, row.id));
  return stepOf(ticket, next);
}

/** Another number (a typo, a new phone): a code goes there; it becomes the account's once verified. */
export async function changePhone(deps: Deps, ticket: string, phone: string): Promise<PhoneVerificationStep> {
  const row = await liveTicket(deps, ticket);
  const meta = metaOf(row);
  if ((await takenFields(deps.db, { phone }, row.userId)).phone)
    throw AppError.field("phone", "auth.phoneTaken");
  if (meta.phone === phone && waitSeconds(meta) > 0) return stepOf(ticket, meta);
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw new AppError("bad_request", "auth.ticketInvalid");
  const next = await sendNewCode(deps, user, phone);
  await deps.db.update(oneTimeTokens).set({ meta: next, attempts: 0 }).where(eq(oneTimeTokens.id, row.id));
  return stepOf(ticket, next);
}
