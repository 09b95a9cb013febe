/**
 * Routed ticket subjects (docs/privacy.md). A subject routed to "privacy" or "refund" makes its
 * tickets specialist work: on the desk they are listed and readable only by desk administrators who
 * also hold isTicketGDPRManager (privacy) or isTicketRefundManager (refund). Everyone else gets the
 * same 404 "Ticket not found" as for a ticket that does not exist (ids reveal nothing).
 */
import type { PermissionName, TicketRouting } from "@aprendo/contract";
import { eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { ticketSubjectRoutes, tickets } from "../db/schema/index";

export const routingFlags: Record<TicketRouting, PermissionName> = {
  privacy: "isTicketGDPRManager",
  refund: "isTicketRefundManager",
};

/** The routings whose tickets this administrator may not see. */
export function hiddenRoutingsFor(user: { permissions: readonly string[] }): TicketRouting[] {
  return (Object.keys(routingFlags) as TicketRouting[]).filter(
    (routing) => !user.permissions.includes(routingFlags[routing]),
  );
}

/** SQL on `tickets`: true when the ticket's subject is not routed to one of `hidden`. */
export function visibleRoutingCondition(hidden: readonly TicketRouting[]): SQL | undefined {
  if (hidden.length === 0) return undefined;
  return sql`NOT EXISTS (SELECT 1 FROM ticket_subject_routes r WHERE r.subject_id = ${tickets.subjectId} AND r.routing IN (${sql.join(
    hidden.map((h) => sql`${h}`),
    sql`, `,
  )}))`;
}

export async function routingOfSubject(db: DbOrTx, subjectId: number | null): Promise<TicketRouting | null> {
  if (subjectId === null) return null;
  const [row] = await db
    .select({ routing: ticketSubjectRoutes.routing })
    .from(ticketSubjectRoutes)
    .where(eq(ticketSubjectRoutes.subjectId, subjectId));
  return (row?.routing as TicketRouting | undefined) ?? null;
}

/** May this administrator see a ticket of this subject? */
export async function staffMaySee(
  db: DbOrTx,
  user: { permissions: readonly string[] },
  subjectId: number | null,
): Promise<boolean> {
  const routing = await routingOfSubject(db, subjectId);
  return routing === null || user.permissions.includes(routingFlags[routing]);
}
