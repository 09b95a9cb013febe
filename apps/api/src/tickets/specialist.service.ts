/**
 * Specialist work on the ticket desk: who may handle a routed ticket, routing subjects to the privacy
 * or refund specialists, a refund-routed requester's purchases, and the team lead's workload and
 * unclaim. Changes are audited with the actor the route hands over.
 */
import { Permission } from "@aprendo/contract";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Db, DbOrTx } from "../db/client";
import {
  adminPermissions,
  orderLines,
  orders,
  ticketSubjectRoutes,
  ticketSubjects,
  tickets,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { isTeamLead } from "./tickets.policy";
import { displayName } from "./tickets.presenter";
import { deskAdmins, notFoundTicket } from "./tickets.queries";
import { routingFlags, routingOfSubject, staffMaySee } from "./tickets.routing";

type Routing = "privacy" | "refund";

/** 404 for a ticket of a routed subject the administrator may not see. */
export async function assertMayHandle(
  db: DbOrTx,
  user: { permissions: readonly string[] },
  ticketId: number,
) {
  const [row] = await db
    .select({ subjectId: tickets.subjectId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!row || !(await staffMaySee(db, user, row.subjectId))) throw notFoundTicket();
}

/** A routed ticket is handed over only to someone who holds the matching flag. */
export async function assertReceiverMaySee(db: DbOrTx, ticketId: number, adminId: number) {
  const [row] = await db
    .select({ subjectId: tickets.subjectId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  const routing = await routingOfSubject(db, row?.subjectId ?? null);
  if (routing === null) return;
  const [held] = await db
    .select({ userId: adminPermissions.userId })
    .from(adminPermissions)
    .where(
      and(
        eq(adminPermissions.userId, adminId),
        eq(adminPermissions.permissionId, Permission[routingFlags[routing]]),
      ),
    );
  if (!held) throw AppError.field("admin_id", "support.handOverInvalid");
}

export async function subjectRoutes(db: DbOrTx) {
  return (await db.select().from(ticketSubjectRoutes)).map((r) => ({
    subject_id: r.subjectId,
    routing: r.routing as Routing,
  }));
}

/** Routes a subject to a specialist team, or back to everyone on the desk (null). */
export async function routeSubject(db: Db, actor: AuditActor, subjectId: number, routing: Routing | null) {
  await transaction(db, async (tx) => {
    const [subject] = await tx
      .select({ id: ticketSubjects.id })
      .from(ticketSubjects)
      .where(eq(ticketSubjects.id, subjectId));
    if (!subject) throw new AppError("not_found", "support.subjectNotFound");
    const before = await routingOfSubject(tx, subjectId);
    if (routing === null)
      await tx.delete(ticketSubjectRoutes).where(eq(ticketSubjectRoutes.subjectId, subjectId));
    else
      await tx
        .insert(ticketSubjectRoutes)
        .values({ subjectId, routing })
        .onConflictDoUpdate({
          target: ticketSubjectRoutes.subjectId,
          set: { routing, updatedAt: new Date() },
        });
    await recordAudit(tx, actor, {
      action: "ticket_subject.route",
      entity: "ticket_subject",
      entityId: subjectId,
      before: { routing: before },
      after: { routing },
    });
  });
}

/** The requester's ten latest orders with their top-level items, for a refund-routed ticket. */
export async function refundTicketPurchases(db: Db, ticketId: number) {
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!ticket) throw notFoundTicket();
  if ((await routingOfSubject(db, ticket.subjectId)) !== "refund")
    throw new AppError("conflict", "privacy.ticketNotRouted");
  if (ticket.userId === null) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, ticket.userId))
    .orderBy(desc(orders.id))
    .limit(10);
  const lines = rows.length
    ? await db
        .select({ orderId: orderLines.orderId, name: orderLines.name, parentId: orderLines.parentId })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((o) => o.id),
          ),
        )
    : [];
  return rows.map((o) => ({
    id: o.id,
    reference: `#${o.id}`,
    status: o.status,
    total: o.totalPence / 100,
    currency: o.currency,
    created_at: o.createdAt.toISOString(),
    items: lines.filter((l) => l.orderId === o.id && l.parentId === null).map((l) => l.name),
  }));
}

/** Unclaimed tickets and, per desk administrator, tickets in progress and resolved (busiest first). */
export async function workloadOfDesk(db: Db) {
  const [agents, counted, [unclaimed]] = await Promise.all([
    deskAdmins(db),
    db
      .select({ adminId: tickets.claimedBy, status: tickets.status, n: count() })
      .from(tickets)
      .where(sql`${tickets.claimedBy} IS NOT NULL`)
      .groupBy(tickets.claimedBy, tickets.status),
    db.select({ n: count() }).from(tickets).where(eq(tickets.status, "unclaimed")),
  ]);
  const of = (id: number, status: string) =>
    counted.find((c) => c.adminId === id && c.status === status)?.n ?? 0;
  return {
    unclaimed: unclaimed?.n ?? 0,
    agents: agents
      .map((a) => ({
        id: a.id,
        username: a.username,
        name: displayName(a),
        in_progress: of(a.id, "in_progress"),
        resolved: of(a.id, "resolved"),
      }))
      .sort((a, b) => b.in_progress - a.in_progress || a.username.localeCompare(b.username)),
  };
}

/** Puts a ticket back in the unclaimed queue: its claimer may, and a team lead may for any ticket. */
export async function unclaimTicket(db: Db, actor: AuditActor, user: CurrentUser, ticketId: number) {
  await assertMayHandle(db, user, ticketId);
  await transaction(db, async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for("update");
    if (!ticket) throw notFoundTicket();
    if (ticket.claimedBy === null) throw new AppError("conflict", "privacy.ticketNotClaimed");
    if (ticket.claimedBy !== user.id && !isTeamLead(user))
      throw new AppError("forbidden", "support.ticketClaimedByOther");
    await tx
      .update(tickets)
      .set({
        claimedBy: null,
        claimedAt: null,
        status: sql`CASE WHEN ${tickets.status} = 'in_progress' THEN 'unclaimed' ELSE ${tickets.status} END`,
        updatedAt: new Date(),
      })
      .where(eq(tickets.id, ticket.id));
    await recordAudit(tx, actor, {
      action: "ticket.unclaim",
      entity: "ticket",
      entityId: ticket.id,
      before: { claimedBy: ticket.claimedBy, status: ticket.status },
      after: { claimedBy: null },
    });
  });
}
