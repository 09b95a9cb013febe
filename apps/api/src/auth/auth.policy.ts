/**
 * Who may do what with signing in: read one's own account (any signed-in caller), reset a password
 * (the account behind a mailed link or code), and what stands in the way of a login (asked after the
 * password matched).
 */
import type { LoginIdentifier, LoginRefusalReason } from "@aprendo/contract";
import type { users } from "../db/schema/index";
import { type Actor, definePolicy, signedIn } from "../http/policy";

type UserRow = typeof users.$inferSelect;

export const refusalMessage: Record<LoginRefusalReason, string> = {
  email_unverified: "auth.emailUnverified",
  guardian_unconfirmed: "auth.guardianUnconfirmed",
  pending_deletion: "auth.pendingDeletion",
  disabled: "auth.accountDisabled",
};

/** Why this account may not log in now; null when it may. Order: the account, then its confirmations. */
export function loginRefusal(user: UserRow): LoginRefusalReason | null {
  if (user.status === "pending_deletion") return "pending_deletion";
  if (user.status !== "active") return "disabled";
  // A child registered by a guardian has no address of their own: the guardian's link confirms both.
  if (user.email !== null && user.emailVerifiedAt === null) return "email_unverified";
  if (user.guardianEmail !== null && user.guardianVerifiedAt === null) return "guardian_unconfirmed";
  return null;
}

/** An account with a phone number that was never confirmed finishes its login with an SMS code. */
export function needsPhoneCode(user: UserRow): boolean {
  return user.phone !== null && user.phoneVerifiedAt === null;
}

/**
 * Accounts whose password can be reset: not erased, not disabled by an administrator. Whoever asks
 * (the holder of a mailed link, or a user manager sending one from the back office).
 */
export const mayResetPassword = (account: UserRow): boolean =>
  account.status === "active" || account.status === "pending_deletion";

export const authPolicy = definePolicy("auth", {
  /** Who am I: the signed-in caller's own account. */
  readSelf: signedIn,
  /** Reset this account's password with its mailed link or code (the caller is a guest). */
  resetPassword: (_actor: Actor, account: UserRow) => mayResetPassword(account),
  /** Receive a reset code by SMS: only on a phone number the owner has proved. */
  receiveResetCode: (_actor: Actor, to: { account: UserRow; identifier: LoginIdentifier }) =>
    to.identifier.kind === "phone" && to.account.phoneVerifiedAt !== null && mayResetPassword(to.account),
});
