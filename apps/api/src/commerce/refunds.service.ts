/**
 * Refunds (isRefundsManager): full, or partial by order lines. In one transaction: the lines are
 * marked refunded, what they granted is taken back (enrolment, exam accesses, e-notes, sponsorship
 * credit, stock through the shop's hook), the card part goes back through the provider, any
 * sponsorship credit spent on the order goes back to the learner's credit, and the order becomes
 * refunded or partially refunded.
 */
import { messageKey, type refundInput } from "@aprendo/contract";
import { count, desc, eq, ilike, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { orderLines, orders, payments, refunds, users } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { paymentProvider } from "../payments/payments";
import { type GrantableLine, type LineGrant, returnCredit, revokeLine } from "./grants";
import { formatPounds, pounds } from "./money";

export async function createRefund(
  deps: Pick<Deps, "db" | "config">,
  actor: CurrentUser,
  input: z.output<typeof refundInput>,
) {
  const provider = paymentProvider(deps);
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.order_id)).for("update");
    if (!order) throw AppError.field("order_id", "commerce.orderNotFound");
    if (order.status !== "paid" && order.status !== "partially_refunded")
      throw new AppError("conflict", "commerce.refundNotPaid");
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const open = lines.filter((l) => l.refundedAt === null);
    let chosen = open;
    if (input.line_ids?.length) {
      const wanted = new Set(input.line_ids);
      if (input.line_ids.some((id) => !lines.some((l) => l.id === id)))
        throw AppError.field("line_ids", "commerce.refundLineNotInOrder");
      // A title's children go with it.
      for (const l of lines) if (l.parentId !== null && wanted.has(l.parentId)) wanted.add(l.id);
      chosen = open.filter((l) => wanted.has(l.id));
    }
    const amount = chosen.reduce((s, l) => s + l.paidPence, 0);
    if (chosen.length === 0) throw new AppError("conflict", "commerce.refundNothing");

    const now = new Date();
    for (const line of chosen) {
      await revokeLine(tx, line as GrantableLine, (line.grant ?? {}) as LineGrant, order.userId);
      await tx.update(orderLines).set({ refundedAt: now }).where(eq(orderLines.id, line.id));
    }

    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, order.id)).for("update");
    const cardLeft = payment ? payment.amountPence - payment.refundedPence : 0;
    const cardPart = Math.min(amount, cardLeft);
    const creditPart = Math.min(amount - cardPart, order.creditPence - order.creditRefundedPence);
    const allRefunded = open.length === chosen.length;
    // A full refund gives back everything still held, whatever rounding left on the lines.
    const finalCard = allRefunded ? cardLeft : cardPart;
    const finalCredit = allRefunded ? order.creditPence - order.creditRefundedPence : creditPart;

    if (order.userId !== null && finalCredit > 0) await returnCredit(tx, order.userId, finalCredit, order.id);
    let providerRef: string | null = null;
    if (payment && finalCard > 0) {
      providerRef = (await provider.refund(payment.providerRef, finalCard)).refundRef;
      const refunded = payment.refundedPence + finalCard;
      await tx
        .update(payments)
        .set({
          refundedPence: refunded,
          status: refunded >= payment.amountPence ? "refunded" : "partially_refunded",
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
    }
    const status = allRefunded ? "refunded" : "partially_refunded";
    await tx
      .update(orders)
      .set({
        status,
        refundedPence: order.refundedPence + finalCard + finalCredit,
        creditRefundedPence: order.creditRefundedPence + finalCredit,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: payment?.id ?? null,
        amountPence: finalCard + finalCredit,
        creditPence: finalCredit,
        lineIds: chosen.map((l) => l.id),
        reason: input.reason,
        providerRef,
        createdBy: actor.id,
      })
      .returning();
    return {
      message: messageKey("commerce.refunded", { amount: formatPounds(finalCard + finalCredit) }),
      refund: presentRefund(row!, { id: actor.id, username: actor.username }, status),
    };
  });
}

type RefundRow = typeof refunds.$inferSelect;

function presentRefund(
  row: RefundRow,
  by: { id: number; username: string } | null,
  orderStatus: (typeof orders.$inferSelect)["status"],
) {
  return {
    id: row.id,
    order_id: row.orderId,
    amount: pounds(row.amountPence),
    line_ids: row.lineIds,
    reason: row.reason,
    provider_ref: row.providerRef,
    created_by: by,
    created_at: row.createdAt.toISOString(),
    order_status: orderStatus,
  };
}

export async function listRefunds(
  db: Db,
  query: { page: number; per_page: number; search?: string | undefined },
) {
  const admin = alias(users, "admin");
  const term = query.search ? `%${query.search.replace(/[%_\\]/g, "\\$&")}%` : null;
  const asNumber = query.search && /^\d+$/.test(query.search) ? Number(query.search) : null;
  const where = term
    ? or(
        ilike(refunds.reason, term),
        ilike(users.username, term),
        ilike(orders.email, term),
        asNumber !== null ? eq(refunds.orderId, asNumber) : undefined,
      )
    : undefined;
  const rows = await db
    .select({ refund: refunds, orderStatus: orders.status, adminId: admin.id, adminName: admin.username })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(admin, eq(admin.id, refunds.createdBy))
    .where(where)
    .orderBy(desc(refunds.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where);
  return {
    rows: rows.map((r) =>
      presentRefund(
        r.refund,
        r.adminId ? { id: r.adminId, username: r.adminName ?? "" } : null,
        r.orderStatus,
      ),
    ),
    total: total?.n ?? 0,
  };
}
