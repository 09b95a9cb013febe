/**
 * The helpdesk tools of the ticket desk (docs/support.md): internal notes, triage
 * (priority and tags), merging a duplicate into another ticket of the same requester, tags in use and
 * response-time averages. Notes live in their own table and are read only here, by staff routes, so
 * no requester answer can ever carry one.
 */
import {
  type CannedReply,
  type CannedReplyInput,
  type DeskResponseTimes,
  helpdeskLimits,
  languageById,
  languageIdOf,
  type TicketNote,
  type TicketPriority,
  type TicketTriageInput,
  ticketPriorities,
} from "@aprendo/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import {
  cannedReplies,
  ticketAttachments,
  ticketMessages,
  ticketNotes,
  tickets,
  users,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { selectResponseTimes, selectTagCounts } from "./helpdesk.repository";
import { tellRequesterOfMerge } from "./tickets.notify";
import { canWorkOn, type TicketViewer } from "./tickets.policy";
import { displayName, ticketReference } from "./tickets.presenter";
import { findTicketFor, notFoundTicket } from "./tickets.queries";
import { hiddenRoutingsFor, visibleRoutingCondition } from "./tickets.routing";

const staffViewer = (user: CurrentUser): TicketViewer => ({ kind: "staff", user });
const author = alias(users, "note_author");

/* ------------------------------------------------------------------ notes */

async function notesWhere(db: DbOrTx, where: SQL): Promise<TicketNote[]> {
  const rows = await db
    .select({
      id: ticketNotes.id,
      body: ticketNotes.body,
      authorId: ticketNotes.authorId,
      createdAt: ticketNotes.createdAt,
      author: { username: author.username, firstName: author.firstName, lastName: author.lastName },
    })
    .from(ticketNotes)
    .leftJoin(author, eq(author.id, ticketNotes.authorId))
    .where(where)
    .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id));
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    author: { id: r.authorId, name: displayName(r.author) },
    created_at: r.createdAt.toISOString(),
  }));
}

export async function listNotes(db: DbOrTx, user: CurrentUser, ticketId: number): Promise<TicketNote[]> {
  await findTicketFor(db, staffViewer(user), ticketId);
  return notesWhere(db, eq(ticketNotes.ticketId, ticketId));
}

/** Any desk administrator who may see the ticket may leave a note, claimed or not: notes are how colleagues help. */
export async function addNote(db: DbOrTx, user: CurrentUser, ticketId: number, body: string) {
  await findTicketFor(db, staffViewer(user), ticketId);
  const [row] = await db
    .insert(ticketNotes)
    .values({ ticketId, authorId: user.id, body })
    .returning({ id: ticketNotes.id });
  const [note] = await notesWhere(db, eq(ticketNotes.id, row!.id));
  return note!;
}

/* ------------------------------------------------------------------ triage */

/** Priority and tags are desk bookkeeping: any desk administrator who may see the ticket sets them. */
export async function saveTriage(db: DbOrTx, user: CurrentUser, ticketId: number, input: TicketTriageInput) {
  await findTicketFor(db, staffViewer(user), ticketId);
  await db
    .update(tickets)
    .set({
      ...(input.priority ? { priority: input.priority } : {}),
      ...(input.tags ? { tags: input.tags } : {}),
      updatedAt: new Date(),
    })
    .where(eq(tickets.id, ticketId));
}

/** Tags in use on the tickets this administrator may see, most used first. */
export async function tagsInUse(db: DbOrTx, user: CurrentUser) {
  const visible = visibleRoutingCondition(hiddenRoutingsFor(user));
  const rows = await selectTagCounts(db, visible);
  return rows.map((r) => ({ tag: r.tag, tickets: Number(r.tickets) }));
}

/* ------------------------------------------------------------------ response times */

/**
 * Averages over the tickets this administrator may see (merged duplicates left out: their thread
 * lives on in the other ticket). First response: opening to the first staff reply; resolution:
 * opening to resolving, for resolved tickets.
 */
export async function responseTimes(db: DbOrTx, user: CurrentUser): Promise<DeskResponseTimes> {
  const visible = visibleRoutingCondition(hiddenRoutingsFor(user));
  const row = await selectResponseTimes(db, visible);
  const seconds = (v: string | null) => (v === null ? null : Math.round(Number(v)));
  return {
    tickets: Number(row.tickets),
    responded: Number(row.responded),
    resolved: Number(row.resolved),
    first_response_avg_seconds: seconds(row.first_avg),
    resolution_avg_seconds: seconds(row.resolution_avg),
  };
}

/* ------------------------------------------------------------------ merge */

const sameRequester = (a: typeof tickets.$inferSelect, b: typeof tickets.$inferSelect) =>
  a.userId !== null
    ? a.userId === b.userId
    : b.userId === null && (a.guestEmail ?? "").toLowerCase() === (b.guestEmail ?? "").toLowerCase();

const rank = (p: string) => ticketPriorities.indexOf(p as TicketPriority);

/**
 * Merges the duplicate `sourceId` into `intoId`: the duplicate's description becomes a message of
 * the other ticket (at the time it was written, with its screenshots), its messages, screenshots and
 * notes move there, and the duplicate is resolved pointing at it. Only tickets of the same requester
 * merge (anything else would show one person's messages to another).
 */
