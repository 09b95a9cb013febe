/** Reading tickets: one ticket with its thread, and filtered, searched, sorted pages of tickets. */
import { type DeskTicketFilter, Permission, type TicketDetail, type TicketList } from "@aprendo/contract";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client";
import {
  adminPermissions,
  ticketAttachments,
  ticketMessages,
  ticketSubjects,
  tickets,
  users,
} from "../db/schema/index";
import { AppError } from "../http/errors";
import { guestTokenMatches } from "./guest-token";
import type { TicketViewer } from "./tickets.policy";
import {
  type MessageRow,
  presentDetail,
  presentSummary,
  referenceNumber,
  type SummaryRow,
} from "./tickets.presenter";
import { staffMaySee, visibleRoutingCondition } from "./tickets.routing";

const requester = alias(users, "requester");
const claimer = alias(users, "claimer");
const author = alias(users, "author");

const summaryFields = {
  ticket: tickets,
  subjectTitleEn: ticketSubjects.titleEn,
  subjectTitleEs: ticketSubjects.titleEs,
  requester: {
    username: requester.username,
    firstName: requester.firstName,
    lastName: requester.lastName,
    email: requester.email,
  },
  claimer: { username: claimer.username, firstName: claimer.firstName, lastName: claimer.lastName },
  messagesCount: sql<number>`(SELECT count(*) FROM ticket_messages m WHERE m.ticket_id = "tickets"."id")::int`,
  /** The first administrator reply: the desk's first-response time (helpdesk). */
  firstResponseAt:
    sql<Date | null>`(SELECT min(m.created_at) FROM ticket_messages m WHERE m.ticket_id = "tickets"."id" AND m.author_kind = 'staff')`.mapWith(
      tickets.createdAt,
    ),
};

function summaryQuery(db: DbOrTx) {
  return db
    .select(summaryFields)
    .from(tickets)
    .leftJoin(ticketSubjects, eq(ticketSubjects.id, tickets.subjectId))
    .leftJoin(requester, eq(requester.id, tickets.userId))
    .leftJoin(claimer, eq(claimer.id, tickets.claimedBy));
}

export const notFoundTicket = () => new AppError("not_found", "support.ticketNotFound");

/** The ticket if the viewer may read it; anyone else's ticket (or a wrong token) is "Ticket not found". */
export async function findTicketFor(db: DbOrTx, viewer: TicketViewer, id: number): Promise<SummaryRow> {
  const [row] = await summaryQuery(db).where(eq(tickets.id, id));
  if (!row) throw notFoundTicket();
  const t = row.ticket;
  const allowed =
    viewer.kind === "staff" ||
    (viewer.kind === "learner" && t.userId === viewer.user.id) ||
    (viewer.kind === "guest" && t.userId === null && guestTokenMatches(viewer.token, t.guestTokenHash));
  if (!allowed) throw notFoundTicket();
  // Routed subjects (privacy, refund) are for holders of the matching flag only.
  if (viewer.kind === "staff" && !(await staffMaySee(db, viewer.user, t.subjectId))) throw notFoundTicket();
  return row;
}

export async function ticketDetail(db: DbOrTx, viewer: TicketViewer, id: number): Promise<TicketDetail> {
  const row = await findTicketFor(db, viewer, id);
  const [messageRows, attachmentRows] = await Promise.all([
    db
      .select({
        id: ticketMessages.id,
        body: ticketMessages.body,
        authorId: ticketMessages.authorId,
        authorKind: ticketMessages.authorKind,
        createdAt: ticketMessages.createdAt,
        author: { username: author.username, firstName: author.firstName, lastName: author.lastName },
      })
      .from(ticketMessages)
      .leftJoin(author, eq(author.id, ticketMessages.authorId))
      .where(eq(ticketMessages.ticketId, id))
      // By time: a merged duplicate's messages (helpdesk) keep the time they were written.
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id)) as Promise<MessageRow[]>,
    db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, id))
      .orderBy(asc(ticketAttachments.id)),
  ]);
  return presentDetail(viewer, row, messageRows, attachmentRows);
}

