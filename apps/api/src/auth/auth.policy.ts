/** Who may log in, and what stands in the way: one small rule each (asked after the password matched). */
import type { LoginIdentifier, LoginRefusalReason } from "@aprendo/contract";
import type { users } from "../db/schema/index";

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

/** Accounts whose password can be reset: not erased, not disabled by an administrator. */
export function mayResetPassword(user: UserRow): boolean {
  return user.status === "active" || user.status === "pending_deletion";
}

/** A reset code goes only to a phone number the owner has proved. */
export function mayReceiveResetCode(user: UserRow, identifier: LoginIdentifier): boolean {
  return identifier.kind === "phone" && user.phoneVerifiedAt !== null && mayResetPassword(user);
}
