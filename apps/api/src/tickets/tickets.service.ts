/**
 * The ticket rules: opening (guest or learner), the thread, resolve and reopen, and the desk's
 * claim and hand-over. Every multi-row change runs in one transaction; claiming is one conditional
 * UPDATE, so of two administrators claiming at once exactly one wins.
 */
import {
  type GuestTicketInput,
  type LanguageCode,
  type LearnerTicketInput,
  languageIdOf,
  OTHER_SUBJECT_ID,
} from "@aprendo/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "../context";
import type { DbOrTx, Tx } from "../db/client";
import { courses, lectures, ticketMessages, ticketSubjects, tickets } from "../db/schema/index";
import { transaction } from "../db/transaction";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { mailSupportReply } from "../profile/account.mails";
import { newGuestToken } from "./guest-token";
import type { CheckedImage } from "./screenshots";
import { storeAttachments, withFiles } from "./tickets.files";
import {
  mailGuestTicketCreated,
  tellClaimerOfReply,
  tellLearnerResolved,
  tellNewClaimer,
  tellRequesterOfReply,
} from "./tickets.notify";
import { canActOnClaimed, canWorkOn, type TicketViewer } from "./tickets.policy";
import { displayName } from "./tickets.presenter";
import { deskAdmins, findTicketFor, notFoundTicket } from "./tickets.queries";

async function resolveSubject(db: DbOrTx, subjectId: number) {
  if (subjectId === OTHER_SUBJECT_ID) return null;
  const [subject] = await db.select().from(ticketSubjects).where(eq(ticketSubjects.id, subjectId));
  if (!subject) throw AppError.field("subject_id", "support.subjectNotFound");
  if (!subject.active) throw AppError.field("subject_id", "support.subjectInactive");
  return subject;
}

/** A ticket from a lecture: the lecture must exist, and the course is the lecture's. */
async function resolveContext(db: DbOrTx, input: LearnerTicketInput) {
  let courseId = input.course_id ?? null;
  const lectureId = input.lecture_id ?? null;
  if (lectureId !== null) {
    const [lecture] = await db
      .select({ courseId: lectures.courseId })
      .from(lectures)
      .where(eq(lectures.id, lectureId));
    if (!lecture || (courseId !== null && lecture.courseId !== courseId))
      throw AppError.field("lecture_id", "support.lectureNotFound");
    courseId = lecture.courseId;
  } else if (courseId !== null) {
    const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!course) throw AppError.field("course_id", "error.notFound");
  }
  return { courseId, lectureId, videoTime: lectureId !== null ? (input.video_time ?? null) : null };
}

export async function createGuestTicket(
  deps: Deps,
  input: GuestTicketInput,
  images: CheckedImage[],
  language: LanguageCode,
): Promise<{ id: number; email: string }> {
  const subject = await resolveSubject(deps.db, input.subject_id);
  const secret = newGuestToken(deps.config.jwtSecret);
  const ticket = await withFiles(deps, async (tx, written) => {
    const [row] = await tx
      .insert(tickets)
      .values({
        guestEmail: input.email,
        guestTokenHash: secret.hash,
        guestTokenSalt: secret.salt,
        languageId: languageIdOf(language),
        subjectId: subject?.id ?? null,
        description: input.description,
      })
      .returning();
    await storeAttachments(deps, tx, row!.id, null, images, written);
    return row!;
  });
  await mailGuestTicketCreated(deps, ticket, subject ? { en: subject.titleEn, es: subject.titleEs } : null);
  return { id: ticket.id, email: input.email };
}

export async function createLearnerTicket(
  deps: Deps,
  user: CurrentUser,
  input: LearnerTicketInput,
  images: CheckedImage[],
): Promise<number> {
  const subject = await resolveSubject(deps.db, input.subject_id);
  const context = await resolveContext(deps.db, input);
  return withFiles(deps, async (tx, written) => {
    const [row] = await tx
      .insert(tickets)
      .values({
        userId: user.id,
        languageId: user.languageId,
        subjectId: subject?.id ?? null,
        description: input.description,
        ...context,
      })
      .returning({ id: tickets.id });
    await storeAttachments(deps, tx, row!.id, null, images, written);
    return row!.id;
  });
}

/**
 * Claims the ticket for the administrator with one conditional UPDATE. Returns false when someone
 * else holds it (already claiming it oneself counts as success).
 */
async function claimAtomically(db: DbOrTx, ticketId: number, adminId: number): Promise<boolean> {
  const claimed = await db
    .update(tickets)
    .set({
      claimedBy: adminId,
      claimedAt: new Date(),
      status: sql`CASE WHEN ${tickets.status} = 'unclaimed' THEN 'in_progress' ELSE ${tickets.status} END`,
      updatedAt: new Date(),
    })
    .where(and(eq(tickets.id, ticketId), isNull(tickets.claimedBy)))
    .returning({ id: tickets.id });
  if (claimed.length > 0) return true;
  const [row] = await db
    .select({ claimedBy: tickets.claimedBy })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!row) throw notFoundTicket();
  return row.claimedBy === adminId;
}

export async function claimTicket(deps: Deps, admin: CurrentUser, ticketId: number): Promise<void> {
  if (!(await claimAtomically(deps.db, ticketId, admin.id)))
    throw new AppError("conflict", "support.ticketAlreadyClaimed");
}

