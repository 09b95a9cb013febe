/**
 * Refunds (isRefundsManager): full, or partial by order lines. In one transaction: the lines are
 * marked refunded, what they granted is taken back (enrolment, exam accesses, e-notes, sponsorship
 * credit, stock through the shop's hook), the card part goes back through the provider, any
 * sponsorship credit spent on the order goes back to the learner's credit, and the order becomes
 * refunded or partially refunded.
 */
import { messageKey, type RefundSortKey, type refundInput } from "@aprendo/contract";
import { count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { orderLines, orders, payments, refunds, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { paymentProvider } from "../payments/payments.service";
import { tellRefund } from "./commerce.mails";
import { type GrantableLine, type LineGrant, returnCredit, revokeLine } from "./grants";
import { formatPounds, pounds, toPence } from "./money";
import { orderNumberMatch } from "./orders.service";

export async function createRefund(
  deps: Pick<Deps, "db" | "config" | "mail" | "log">,
  actor: CurrentUser,
  input: z.output<typeof refundInput>,
) {
  const provider = paymentProvider(deps);
  const result = await transaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.order_id)).for("update");
    if (!order) throw AppError.field("order_id", "commerce.orderNotFound");
    if (order.status !== "paid" && order.status !== "partially_refunded")
      throw new AppError("conflict", "commerce.refundNotPaid");
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const open = lines.filter((l) => l.refundedAt === null);
    // What is still held: the card part not yet given back plus the credit spent and not returned.
    const heldPence = order.totalPence + order.creditPence - order.refundedPence;
    const byAmount = input.amount !== undefined ? toPence(input.amount) : null;
    if (byAmount !== null && byAmount > heldPence)
      throw AppError.field("amount", "commerce.refundAmountTooHigh", {
        max: formatPounds(Math.max(0, heldPence)),
      });
    let chosen = byAmount !== null ? [] : open;
    if (byAmount === null && input.line_ids?.length) {
      const wanted = new Set(input.line_ids);
      if (input.line_ids.some((id) => !lines.some((l) => l.id === id)))
        throw AppError.field("line_ids", "commerce.refundLineNotInOrder");
      // A title's children go with it.
      for (const l of lines) if (l.parentId !== null && wanted.has(l.parentId)) wanted.add(l.id);
      chosen = open.filter((l) => wanted.has(l.id));
    }
    const amount = byAmount ?? chosen.reduce((s, l) => s + l.paidPence, 0);
    if (byAmount === null && chosen.length === 0) throw new AppError("conflict", "commerce.refundNothing");

    const now = new Date();
    for (const line of chosen) {
      await revokeLine(tx, line as GrantableLine, (line.grant ?? {}) as LineGrant, order.userId);
      await tx.update(orderLines).set({ refundedAt: now }).where(eq(orderLines.id, line.id));
    }

    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, order.id)).for("update");
    const cardLeft = payment ? payment.amountPence - payment.refundedPence : 0;
    const cardPart = Math.min(amount, cardLeft);
    const creditPart = Math.min(amount - cardPart, order.creditPence - order.creditRefundedPence);
    // Lines: done when no line is left. An amount: done when it gives back all that was held (what
    // the order granted stays granted either way: an amount refund takes nothing back).
    const allRefunded = byAmount !== null ? byAmount === heldPence : open.length === chosen.length;
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
    // Full: this one refund gave back the whole order (nothing had been refunded before it).
    const kind = allRefunded && order.refundedPence === 0 && order.status === "paid" ? "full" : "partial";
    return {
      message: messageKey("commerce.refunded", { amount: formatPounds(finalCard + finalCredit) }),
      refund: presentRefund(
        row!,
        { id: actor.id, username: actor.username },
        { status, number: order.publicNumber, kind },
      ),
    };
  });
  // Told after the commit: the buyer never hears of a refund that rolled back.
  await tellRefund(deps, {
    orderId: input.order_id,
    amountPence: toPence(result.refund.amount),
    kind:
      result.refund.kind === "partial" && result.refund.order_status === "refunded"
        ? "rest"
        : result.refund.kind,
  });
  return result;
}

type RefundRow = typeof refunds.$inferSelect;

function presentRefund(
  row: RefundRow,
  by: { id: number; username: string } | null,
  order: { status: (typeof orders.$inferSelect)["status"]; number: string | null; kind: "full" | "partial" },
) {
  return {
    id: row.id,
    order_id: row.orderId,
    order_number: order.number,
    kind: order.kind,
    amount: pounds(row.amountPence),
    line_ids: row.lineIds,
    reason: row.reason,
    provider_ref: row.providerRef,
    created_by: by,
    created_at: row.createdAt.toISOString(),
    order_status: order.status,
  };
}

export async function listRefunds(
  db: Db,
  query: {
    page: number;
    per_page: number;
    search?: string | undefined;
    sort?: RefundSortKey | `-${RefundSortKey}` | undefined;
  },
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
        orderNumberMatch(query.search),
      )
    : undefined;
  const rows = await db
    .select({
      refund: refunds,
      orderStatus: orders.status,
      orderNumber: orders.publicNumber,
      // A full refund is the only refund of an order that ended refunded; one of several is partial.
      full: sql<boolean>`${orders.status} = 'refunded' AND NOT EXISTS (SELECT 1 FROM ${refunds} other WHERE other.order_id = ${refunds.orderId} AND other.id <> ${refunds.id})`,
      adminId: admin.id,
      adminName: admin.username,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(admin, eq(admin.id, refunds.createdBy))
    .where(where)
    .orderBy(
      ...listOrder(
        query.sort,
        {
          created_at: refunds.createdAt,
          order: orders.publicNumber,
          amount: refunds.amountPence,
          by: sql`lower(${admin.username})`,
        },
        refunds.id,
        [desc(refunds.id)],
      ),
    )
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
      presentRefund(r.refund, r.adminId ? { id: r.adminId, username: r.adminName ?? "" } : null, {
        status: r.orderStatus,
        number: r.orderNumber,
        kind: r.full ? "full" : "partial",
      }),
    ),
    total: total?.n ?? 0,
  };
}
