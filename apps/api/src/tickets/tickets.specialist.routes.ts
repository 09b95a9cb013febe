/**
 * Specialist work on the ticket desk (docs/privacy.md):
 * - subject routing (isTicketSubjectManager): a subject may be routed to "privacy" or "refund";
 * - a refund-routed ticket shows the learner's recent purchases (isTicketRefundManager);
 * - the team lead (isTicketTeamLeadership) sees the desk workload and may unclaim any ticket
 *   (reassigning is the hand-over, which a team lead may do on anyone's ticket).
 */
import {
  deskWorkload,
  errorBody,
  idParam,
  messageBody,
  Permission,
  subjectRouteInput,
  subjectRouteList,
  ticketPurchases,
} from "@aprendo/contract";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { recordAudit } from "../audit/audit";
import type { DbOrTx } from "../db/client";
import {
  adminPermissions,
  orderLines,
  orders,
  ticketSubjectRoutes,
  ticketSubjects,
  tickets,
} from "../db/schema/index";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { deskPermissions, isTeamLead } from "./tickets.policy";
import { displayName } from "./tickets.presenter";
import { deskAdmins, notFoundTicket } from "./tickets.queries";
import { routingFlags, routingOfSubject, staffMaySee } from "./tickets.routing";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

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

export const specialistTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["ticket desk"];

  // ---------- routing of subjects ----------
  app.get(
    "/af/tickets/subject-routes",
    {
      onRequest: app.requirePermission("isTicketSubjectManager", ...deskPermissions),
      schema: {
        tags,
        summary: "Subjects routed to the privacy or refund specialists",
        response: { 200: subjectRouteList, ...errors },
      },
    },
    async () => ({
      data: (await db.select().from(ticketSubjectRoutes)).map((r) => ({
        subject_id: r.subjectId,
        routing: r.routing as "privacy" | "refund",
      })),
    }),
  );
  app.put(
    "/af/tickets/subjects/:id/route",
    {
      onRequest: app.requirePermission("isTicketSubjectManager"),
      schema: {
        tags,
        summary: "Route a subject to the privacy or refund specialists (null: everyone on the desk)",
        params,
        body: subjectRouteInput,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { routing } = request.body;
      await db.transaction(async (tx) => {
        const [subject] = await tx
          .select({ id: ticketSubjects.id })
          .from(ticketSubjects)
          .where(eq(ticketSubjects.id, id));
        if (!subject) throw new AppError("not_found", "support.subjectNotFound");
        const before = await routingOfSubject(tx, id);
        if (routing === null)
          await tx.delete(ticketSubjectRoutes).where(eq(ticketSubjectRoutes.subjectId, id));
        else
          await tx
            .insert(ticketSubjectRoutes)
            .values({ subjectId: id, routing })
            .onConflictDoUpdate({
              target: ticketSubjectRoutes.subjectId,
              set: { routing, updatedAt: new Date() },
            });
        await recordAudit(tx, auditActor(request), {
          action: "ticket_subject.route",
          entity: "ticket_subject",
          entityId: id,
          before: { routing: before },
          after: { routing },
        });
      });
      return { message: request.t("privacy.routeSaved") };
    },
  );

  // ---------- refund-routed ticket: the learner's purchases ----------
  app.get(
    "/af/tickets/:id/purchases",
    {
      onRequest: app.requirePermission("isTicketRefundManager"),
      schema: {
        tags,
        summary: "The requester's ten latest orders, for a refund-routed ticket",
        params,
        response: { 200: ticketPurchases, ...errors },
      },
    },
    async (request) => {
      const [ticket] = await db.select().from(tickets).where(eq(tickets.id, request.params.id));
      if (!ticket) throw notFoundTicket();
      if ((await routingOfSubject(db, ticket.subjectId)) !== "refund")
        throw new AppError("conflict", "privacy.ticketNotRouted");
      if (ticket.userId === null) return { data: [] };
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
      return {
        data: rows.map((o) => ({
          id: o.id,
          reference: `#${o.id}`,
          status: o.status,
          total: o.totalPence / 100,
          currency: o.currency,
          created_at: o.createdAt.toISOString(),
          items: lines.filter((l) => l.orderId === o.id && l.parentId === null).map((l) => l.name),
        })),
      };
    },
  );

  // ---------- team lead ----------
  const lead = app.requirePermission("isTicketTeamLeadership");
  app.get(
    "/af/tickets/workload",
    {
      onRequest: lead,
      schema: {
        tags,
        summary: "Unclaimed tickets and, per desk administrator, tickets in progress and resolved",
        response: { 200: deskWorkload, ...errors },
      },
    },
    async () => {
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
    },
  );
  app.put(
    "/af/tickets/:id/unclaim",
    {
      onRequest: app.requirePermission(...deskPermissions, "isTicketTeamLeadership"),
      schema: {
        tags,
        summary: "Put a ticket back in the unclaimed queue (its claimer, or a team lead for any ticket)",
        params,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await assertMayHandle(db, user, request.params.id);
      await db.transaction(async (tx) => {
        const [ticket] = await tx
          .select()
          .from(tickets)
          .where(eq(tickets.id, request.params.id))
          .for("update");
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
        await recordAudit(tx, auditActor(request), {
          action: "ticket.unclaim",
          entity: "ticket",
          entityId: ticket.id,
          before: { claimedBy: ticket.claimedBy, status: ticket.status },
          after: { claimedBy: null },
        });
      });
      return { message: request.t("privacy.ticketUnclaimed") };
    },
  );
};
