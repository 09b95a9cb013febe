/**
 * The money reports in SQL: sales by month, title and product; refunds by month; coupon usage.
 * Sales count orders that were paid (including those refunded since) by the day they were paid;
 * refunds count by the day they were made, so a month's net is what came in less what went back
 * that month. Per title and product, a refunded line counts against the line; a refund of an amount
 * (not of lines) belongs to no line and shows in the months and the refunds report only.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { monthOf, monthSeries, type ReportRange, within } from "./range";

const paidStatuses = sql`('paid', 'refunded', 'partially_refunded')`;
/** An order's value before sponsorship credit: what the card paid plus the credit spent. */
const orderValue = sql`(o.total_pence + o.credit_pence)`;

type Money = { currency: string; gross_pence: number; refunded_pence: number; net_pence: number };

const moneyCtes = (range: ReportRange) => sql`
  sold AS (
    SELECT ${monthOf(sql`o.paid_at`)} AS month, o.currency, count(*)::int AS orders,
      sum(${orderValue})::bigint AS gross
    FROM orders o
    WHERE o.status IN ${paidStatuses} AND ${within(sql`o.paid_at`, range)}
    GROUP BY 1, 2
  ),
  back AS (
    SELECT ${monthOf(sql`r.created_at`)} AS month, o.currency, sum(r.amount_pence)::bigint AS refunded
    FROM refunds r JOIN orders o ON o.id = r.order_id
    WHERE ${within(sql`r.created_at`, range)}
    GROUP BY 1, 2
  ),
  -- The platform's currency (orders' default) when nothing was sold, so empty months still chart.
  currencies AS (
    SELECT currency FROM sold UNION SELECT currency FROM back
    UNION SELECT 'GBP' WHERE NOT EXISTS (SELECT 1 FROM sold) AND NOT EXISTS (SELECT 1 FROM back)
  )`;

export const salesByMonthStatement = (range: ReportRange) => sql`
    WITH months AS (${monthSeries(range)}), ${moneyCtes(range)}
    SELECT m.month, c.currency, coalesce(s.orders, 0)::int AS orders,
      coalesce(s.gross, 0)::bigint AS gross_pence, coalesce(b.refunded, 0)::bigint AS refunded_pence,
      (coalesce(s.gross, 0) - coalesce(b.refunded, 0))::bigint AS net_pence
    FROM months m CROSS JOIN currencies c
    LEFT JOIN sold s ON s.month = m.month AND s.currency = c.currency
    LEFT JOIN back b ON b.month = m.month AND b.currency = c.currency
    ORDER BY m.month, c.currency`;

export async function salesByMonth(db: DbOrTx, range: ReportRange) {
  const { rows } = await db.execute<Money & { month: string; orders: number }>(salesByMonthStatement(range));
  return rows;
}

export const salesTotalsStatement = (range: ReportRange) => sql`
    WITH ${moneyCtes(range)}
    SELECT c.currency,
      coalesce((SELECT sum(orders) FROM sold s WHERE s.currency = c.currency), 0)::int AS orders,
      coalesce((SELECT sum(gross) FROM sold s WHERE s.currency = c.currency), 0)::bigint AS gross_pence,
      coalesce((SELECT sum(refunded) FROM back b WHERE b.currency = c.currency), 0)::bigint AS refunded_pence,
      (coalesce((SELECT sum(gross) FROM sold s WHERE s.currency = c.currency), 0)
        - coalesce((SELECT sum(refunded) FROM back b WHERE b.currency = c.currency), 0))::bigint AS net_pence
    FROM currencies c ORDER BY c.currency`;

export async function salesTotals(db: DbOrTx, range: ReportRange) {
  const { rows } = await db.execute<Money & { orders: number }>(salesTotalsStatement(range));
  return rows;
}

const lineMoney = sql`o.currency, sum(l.paid_pence)::bigint AS gross_pence,
  sum(CASE WHEN l.refunded_at IS NULL THEN 0 ELSE l.paid_pence END)::bigint AS refunded_pence,
  sum(CASE WHEN l.refunded_at IS NULL THEN l.paid_pence ELSE 0 END)::bigint AS net_pence`;
