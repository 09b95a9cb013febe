/**
 * The copy of a person's data (GDPR art. 15 and 20): everything the platform holds about one user,
 * as one JSON document. Every query is keyed on that user's id (or on rows that belong to them,
 * such as the messages of their own tickets), so nobody else's data can enter it. Secrets and
 * internal storage keys are left out; staff who answered are named only by their role.
 */
import { asc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import {
  certificates,
  couponRedemptions,
  courseNotifyRequests,
  credentialProfiles,
  creditLedger,
  ebookReads,
  enrolments,
  examAccesses,
  examPasses,
  learningDays,
  learningGoals,
  lectureAnswers,
  lectureNotes,
  lectureNotesAccess,
  lectureProgress,
  lectureQuestions,
  notifications,
  orderLines,
  orders,
  quizAttempts,
  salaryScaleApplications,
  savedCards,
  sponsorships,
  ticketAttachments,
  ticketMessages,
  tickets,
  userProfiles,
  users,
  wishlistItems,
} from "../db/schema/index";

export const EXPORT_FORMAT_VERSION = 1;

/** Columns never exported: credentials, token hashes, internal file keys, staff ids. */
const hidden = new Set([
  "passwordHash",
  "tokenHash",
  "guestTokenHash",
  "guestTokenSalt",
  "token",
  "providerToken",
  "providerCustomerId",
  "fileKey",
  "storageKey",
  "photoKey",
  "identityKey",
  "claimedBy",
  "adminId",
  "grantedBy",
  "authorId",
  "sha256",
]);

function clean<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (hidden.has(key)) continue;
    const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    out[snake] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
const cleanAll = (rows: Record<string, unknown>[]) => rows.map(clean);

export type PersonalData = Record<string, unknown> & { account: Record<string, unknown> };

export async function collectPersonalData(
  db: DbOrTx,
  userId: number,
  now = new Date(),
): Promise<PersonalData> {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) throw new Error(`No user ${userId}`);
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));

  const ownTickets = await db
    .select()
    .from(tickets)
    .where(eq(tickets.userId, userId))
    .orderBy(asc(tickets.id));
  const ticketIds = ownTickets.map((t) => t.id);
  const [messages, attachments] = ticketIds.length
    ? await Promise.all([
        db
          .select()
          .from(ticketMessages)
          .where(inArray(ticketMessages.ticketId, ticketIds))
          .orderBy(asc(ticketMessages.id)),
        db.select().from(ticketAttachments).where(inArray(ticketAttachments.ticketId, ticketIds)),
      ])
    : [[], []];

  const ownQuestions = await db
    .select()
    .from(lectureQuestions)
    .where(eq(lectureQuestions.userId, userId))
    .orderBy(asc(lectureQuestions.id));
  const answers = ownQuestions.length
    ? await db
        .select()
        .from(lectureAnswers)
        .where(
          inArray(
            lectureAnswers.questionId,
            ownQuestions.map((q) => q.id),
          ),
        )
        .orderBy(asc(lectureAnswers.id))
    : [];

  const ownOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const lines = ownOrders.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            ownOrders.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];

  const byUser = async <T extends Record<string, unknown>>(query: Promise<T[]>) => cleanAll(await query);
  const [
    enrolled,
    progress,
    notes,
    notesAccess,
    reads,
    certs,
    notes_,
    accesses,
    attempts,
    passes,
    cards,
    redemptions,
    credit,
    scale,
    sponsored,
    publicPage,
    learned,
    goal,
    wished,
    notifyRequests,
  ] = await Promise.all([
    byUser(db.select().from(enrolments).where(eq(enrolments.userId, userId))),
    byUser(db.select().from(lectureProgress).where(eq(lectureProgress.userId, userId))),
    byUser(db.select().from(lectureNotes).where(eq(lectureNotes.userId, userId))),
    byUser(db.select().from(lectureNotesAccess).where(eq(lectureNotesAccess.userId, userId))),
    byUser(db.select().from(ebookReads).where(eq(ebookReads.userId, userId))),
    byUser(db.select().from(certificates).where(eq(certificates.userId, userId))),
    byUser(
      db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id)),
    ),
    byUser(db.select().from(examAccesses).where(eq(examAccesses.userId, userId))),
    byUser(db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId))),
    byUser(db.select().from(examPasses).where(eq(examPasses.userId, userId))),
    byUser(db.select().from(savedCards).where(eq(savedCards.userId, userId))),
    byUser(db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, userId))),
    byUser(db.select().from(creditLedger).where(eq(creditLedger.userId, userId))),
    byUser(db.select().from(salaryScaleApplications).where(eq(salaryScaleApplications.userId, userId))),
    byUser(
      db
        .select()
        .from(sponsorships)
        .where(or(eq(sponsorships.sponsorUserId, userId), eq(sponsorships.recipientUserId, userId))),
    ),
    byUser(db.select().from(credentialProfiles).where(eq(credentialProfiles.userId, userId))),
    byUser(
      db.select().from(learningDays).where(eq(learningDays.userId, userId)).orderBy(asc(learningDays.day)),
    ),
    byUser(db.select().from(learningGoals).where(eq(learningGoals.userId, userId))),
    byUser(db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId))),
    byUser(db.select().from(courseNotifyRequests).where(eq(courseNotifyRequests.userId, userId))),
  ]);

  return {
    format: "aprendo.personal-data",
    version: EXPORT_FORMAT_VERSION,
    generated_at: now.toISOString(),
    account: clean(account),
    profile: profile ? clean(profile) : null,
    enrolments: enrolled,
    lecture_progress: progress,
    lecture_notes: notes,
    lecture_notes_access: notesAccess,
    ebook_reads: reads,
    questions: ownQuestions.map((q) => ({
      ...clean(q),
      answers: cleanAll(answers.filter((a) => a.questionId === q.id)),
    })),
    tickets: ownTickets.map((t) => ({
      ...clean(t),
      messages: messages
        .filter((m) => m.ticketId === t.id)
        .map((m) => ({ ...clean(m), from: m.authorId === userId ? "you" : m.authorKind })),
      attachments: cleanAll(attachments.filter((a) => a.ticketId === t.id)),
    })),
    orders: ownOrders.map((o) => ({ ...clean(o), lines: cleanAll(lines.filter((l) => l.orderId === o.id)) })),
    saved_cards: cards,
    coupon_redemptions: redemptions,
    credit_ledger: credit,
    salary_scale_applications: scale,
    sponsorships: sponsored,
    certificates: certs,
    // The opt-in public certificates page: its address, or null while it is off.
    public_certificates_page: publicPage[0] ?? null,
    learning_days: learned,
    learning_goal: goal[0] ?? null,
    wishlist: wished,
    course_notify_requests: notifyRequests,
    exam_accesses: accesses,
    quiz_attempts: attempts,
    exam_passes: passes,
    notifications: notes_,
  };
}
