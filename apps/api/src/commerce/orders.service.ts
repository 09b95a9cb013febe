/** Back office reads: orders (isOrderManager) and transactions, i.e. provider payments. */
import type {
  AdminOrder,
  adminOrderQuery,
  LanguageCode,
  PaymentType,
  transactionQuery,
} from "@aprendo/contract";
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { orderLines, orders, payments, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { storedLineNaming } from "./line-names";
import { orderRowFigures, pounds, storedLineMoney } from "./money";

const like = (q: string) => `%${q.replace(/[%_\\]/g, "\\$&")}%`;

type OrderRow = typeof orders.$inferSelect;

function orderSummary(
  o: OrderRow,
  user: { id: number; username: string } | null,
  ref: string | null,
  provider: string | null,
) {
  return {
    id: o.id,
    number: o.publicNumber,
    user,
    email: o.email,
    status: o.status,
    subtotal: pounds(o.subtotalPence),
    discount: pounds(o.discountPence),
    credit: pounds(o.creditPence),
    total: pounds(o.totalPence),
    refunded: pounds(o.refundedPence),
    coupon_code: o.couponCode,
    salary_scale_percentage: o.salaryScalePercentage,
    shipping_address: o.shippingAddress,
    transaction_id: ref,
    provider,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    figures: orderRowFigures(o),
  };
}

/**
 * A search for a public order number: `A-000123`, `a-123` or `#A-123` find that order (its digits
 * compared as a number, so leading zeros do not matter); other text matches nothing here.
 */
export function orderNumberMatch(search: string | undefined): SQL | undefined {
  const digits = search?.trim().match(/^#?a-?0*(\d{1,9})$/i)?.[1];
  if (digits === undefined) return undefined;
  const canonical = `A-${digits.padStart(6, "0")}`;
  return eq(orders.publicNumber, canonical);
}

function orderSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const n = /^\d+$/.test(search) ? Number(search) : null;
  return or(
    orderNumberMatch(search),
    ilike(users.username, like(search)),
    ilike(orders.email, like(search)),
    ilike(orders.couponCode, like(search)),
    ilike(payments.providerRef, like(search)),
    n !== null && n < 2 ** 31 ? eq(orders.id, n) : undefined,
  );
}

export async function listOrders(db: Db, query: z.output<typeof adminOrderQuery>) {
  const where = and(orderSearch(query.search), query.status ? eq(orders.status, query.status) : undefined);
  const rows = await db
    .select({
      order: orders,
      userId: users.id,
      username: users.username,
      ref: payments.providerRef,
      provider: payments.provider,
      lineCount: sql<number>`(select count(*)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(where)
    .orderBy(
      ...listOrder(
        query.sort,
        {
          number: orders.publicNumber,
          created_at: orders.createdAt,
          buyer: sql`lower(coalesce(${users.username}, ${orders.email}))`,
          lines: sql`(select count(*) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
          total: orders.totalPence,
          status: orders.status,
        },
        orders.id,
        [desc(orders.id)],
      ),
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(where);
  return {
    rows: rows.map((r) => ({
      ...orderSummary(
        r.order,
        r.userId ? { id: r.userId, username: r.username ?? "" } : null,
        r.ref,
        r.provider,
      ),
      line_count: r.lineCount,
    })),
    total: total?.n ?? 0,
  };
}

export async function getOrder(db: Db, id: number, language: LanguageCode = "en"): Promise<AdminOrder> {
  const [r] = await db
    .select({
      order: orders,
      userId: users.id,
      username: users.username,
      ref: payments.providerRef,
      provider: payments.provider,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, id));
  if (!r) throw new AppError("not_found", "commerce.orderNotFound");
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.id));
  return {
    ...orderSummary(
      r.order,
      r.userId ? { id: r.userId, username: r.username ?? "" } : null,
      r.ref,
      r.provider,
    ),
    lines: lines.map((l) => ({
      id: l.id,
      parent_id: l.parentId,
      type: l.type,
      item_id: l.itemId,
      ...storedLineNaming(l, language),
      quantity: l.quantity,
      unit_price: pounds(l.unitPricePence),
      discount: pounds(l.discountPence),
      paid: pounds(l.paidPence),
      money: storedLineMoney(l, r.order),
      refunded: l.refundedAt !== null,
    })),
  };
}

export async function listTransactions(db: Db, query: z.output<typeof transactionQuery>) {
  const where = and(
    orderSearch(query.search),
    query.status ? eq(payments.status, query.status) : undefined,
    query.from ? gte(payments.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(payments.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000))
      : undefined,
    query.payment_type
      ? sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.type} = ${query.payment_type})`
      : undefined,
  );
  const rows = await db
    .select({ payment: payments, order: orders, userId: users.id, username: users.username })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(
      ...listOrder(
        query.sort,
        {
          created_at: payments.createdAt,
          reference: payments.providerRef,
          buyer: sql`lower(coalesce(${users.username}, ${orders.email}))`,
          amount: payments.amountPence,
          status: payments.status,
        },
        payments.id,
        [desc(payments.id)],
      ),
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where);
  const orderIds = rows.map((r) => r.order.id);
  const types = orderIds.length
    ? await db
        .selectDistinct({ orderId: orderLines.orderId, type: orderLines.type })
        .from(orderLines)
        .where(inArray(orderLines.orderId, orderIds))
    : [];
  return {
    rows: rows.map((r) => ({
      id: r.payment.id,
      order_id: r.order.id,
      order_number: r.order.publicNumber,
      user: r.userId ? { id: r.userId, username: r.username ?? "" } : null,
      email: r.order.email,
      provider: r.payment.provider,
      transaction_id: r.payment.providerRef,
      amount: pounds(r.payment.amountPence),
      refunded: pounds(r.payment.refundedPence),
      currency: r.payment.currency,
      status: r.payment.status,
      payment_types: types.filter((t) => t.orderId === r.order.id).map((t) => t.type as PaymentType),
      card: r.payment.cardLabel,
      created_at: r.payment.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