const paidLinesWithin = (range: ReportRange) =>
  sql`FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN courses c ON l.type = 'course' AND c.id = l.item_id
    WHERE o.status IN ${paidStatuses} AND ${within(sql`o.paid_at`, range)}`;

/** Titles sold, named in the reader's language (the line's own name when the title is gone). */
export const salesByTitleStatement = (range: ReportRange, language: "en" | "es") => {
  const title = language === "es" ? sql`c.title_es` : sql`c.title_en`;
  return sql`
    SELECT l.item_id AS course_id, coalesce(max(${title}), max(l.name)) AS name,
      sum(l.quantity)::int AS sold, ${lineMoney}
    ${paidLinesWithin(range)} AND l.type = 'course' AND l.item_id IS NOT NULL
    GROUP BY l.item_id, o.currency
    ORDER BY net_pence DESC, name`;
};

export async function salesByTitle(db: DbOrTx, range: ReportRange, language: "en" | "es") {
  const { rows } = await db.execute<Money & { course_id: number; name: string; sold: number }>(
    salesByTitleStatement(range, language),
  );
  return rows;
}

/** Everything else sold (exam accesses, e-notes, printed books, sponsorships), by item. */
export const salesByProductStatement = (range: ReportRange) => sql`
    SELECT l.type, l.item_id, (array_agg(l.name ORDER BY l.id DESC))[1] AS name,
      sum(l.quantity)::int AS sold, ${lineMoney}
    ${paidLinesWithin(range)} AND l.type NOT IN ('course', 'shipping')
    GROUP BY l.type, l.item_id, o.currency
    ORDER BY net_pence DESC, name`;

export async function salesByProduct(db: DbOrTx, range: ReportRange) {
  const { rows } = await db.execute<
    Money & { type: string; item_id: number | null; name: string; sold: number }
  >(salesByProductStatement(range));
  return rows;
}

export const refundsByMonthStatement = (range: ReportRange) => sql`
    WITH months AS (${monthSeries(range)}),
    made AS (
      SELECT ${monthOf(sql`r.created_at`)} AS month, o.currency, count(*)::int AS refunds,
        sum(r.amount_pence)::bigint AS amount, sum(r.credit_pence)::bigint AS credit
      FROM refunds r JOIN orders o ON o.id = r.order_id
      WHERE ${within(sql`r.created_at`, range)}
      GROUP BY 1, 2
    ),
    currencies AS (SELECT DISTINCT currency FROM made UNION SELECT 'GBP' WHERE NOT EXISTS (SELECT 1 FROM made))
    SELECT m.month, c.currency, coalesce(x.refunds, 0)::int AS refunds,
      coalesce(x.amount, 0)::bigint AS amount_pence, coalesce(x.credit, 0)::bigint AS credit_pence
    FROM months m CROSS JOIN currencies c
    LEFT JOIN made x ON x.month = m.month AND x.currency = c.currency
    ORDER BY m.month, c.currency`;

export async function refundsByMonth(db: DbOrTx, range: ReportRange) {
  const { rows } = await db.execute<{
    month: string;
    currency: string;
    refunds: number;
    amount_pence: number;
    credit_pence: number;
  }>(refundsByMonthStatement(range));
  return rows;
}

export const couponUsageStatement = (range: ReportRange) => sql`
    SELECT c.id AS coupon_id, c.code, o.currency, count(*)::int AS uses,
      count(DISTINCT coalesce(r.user_id::text, lower(o.email)))::int AS buyers,
      sum(r.discount_pence)::bigint AS discount_pence,
      sum(${orderValue} - o.refunded_pence)::bigint AS net_pence
    FROM coupon_redemptions r
    JOIN coupons c ON c.id = r.coupon_id
    JOIN orders o ON o.id = r.order_id
    WHERE o.status IN ${paidStatuses} AND ${within(sql`r.created_at`, range)}
    GROUP BY c.id, c.code, o.currency
    ORDER BY uses DESC, c.code`;

export async function couponUsage(db: DbOrTx, range: ReportRange) {
  const { rows } = await db.execute<{
    coupon_id: number;
    code: string;
    currency: string;
    uses: number;
    buyers: number;
    discount_pence: number;
    net_pence: number;
  }>(couponUsageStatement(range));
  return rows;
}