/** Makes sure a staff member may work on the ticket, claiming it when it is unclaimed. */
async function takeForWork(tx: Tx, admin: CurrentUser, ticketId: number) {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for("update");
  if (!row) throw notFoundTicket();
  if (!canWorkOn(admin, row)) throw new AppError("forbidden", "support.ticketClaimedByOther");
  if (row.claimedBy === null) {
    await claimAtomically(tx, ticketId, admin.id);
    const [fresh] = await tx.select().from(tickets).where(eq(tickets.id, ticketId));
    return fresh!;
  }
  return row;
}

export async function addMessage(
  deps: Deps,
  viewer: TicketViewer,
  ticketId: number,
  body: string,
  images: CheckedImage[],
): Promise<void> {
  await findTicketFor(deps.db, viewer, ticketId);
  await withFiles(deps, async (tx, written) => {
    const staff = viewer.kind === "staff";
    const ticket = staff
      ? await takeForWork(tx, viewer.user, ticketId)
      : (await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for("update"))[0]!;
    const [message] = await tx
      .insert(ticketMessages)
      .values({
        ticketId,
        authorId: viewer.kind === "guest" ? null : viewer.user.id,
        authorKind: staff ? "staff" : "requester",
        body,
      })
      .returning({ id: ticketMessages.id });
    await storeAttachments(deps, tx, ticketId, message!.id, images, written);
    // A requester's reply to a resolved ticket opens it again.
    const reopen = !staff && ticket.status === "resolved";
    await tx
      .update(tickets)
      .set({
        lastActivityAt: new Date(),
        updatedAt: new Date(),
        ...(reopen
          ? { status: ticket.claimedBy === null ? "unclaimed" : "in_progress", resolvedAt: null }
          : {}),
      })
      .where(eq(tickets.id, ticketId));
    if (staff) {
      // Learner: a notification in the same transaction (and a mail after the commit). Guest: a mail,
      // sent after the commit below.
      if (ticket.userId !== null) await tellRequesterOfReply(deps, tx, ticket, body);
    } else {
      await tellClaimerOfReply(tx, ticket, body);
    }
    return ticket;
  }).then(async (ticket) => {
    if (viewer.kind !== "staff") return;
    if (ticket.userId === null) await tellRequesterOfReply(deps, deps.db, ticket, body);
    // The learner has the notice from the transaction; the mail follows the commit.
    else await mailSupportReply(deps, { id: ticket.id, userId: ticket.userId }, body);
  });
}

export async function resolveTicket(deps: Deps, viewer: TicketViewer, ticketId: number): Promise<void> {
  await findTicketFor(deps.db, viewer, ticketId);
  await transaction(deps.db, async (tx) => {
    const ticket =
      viewer.kind === "staff"
        ? await takeForWork(tx, viewer.user, ticketId)
        : (await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for("update"))[0]!;
    if (ticket.status === "resolved") return;
    await tx
      .update(tickets)
      .set({ status: "resolved", resolvedAt: new Date(), updatedAt: new Date(), lastActivityAt: new Date() })
      .where(eq(tickets.id, ticketId));
    if (viewer.kind === "staff") await tellLearnerResolved(tx, ticket);
  });
}

export async function reopenTicket(deps: Deps, viewer: TicketViewer, ticketId: number): Promise<void> {
  await findTicketFor(deps.db, viewer, ticketId);
  await transaction(deps.db, async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for("update");
    if (!ticket) throw notFoundTicket();
    if (viewer.kind === "staff" && !canActOnClaimed(viewer.user, ticket) && ticket.claimedBy !== null)
      throw new AppError("forbidden", "support.ticketClaimedByOther");
    if (ticket.status !== "resolved") return;
    await tx
      .update(tickets)
      .set({
        status: ticket.claimedBy === null ? "unclaimed" : "in_progress",
        resolvedAt: null,
        updatedAt: new Date(),
        lastActivityAt: new Date(),
      })
      .where(eq(tickets.id, ticketId));
  });
}

/** Hands the ticket to another desk administrator; returns the new claimer's name. */
export async function handOverTicket(
  deps: Deps,
  admin: CurrentUser,
  ticketId: number,
  toAdminId: number,
): Promise<string> {
  const desk = await deskAdmins(deps.db);
  const target = desk.find((a) => a.id === toAdminId);
  const me = desk.find((a) => a.id === admin.id);
  return transaction(deps.db, async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for("update");
    if (!ticket) throw notFoundTicket();
    if (!canWorkOn(admin, ticket)) throw new AppError("forbidden", "support.ticketClaimedByOther");
    if (!target || target.id === ticket.claimedBy)
      throw AppError.field("admin_id", "support.handOverInvalid");
    await tx
      .update(tickets)
      .set({
        claimedBy: target.id,
        claimedAt: new Date(),
        status: sql`CASE WHEN ${tickets.status} = 'unclaimed' THEN 'in_progress' ELSE ${tickets.status} END`,
        updatedAt: new Date(),
      })
      .where(eq(tickets.id, ticketId));
    if (target.id !== admin.id)
      await tellNewClaimer(tx, ticketId, target.id, me ? displayName(me) : admin.username);
    return displayName(target);
  });
}
