/** The privacy team's queue: open tickets whose subject is routed to "privacy" (isTicketGDPRManager). */
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client";
import { ticketSubjectRoutes, ticketSubjects, tickets, users } from "../db/schema/index";
import { displayName, ticketReference } from "../tickets/tickets.presenter";

const requester = alias(users, "privacy_ticket_requester");
const claimer = alias(users, "privacy_ticket_claimer");

export async function openPrivacyTickets(db: DbOrTx, lang: "en" | "es") {
  const rows = await db
    .select({
      ticket: tickets,
      subjectEn: ticketSubjects.titleEn,
      subjectEs: ticketSubjects.titleEs,
      requester: {
        username: requester.username,
        firstName: requester.firstName,
        lastName: requester.lastName,
      },
      claimer: { username: claimer.username, firstName: claimer.firstName, lastName: claimer.lastName },
    })
    .from(tickets)
    .innerJoin(ticketSubjectRoutes, eq(ticketSubjectRoutes.subjectId, tickets.subjectId))
    .innerJoin(ticketSubjects, eq(ticketSubjects.id, tickets.subjectId))
    .leftJoin(requester, eq(requester.id, tickets.userId))
    .leftJoin(claimer, eq(claimer.id, tickets.claimedBy))
    .where(and(eq(ticketSubjectRoutes.routing, "privacy"), sql`${tickets.status} <> 'resolved'`))
    .orderBy(desc(tickets.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.ticket.id,
    reference: ticketReference(r.ticket.id),
    status: r.ticket.status,
    subject: lang === "es" ? r.subjectEs : r.subjectEn,
    requester: r.requester?.username ? displayName(r.requester) : (r.ticket.guestEmail ?? ""),
    claimed_by: r.claimer?.username ? displayName(r.claimer) : null,
    created_at: r.ticket.createdAt.toISOString(),
  }));
}
