/**
 * Login by username, email or phone number and password. The answer for an unknown account and
 * for a wrong password is the same, and costs the same (a real Argon2 verification against a decoy
 * hash). Only once the password matched does the account's state show: unverified email, child
 * waiting for the guardian, pending deletion, or the SMS-code step for an unverified phone.
 */
import type { LoginIdentifier, LoginRefusalReason, PhoneVerificationStep } from "@aprendo/contract";
import { sendRestoreLink } from "../accounts/accounts.service";
import type { Deps } from "../context";
import { AppError } from "../http/errors";
import { loginRefusal, needsPhoneCode } from "./auth.policy";
import { clearLoginFailures, countLoginFailure, lockedSeconds } from "./login-lock";
import { decoyHash, verifyPassword } from "./passwords";
import { startPhoneStep, verifyPhoneCode } from "./phone.service";
import { type IssuedSession, startSession } from "./sessions";
import { findUserByIdentifier } from "./users.repository";

export type LoginOutcome =
  | { kind: "session"; session: IssuedSession }
  | { kind: "phone"; step: PhoneVerificationStep }
  | { kind: "refused"; reason: LoginRefusalReason }
  /** No such account: answered like a wrong password; the route counts it per typed identifier. */
  | { kind: "unknown" }
  /** Too many failed passwords on this account (auth/login-lock.ts): 429 for `seconds`. */
  | { kind: "locked"; seconds: number };

export const invalidCredentials = () => new AppError("unauthenticated", "auth.invalidCredentials");

export async function logIn(
  deps: Deps,
  identifier: LoginIdentifier,
  password: string,
  userAgent?: string,
): Promise<LoginOutcome> {
  const user = await findUserByIdentifier(deps.db, identifier);
  if (!user) {
    await verifyPassword(await decoyHash(), password);
    return { kind: "unknown" };
  }
  // Checked before the password, so a locked account answers nothing about its password.
  const seconds = await lockedSeconds(deps.db, user.id);
  if (seconds > 0) return { kind: "locked", seconds };
  if (!(await verifyPassword(user.passwordHash, password))) {
    await countLoginFailure(deps.db, user.id);
    throw invalidCredentials();
  }
  await clearLoginFailures(deps.db, user.id);
  const reason = loginRefusal(user);
  if (reason === "pending_deletion") await sendRestoreLink(deps, user, { onlyIfOlderThanMs: 10 * 60 * 1000 });
  if (reason) return { kind: "refused", reason };
  if (needsPhoneCode(user) && user.phone)
    return { kind: "phone", step: await startPhoneStep(deps, user, user.phone) };
  return { kind: "session", session: await startSession(deps.db, deps.config, user, userAgent) };
}

export type PhoneLoginOutcome =
  | { kind: "session"; session: IssuedSession }
  | { kind: "verified"; reason: LoginRefusalReason };

/** The code of the SMS step: the phone becomes verified, then the login completes if it may. */
export async function completePhoneStep(
  deps: Deps,
  ticket: string,
  code: string,
  userAgent?: string,
): Promise<PhoneLoginOutcome> {
  const user = await verifyPhoneCode(deps, ticket, code);
  const reason = loginRefusal(user);
  if (reason) return { kind: "verified", reason };
  return { kind: "session", session: await startSession(deps.db, deps.config, user, userAgent) };
}
