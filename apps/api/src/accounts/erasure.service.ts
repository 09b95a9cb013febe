/**
 * Erasure after the deletion grace period (DOMAIN.md: nothing personal stays, except anonymised
 * order records kept for accounting). The users row stays, anonymised, so that orders and other
 * records keep a valid reference; everything personal goes. Runs daily as a job; other features
 * that keep personal data per user register a cleanup with `onAccountErased`, and the one
 * "account.erased" job ({ userId }) runs every cleanup (a job has one consumer, so they share it).
 */
import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import {
  adminPermissions,
  courseNotifyRequests,
  credentialProfiles,
  learningGoals,
  learningMails,
  notifications,
  oneTimeTokens,
  outbox,
  refreshTokens,
  userProfiles,
  users,
  wishlistItems,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import { removeStoredFiles } from "../storage/remove-files";
import { GRACE_PERIOD_MS } from "./accounts.service";

export const ERASE_JOB = "accounts.erase-expired";
export const ACCOUNT_ERASED_JOB = "account.erased";

/** Erases every account whose grace period ended before `now`; returns their ids. */
export async function eraseExpiredAccounts(deps: Deps, now = new Date()): Promise<number[]> {
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, "pending_deletion"),
        isNotNull(users.deletionRequestedAt),
        lte(users.deletionRequestedAt, new Date(now.getTime() - GRACE_PERIOD_MS)),
      ),
    );
  const erased: number[] = [];
  for (const { id } of due) {
    if (await eraseAccount(deps, id, now)) erased.push(id);
  }
  return erased;
}

/**
 * Erases one account pending deletion (also used by the privacy desk, which passes `inTransaction`
 * to write its audit record in the same transaction). False when it is not pending deletion.
 */
export async function eraseAccount(
  deps: Deps,
  id: number,
  now: Date,
  inTransaction?: (tx: DbOrTx, user: typeof users.$inferSelect) => Promise<void>,
): Promise<boolean> {
  const files = await transaction(deps.db, async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.status, "pending_deletion")));
    if (!user) return null;
    await inTransaction?.(tx, user);
    const [profile] = await tx
      .select({ photoKey: userProfiles.photoKey, identityKey: userProfiles.identityKey })
      .from(userProfiles)
      .where(eq(userProfiles.userId, id));
    // The mails and SMS sent to the person's own address and number.
    const addresses = [user.email, user.phone].filter((v): v is string => !!v);
    if (addresses.length) await tx.delete(outbox).where(inArray(outbox.recipient, addresses));
    await tx.delete(userProfiles).where(eq(userProfiles.userId, id));
    await tx.delete(adminPermissions).where(eq(adminPermissions.userId, id));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, id));
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, id));
    await tx.delete(notifications).where(eq(notifications.userId, id));
    // The public certificates page would otherwise keep listing the erased person's certificates.
    await tx.delete(credentialProfiles).where(eq(credentialProfiles.userId, id));
    // The weekly goal, mail opt-ins and the record of learning mails sent to the person.
    await tx.delete(learningGoals).where(eq(learningGoals.userId, id));
    await tx.delete(learningMails).where(eq(learningMails.userId, id));
    // The wish list and the requests to be told of coming-soon titles.
    await tx.delete(wishlistItems).where(eq(wishlistItems.userId, id));
    await tx.delete(courseNotifyRequests).where(eq(courseNotifyRequests.userId, id));
    await tx
      .update(users)
      .set({
        username: `deleted-${id}`,
        email: null,
        phone: null,
        passwordHash: "!erased",
        firstName: "",
        lastName: "",
        dateOfBirth: null,
        emailVerifiedAt: null,
        phoneVerifiedAt: null,
        guardianEmail: null,
        guardianPhone: null,
        guardianVerifiedAt: null,
        newsletterConsent: false,
        deletionFeedback: null,
        lastActiveAt: null,
        status: "erased",
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, id));
    return [profile?.photoKey, profile?.identityKey].filter((k): k is string => !!k);
  });
  if (files === null) return false;
  await removeStoredFiles(deps, files, { during: "account erasure", userId: id });
  await deps.jobs.send(ACCOUNT_ERASED_JOB, { userId: id });
  return true;
}

export type ErasureCleanup = (deps: Deps, userId: number) => Promise<unknown>;
const cleanups = new WeakMap<Deps, ErasureCleanup[]>();

/** Registers a feature's cleanup of a user's personal data, run after the account is erased. */
export function onAccountErased(deps: Deps, cleanup: ErasureCleanup): void {
  cleanups.set(deps, [...(cleanups.get(deps) ?? []), cleanup]);
}

/** Daily at 03:30: registered in workers.ts. */
export async function registerAccountJobs(deps: Deps): Promise<void> {
  await deps.jobs.work(ACCOUNT_ERASED_JOB, async (data) => {
    const userId = Number(data.userId);
    if (!Number.isInteger(userId) || userId <= 0) return;
    for (const cleanup of cleanups.get(deps) ?? []) await cleanup(deps, userId);
  });
  await deps.jobs.work(ERASE_JOB, async () => {
    await eraseExpiredAccounts(deps);
  });
  await deps.jobs.schedule(ERASE_JOB, "30 3 * * *");
}
