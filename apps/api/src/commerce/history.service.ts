/**
 * Purchase history (spec section 3 purchase fields): one entry per bought item (a title with its
 * child items counts as one entry with `items`), newest first, for the learner and for
 * administrators with isAbleToViewUserPurchaseHistory.
 */
import type { LanguageCode, Purchase } from "@aprendo/contract";
import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderLines, orders, payments } from "../db/schema/index";
import { fulfilmentOf } from "../shop/fulfilment.service";
import { formatAddress } from "./address";
import { storedLineNaming } from "./line-names";
import { orderRowFigures, pounds, storedLineMoney } from "./money";

const shown = ["paid", "refunded", "partially_refunded"] as const;

export async function purchaseHistory(
  db: Db,
  userId: number,
  page: { page: number; per_page: number },
  receiptBase: string,
  language: LanguageCode = "en",
): Promise<{ rows: Purchase[]; total: number }> {
  const where = and(
    eq(orders.userId, userId),
    inArray(orders.status, [...shown]),
    isNull(orderLines.parentId),
  );
  const top = await db
    .select({ line: orderLines, order: orders, ref: payments.providerRef })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.id), asc(orderLines.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(where);
  const parentIds = top.map((t) => t.line.id);
  const children = parentIds.length
    ? await db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.parentId, parentIds))
        .orderBy(asc(orderLines.id))
    : [];
  const delivery = await fulfilmentOf(db, [
    ...new Set(top.filter((t) => t.line.type === "physical_product").map((t) => t.order.id)),
  ]);
  const rows = top.map(({ line, order, ref }): Purchase => {
    const own = children.filter((c) => c.parentId === line.id);
    const refunded = line.refundedAt !== null && own.every((c) => c.refundedAt !== null);
    const partly = !refunded && (line.refundedAt !== null || own.some((c) => c.refundedAt !== null));
    return {
      id: line.id,
      order: order.id,
      order_number: order.publicNumber,
      transaction_id: ref ?? null,
      date: (order.paidAt ?? order.createdAt).toISOString(),
      amount: pounds(line.paidPence + own.reduce((s, c) => s + c.paidPence, 0)),
      payment_type: line.type,
      type: line.type,
      item_id: line.itemId,
      ...storedLineNaming(line, language),
      number_of_items:
        line.type === "course"
          ? (line.meta.anchor ? 0 : 1) + own.length
          : line.type === "physical_product"
            ? line.quantity
            : line.type === "shipping"
              ? 0
              : 1,
      items: own.map((c) => ({
        id: c.itemId,
        type: c.type,
        ...storedLineNaming(c, language),
        amount: pounds(c.paidPence),
        money: storedLineMoney(c, order),
      })),
      money: storedLineMoney(line, order),
      order_figures: orderRowFigures(order),
      shipping_address: formatAddress(order.shippingAddress),
      status: refunded ? "refunded" : partly ? "partially_refunded" : "paid",
      receipt_url: `${receiptBase}/${order.id}/receipt`,
      fulfilment: line.type === "physical_product" ? (delivery.get(order.id) ?? null) : null,
    };
  });
  return { rows, total: total?.n ?? 0 };
}
