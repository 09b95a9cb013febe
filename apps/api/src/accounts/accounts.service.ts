/**
 * The learner's own account: deletion with a 14-day grace period (restore link by mail), restore,
 * and change of password. Erasure after the grace period lives in erasure.ts.
 */
import { authTimings } from "@aprendo/contract";
import { and, eq } from "drizzle-orm";
import { displayName, links, sendAccountMail } from "../auth/auth.mails";
import { consumeToken, findToken, isLive, issueToken, latestToken } from "../auth/one-time-tokens";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { revokeAllSessions } from "../auth/sessions";
import { findUserById, type UserRow } from "../auth/users.repository";
import type { Deps } from "../context";
import { users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { tellPasswordChanged } from "../profile/account.mails";
import { accountsPolicy, sameUsername } from "./accounts.policy";

export const GRACE_PERIOD_MS = authTimings.restoreDays * 24 * 3600 * 1000;

/**
 * Mails a restore link valid until the end of the grace period. With `onlyIfOlderThanMs`, nothing
 * is sent when a link went out more recently (a login attempt reminds, it does not flood).
 */
export async function sendRestoreLink(
  deps: Deps,
  user: UserRow,
  options: { onlyIfOlderThanMs?: number } = {},
): Promise<void> {
  const address = user.email ?? user.guardianEmail;
  if (!address || !user.deletionRequestedAt) return;
  if (options.onlyIfOlderThanMs) {
    const last = await latestToken(deps.db, user.id, "account_restore");
    if (last && Date.now() - last.createdAt.getTime() < options.onlyIfOlderThanMs) return;
  }
  const endsAt = user.deletionRequestedAt.getTime() + GRACE_PERIOD_MS;
  const token = await issueToken(deps.db, {
    userId: user.id,
    purpose: "account_restore",
    ttlMs: Math.max(0, endsAt - Date.now()),
  });
  await sendAccountMail(deps, {
    to: address,
    languageId: user.languageId,
    kind: "deletion",
    name: displayName(user),
    link: links.restoreAccount(deps.config.publicUrl, token),
  });
}

/** DELETE /iu/me: pending deletion, logged out everywhere, restore link mailed. */
export async function requestDeletion(
  deps: Deps,
  actor: CurrentUser,
  input: { feedback: string; username: string },
): Promise<void> {
  const user = await findUserById(deps.db, actor.id);
  if (!user || !accountsPolicy.allow(actor, "deleteOwn", user)) throw new AppError("forbidden");
  if (!sameUsername(user, input.username)) throw AppError.field("username", "auth.usernameConfirmMismatch");
  const now = new Date();
  const [updated] = await transaction(deps.db, async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        status: "pending_deletion",
        deletionRequestedAt: now,
        deletionFeedback: input.feedback,
        updatedAt: now,
      })
      .where(and(eq(users.id, user.id), eq(users.status, "active")))
      .returning();
    await revokeAllSessions(tx, user.id);
    return rows;
  });
  if (!updated) throw new AppError("conflict");
  await sendRestoreLink(deps, updated);
}

/** POST /auth/restore: back to active within the grace period; the user logs in again. */
export async function restoreAccount(deps: Deps, token: string): Promise<UserRow> {
  const invalid = new AppError("bad_request", "auth.restoreInvalid");
  const row = await findToken(deps.db, "account_restore", token);
  if (!row || !isLive(row)) throw invalid;
  const user = await findUserById(deps.db, row.userId);
  if (user?.status !== "pending_deletion") throw invalid;
  return transaction(deps.db, async (tx) => {
    if (!(await consumeToken(tx, row.id))) throw invalid;
    const [restored] = await tx
      .update(users)
      .set({ status: "active", deletionRequestedAt: null, deletionFeedback: null, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.status, "pending_deletion")))
      .returning();
    if (!restored) throw invalid;
    return restored;
  });
}

/** PUT /iu/change-password: the current password proves it is the owner; other sessions end. */
export async function changePassword(
  deps: Deps,
  userId: number,
  input: { currentPassword: string; password: string },
  keepSessionId?: string,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError("unauthenticated");
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw AppError.field("current_password", "auth.currentPasswordWrong");
  const passwordHash = await hashPassword(input.password);
  await transaction(deps.db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, keepSessionId);
  });
  await tellPasswordChanged(deps, user.id, "changed");
}
