/**
 * Money helpers: the database counts pence, the wire shows pounds with 2 decimals. The money model
 * itself (a line's list price, discounts by source and paid amount; an order's subtotal, discounts,
 * shipping and total) and the one formatter live in the contract (`domain/money.ts`), shared with
 * the web app.
 */
import {
  type DiscountSources,
  discountPence,
  formatMoney,
  type LineMoney,
  listPence,
  type MoneyLine,
  noDiscounts,
  type OrderFigures,
  orderFigures,
  paidPence,
} from "@aprendo/contract";

export const pounds = (pence: number) => Math.round(pence) / 100;
export const toPence = (value: number) => Math.round(value * 100);
export const formatPounds = (pence: number) => (pence / 100).toFixed(2);
export { discountPence, formatMoney, listPence, orderFigures, paidPence };

/** What an order line stores of the money model: `meta.discounts` (pence by source) beside its columns. */
type StoredLine = {
  type: string;
  quantity: number;
  unitPricePence: number;
  discountPence: number;
  paidPence: number;
  meta: Record<string, unknown>;
};

/**
 * A stored line as the money model reads it. Lines written before the discounts were stored by
 * source carry their whole discount as the coupon's or salary scale's (the order knows which).
 */
export function moneyLineOf(line: StoredLine, fallback: keyof DiscountSources = "coupon"): MoneyLine {
  const stored = line.meta.discounts as Partial<DiscountSources> | undefined;
  const discounts = noDiscounts();
  if (stored) {
    discounts.coupon = Number(stored.coupon ?? 0);
    discounts.salary_scale = Number(stored.salary_scale ?? 0);
    discounts.binding = Number(stored.binding ?? 0);
  } else discounts[fallback] = line.discountPence;
  return { listUnitPence: line.unitPricePence, quantity: line.quantity, discounts };
}

/** The figures of a stored order: its lines (shipping lines apart) and its credit. */
export function storedOrderFigures(
  order: { creditPence: number; couponCode: string | null },
  lines: StoredLine[],
): OrderFigures {
  const fallback = order.couponCode ? "coupon" : "salary_scale";
  const bought = lines.filter((l) => l.type !== "shipping").map((l) => moneyLineOf(l, fallback));
  const shipping = lines.filter((l) => l.type === "shipping").reduce((s, l) => s + l.paidPence, 0);
  return orderFigures(bought, shipping, order.creditPence);
}

/** The figures an order row stores (written from the same lines at checkout). */
export function orderRowFigures(order: {
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  creditPence: number;
  totalPence: number;
}): OrderFigures {
  return {
    subtotal_pence: order.subtotalPence,
    discount_pence: order.discountPence,
    shipping_pence: order.shippingPence,
    total_pence: order.subtotalPence - order.discountPence + order.shippingPence,
    credit_pence: order.creditPence,
    charged_pence: order.totalPence,
  };
}

/** A stored line's money model as the wire carries it (pence). */
export const storedLineMoney = (line: StoredLine, order: { couponCode: string | null }): LineMoney =>
  presentLineMoney(moneyLineOf(line, order.couponCode ? "coupon" : "salary_scale"));

/** A line of the money model as the wire carries it (pence). */
export function presentLineMoney(m: MoneyLine): LineMoney {
  return {
    list_unit_pence: m.listUnitPence,
    quantity: m.quantity,
    list_pence: listPence(m),
    discounts: m.discounts,
    discount_pence: discountPence(m),
    paid_pence: paidPence(m),
  };
}