export async function mergeTicket(deps: Deps, user: CurrentUser, sourceId: number, intoId: number) {
  const viewer = staffViewer(user);
  if (sourceId === intoId) throw AppError.field("into_id", "helpdesk.mergeSelf");
  await findTicketFor(deps.db, viewer, sourceId);
  try {
    await findTicketFor(deps.db, viewer, intoId);
  } catch (error) {
    // The other ticket is named in the body: its absence is a field error, not "this ticket not found".
    if (error instanceof AppError && error.status === 404)
      throw AppError.field("into_id", "support.ticketNotFound");
    throw error;
  }
  const outcome = await transaction(deps.db, async (tx) => {
    // Both rows locked in id order, so two merges of the same pair cannot deadlock.
    const locked = await tx
      .select()
      .from(tickets)
      .where(inArray(tickets.id, [sourceId, intoId]))
      .orderBy(asc(tickets.id))
      .for("update");
    const source = locked.find((t) => t.id === sourceId);
    const target = locked.find((t) => t.id === intoId);
    if (!source || !target) throw notFoundTicket();
    if (!canWorkOn(user, source)) throw new AppError("forbidden", "support.ticketClaimedByOther");
    if (source.mergedIntoId !== null) throw new AppError("conflict", "helpdesk.mergeAlreadyMerged");
    if (target.mergedIntoId !== null) throw AppError.field("into_id", "helpdesk.mergeTargetMerged");
    if (!sameRequester(source, target)) throw AppError.field("into_id", "helpdesk.mergeOtherRequester");

    const [opening] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: intoId,
        authorId: source.userId,
        authorKind: "requester",
        body: source.description,
        createdAt: source.createdAt,
      })
      .returning({ id: ticketMessages.id });
    await tx
      .update(ticketAttachments)
      .set({ ticketId: intoId, messageId: opening!.id })
      .where(and(eq(ticketAttachments.ticketId, sourceId), sql`${ticketAttachments.messageId} IS NULL`));
    await tx
      .update(ticketAttachments)
      .set({ ticketId: intoId })
      .where(eq(ticketAttachments.ticketId, sourceId));
    await tx.update(ticketMessages).set({ ticketId: intoId }).where(eq(ticketMessages.ticketId, sourceId));
    await tx.update(ticketNotes).set({ ticketId: intoId }).where(eq(ticketNotes.ticketId, sourceId));

    const now = new Date();
    // The kept ticket takes the higher priority and both sets of tags; an open duplicate reopens it.
    const reopen = target.status === "resolved" && source.status !== "resolved";
    await tx
      .update(tickets)
      .set({
        priority: rank(source.priority) > rank(target.priority) ? source.priority : target.priority,
        tags: [...new Set([...target.tags, ...source.tags])].slice(0, helpdeskLimits.tagsPerTicket),
        lastActivityAt: now,
        updatedAt: now,
        ...(reopen
          ? { status: target.claimedBy === null ? "unclaimed" : "in_progress", resolvedAt: null }
          : {}),
      })
      .where(eq(tickets.id, intoId));
    await tx
      .update(tickets)
      .set({
        mergedIntoId: intoId,
        status: "resolved",
        resolvedAt: source.resolvedAt ?? now,
        lastActivityAt: now,
        updatedAt: now,
      })
      .where(eq(tickets.id, sourceId));
    if (source.userId !== null) await tellRequesterOfMerge(deps, tx, source, target);
    return { source, target };
  });
  // A guest is told by mail, after the commit (the link of the kept ticket).
  if (outcome.source.userId === null)
    await tellRequesterOfMerge(deps, deps.db, outcome.source, outcome.target);
  return { reference: ticketReference(sourceId), into: ticketReference(intoId) };
}

/* ------------------------------------------------------------------ canned replies */

function presentCanned(row: typeof cannedReplies.$inferSelect): CannedReply {
  return {
    id: row.id,
    language: languageById(row.languageId),
    title: row.title,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listCanned(db: DbOrTx, language: "en" | "es" | undefined) {
  const rows = await db
    .select()
    .from(cannedReplies)
    .where(language ? eq(cannedReplies.languageId, languageIdOf(language)) : undefined)
    .orderBy(asc(cannedReplies.languageId), asc(cannedReplies.title), desc(cannedReplies.id));
  return rows.map(presentCanned);
}

export async function findCanned(db: DbOrTx, id: number) {
  const [row] = await db.select().from(cannedReplies).where(eq(cannedReplies.id, id));
  if (!row) throw new AppError("not_found", "helpdesk.cannedNotFound");
  return presentCanned(row);
}

export async function saveCanned(db: DbOrTx, user: CurrentUser, id: number | null, input: CannedReplyInput) {
  const values = { languageId: languageIdOf(input.language), title: input.title, body: input.body };
  if (id === null) {
    const [row] = await db
      .insert(cannedReplies)
      .values({ ...values, createdBy: user.id })
      .returning();
    return presentCanned(row!);
  }
  const [row] = await db
    .update(cannedReplies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cannedReplies.id, id))
    .returning();
  if (!row) throw new AppError("not_found", "helpdesk.cannedNotFound");
  return presentCanned(row);
}

export async function deleteCanned(db: DbOrTx, id: number) {
  const removed = await db
    .delete(cannedReplies)
    .where(eq(cannedReplies.id, id))
    .returning({ id: cannedReplies.id });
  if (removed.length === 0) throw new AppError("not_found", "helpdesk.cannedNotFound");
}