const like = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;

export type TicketListOptions = {
  /** Who the list is for: a learner's own tickets, or the desk (optionally claimed by one admin). */
  owner?: { userId: number };
  claimedBy?: number;
  filter: DeskTicketFilter;
  search?: string | undefined;
  subjectId?: number | undefined;
  sort: "newest" | "oldest" | "recent_activity";
  page: number;
  perPage: number;
  /** Builds the URL of another page of the same list. */
  pageUrl: (page: number) => string;
  /** The desk's view: search also matches requesters, and usernames are shown. */
  deskView: boolean;
  /** Routings (privacy, refund) the desk viewer lacks the flag for: their tickets are left out. */
  hiddenRoutings?: readonly ("privacy" | "refund")[];
  /** Desk triage filters (helpdesk): a priority, a tag, tickets nobody handles. */
  priority?: string | undefined;
  tag?: string | undefined;
  unassigned?: boolean;
};

export async function listTickets(db: DbOrTx, options: TicketListOptions): Promise<TicketList> {
  const base: (SQL | undefined)[] = [
    options.owner ? eq(tickets.userId, options.owner.userId) : undefined,
    options.claimedBy !== undefined ? eq(tickets.claimedBy, options.claimedBy) : undefined,
    options.subjectId === undefined
      ? undefined
      : options.subjectId === 0
        ? sql`${tickets.subjectId} IS NULL`
        : eq(tickets.subjectId, options.subjectId),
    visibleRoutingCondition(options.hiddenRoutings ?? []),
    options.priority ? eq(tickets.priority, options.priority) : undefined,
    options.tag ? sql`${options.tag} = ANY(${tickets.tags})` : undefined,
    options.unassigned ? sql`${tickets.claimedBy} IS NULL` : undefined,
  ];
  if (options.search) {
    const pattern = like(options.search);
    const number = referenceNumber(options.search);
    base.push(
      or(
        ilike(tickets.description, pattern),
        sql`EXISTS (SELECT 1 FROM ticket_messages m WHERE m.ticket_id = "tickets"."id" AND m.body ILIKE ${pattern})`,
        options.deskView ? ilike(tickets.guestEmail, pattern) : undefined,
        options.deskView ? ilike(requester.username, pattern) : undefined,
        options.deskView ? ilike(requester.email, pattern) : undefined,
        number !== null ? eq(tickets.id, number) : undefined,
      ),
    );
  }
  const where = and(...base, options.filter === "all" ? undefined : eq(tickets.status, options.filter));
  const order =
    options.sort === "oldest"
      ? [asc(tickets.id)]
      : options.sort === "recent_activity"
        ? [desc(tickets.lastActivityAt), desc(tickets.id)]
        : [desc(tickets.id)];

  const [rows, counted] = await Promise.all([
    summaryQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db
      .select({ status: tickets.status, n: count() })
      .from(tickets)
      .leftJoin(requester, eq(requester.id, tickets.userId))
      .where(and(...base))
      .groupBy(tickets.status),
  ]);
  const counts = { all: 0, unclaimed: 0, in_progress: 0, resolved: 0 };
  for (const c of counted) {
    counts[c.status as keyof typeof counts] = c.n;
    counts.all += c.n;
  }
  const total = options.filter === "all" ? counts.all : counts[options.filter];
  return {
    data: rows.map((r) => presentSummary(r as SummaryRow, options.deskView)),
    next_page_url: options.page * options.perPage < total ? options.pageUrl(options.page + 1) : null,
    total,
    counts,
  };
}

/** Administrators who work the ticket desk (for handing a ticket over). */
export async function deskAdmins(db: DbOrTx) {
  return db
    .selectDistinct({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .innerJoin(adminPermissions, eq(adminPermissions.userId, users.id))
    .where(
      and(
        eq(users.status, "active"),
        sql`${users.roleId} <> 1`,
        inArray(adminPermissions.permissionId, [
          Permission.isTicketContentManager,
          Permission.isTicketSystemManager,
        ]),
      ),
    )
    .orderBy(asc(users.username));
}
