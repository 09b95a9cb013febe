/**
 * Password reset by mailed link or by SMS code. The request never says whether an account exists;
 * links and codes are single-use, stored hashed, valid 1 hour; a code allows 5 tries. A verified
 * code gives a reset token, the same kind the link carries. Resetting ends every session.
 */
import { authTimings, type LoginIdentifier } from "@aprendo/contract";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Deps } from "../context";
import { oneTimeTokens, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { tellPasswordChanged } from "../profile/account.mails";
import { displayName, links, sendAccountMail, sendCodeSms } from "./auth.mails";
import { authPolicy } from "./auth.policy";
import { clearLoginFailures } from "./login-lock";
import {
  consumeToken,
  countAttempt,
  expireTokens,
  findToken,
  isLive,
  issueToken,
  latestToken,
  type OneTimeToken,
} from "./one-time-tokens";
import { hashPassword, verifyPassword } from "./passwords";
import { sendVerificationLink } from "./registration.service";
import { codeHash, newCode, sameHash } from "./secrets";
import { revokeAllSessions } from "./sessions";
import {
  findUserById,
  findUserByIdentifier,
  takenFields,
  type UserRow,
  uniqueViolationField,
} from "./users.repository";

const RESET_TTL_MS = authTimings.resetTokenMinutes * 60 * 1000;
const RESEND_WAIT_MS = 60 * 1000;

const invalidLink = () => new AppError("bad_request", "auth.resetInvalid");
const invalidCode = () => new AppError("bad_request", "auth.codeInvalid");

async function recentlySent(deps: Deps, userId: number, purpose: "password_reset" | "password_reset_code") {
  const last = await latestToken(deps.db, userId, purpose);
  return last !== null && Date.now() - last.createdAt.getTime() < RESEND_WAIT_MS;
}

/** Sends a link (or, for a phone number, a code) when an account matches; says nothing either way. */
export async function requestReset(deps: Deps, identifier: LoginIdentifier): Promise<"email" | "sms"> {
  const user = await findUserByIdentifier(deps.db, identifier);
  if (identifier.kind === "phone") {
    if (
      user &&
      authPolicy.allow(null, "receiveResetCode", { account: user, identifier }) &&
      !(await recentlySent(deps, user.id, "password_reset_code"))
    ) {
      const code = newCode();
      // The code and its SMS are written together: no SMS for a code that was not kept, and back.
      await transaction(deps.db, async (tx) => {
        await issueToken(tx, {
          userId: user.id,
          purpose: "password_reset_code",
          ttlMs: RESET_TTL_MS,
          hash: codeHash(deps.config.jwtSecret, `reset:${user.id}`, code),
          replacePrevious: true,
        });
        await sendCodeSms(
          { ...deps, db: tx },
          {
            to: identifier.value,
            email: user.email ?? user.guardianEmail,
            languageId: user.languageId,
            code,
            kind: "resetCode",
          },
        );
      });
    }
    return "sms";
  }
  const address = user?.email ?? user?.guardianEmail;
  if (
    user &&
    address &&
    authPolicy.allow(null, "resetPassword", user) &&
    !(await recentlySent(deps, user.id, "password_reset"))
  ) {
    await transaction(deps.db, async (tx) => {
      const token = await issueToken(tx, {
        userId: user.id,
        purpose: "password_reset",
        ttlMs: RESET_TTL_MS,
        meta: { via: "email", email: address },
        replacePrevious: true,
      });
      await sendAccountMail(
        { ...deps, db: tx },
        {
          to: address,
          languageId: user.languageId,
          kind: "reset",
          name: displayName(user),
          link: links.resetPassword(deps.config.publicUrl, token),
        },
      );
    });
  }
  return "email";
}

/** The SMS code: exchanged for a reset token (1 hour), as if it came from the mailed link. */
export async function verifyResetCode(deps: Deps, phone: string, code: string): Promise<string> {
  const user = await findUserByIdentifier(deps.db, { kind: "phone", value: phone });
  if (!user?.phoneVerifiedAt) throw invalidCode();
  const [row] = await deps.db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        eq(oneTimeTokens.purpose, "password_reset_code"),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw invalidCode();
  if (!sameHash(codeHash(deps.config.jwtSecret, `reset:${user.id}`, code), row.tokenHash)) {
    const attempts = await countAttempt(deps.db, row.id, authTimings.maxCodeAttempts);
    throw new AppError(
      "bad_request",
      attempts >= authTimings.maxCodeAttempts ? "auth.codeTooManyAttempts" : "auth.codeInvalid",
    );
  }
  if (!(await consumeToken(deps.db, row.id))) throw invalidCode();
  return issueToken(deps.db, {
    userId: user.id,
    purpose: "password_reset",
    ttlMs: RESET_TTL_MS,
    meta: { via: "sms", phone },
    replacePrevious: true,
  });
}

async function liveReset(deps: Deps, token: string): Promise<{ row: OneTimeToken; user: UserRow }> {
  const row = await findToken(deps.db, "password_reset", token);
  if (!row || !isLive(row)) throw invalidLink();
  const user = await findUserById(deps.db, row.userId);
  if (!user || !authPolicy.allow(null, "resetPassword", user)) throw invalidLink();
  return { row, user };
}

export async function checkReset(deps: Deps, token: string): Promise<void> {
  await liveReset(deps, token);
}

/** Sets the new password (different from the current one), uses the token up, ends every session. */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const { row, user } = await liveReset(deps, token);
  if (await verifyPassword(user.passwordHash, password))
    throw AppError.field("password", "validation.passwordSameAsCurrent");
  const passwordHash = await hashPassword(password);
  const meta = row.meta as { via?: string; email?: string } | null;
  await transaction(deps.db, async (tx) => {
    if (!(await consumeToken(tx, row.id))) throw invalidLink();
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        // The link reached the account's own address: that proves the address too.
        ...(meta?.via === "email" && meta.email === user.email && !user.emailVerifiedAt
          ? { emailVerifiedAt: now }
          : {}),
      })
      .where(eq(users.id, user.id));
    await expireTokens(tx, user.id, "password_reset");
    await expireTokens(tx, user.id, "password_reset_code");
    await revokeAllSessions(tx, user.id);
    // Proving the address (or number) is how a locked-out owner gets back in.
    await clearLoginFailures(tx, user.id);
  });
  await tellPasswordChanged(deps, user.id, "reset");
}

/** With a reset token (e.g. from the SMS code), replaces a lost address; the new one must be verified. */
export async function updateEmailWithReset(deps: Deps, token: string, email: string): Promise<void> {
  const { user } = await liveReset(deps, token);
  if ((await takenFields(deps.db, { email }, user.id)).email)
    throw AppError.field("email", "auth.emailTaken");
  let updated: UserRow | undefined;
  try {
    [updated] = await deps.db
      .update(users)
      .set({
        email,
        emailVerifiedAt: email === user.email ? user.emailVerifiedAt : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
  } catch (error) {
    if (uniqueViolationField(error) === "email") throw AppError.field("email", "auth.emailTaken");
    throw error;
  }
  if (updated && !updated.emailVerifiedAt) await sendVerificationLink(deps, updated);
}
