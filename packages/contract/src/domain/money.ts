/**
 * Money, one model for the cart, checkout, the purchase history, the receipt PDF and the back office:
 * every figure is integer pence; pounds appear only on the wire (`pounds`) and in `formatMoney`, the
 * one formatter people read (browser and PDF alike).
 *
 *   line:  list = list unit price × quantity;  discount = coupon + salary scale + binding;  paid = list − discount
 *   order: subtotal = Σ list;  discounts = Σ discount;  total = subtotal − discounts + shipping
 *          charged (to the card) = total − sponsorship credit
 */

export type DiscountSources = { coupon: number; salary_scale: number; binding: number };

export type MoneyLine = {
  /** The catalogue price of one unit before any discount (a printed book's price before its binding's). */
  listUnitPence: number;
  quantity: number;
  discounts: DiscountSources;
};

export type OrderFigures = {
  subtotal_pence: number;
  discount_pence: number;
  shipping_pence: number;
  total_pence: number;
  credit_pence: number;
  charged_pence: number;
};

export const noDiscounts = (): DiscountSources => ({ coupon: 0, salary_scale: 0, binding: 0 });

export const listPence = (line: MoneyLine) => line.listUnitPence * line.quantity;
export const discountPence = (line: MoneyLine) =>
  line.discounts.coupon + line.discounts.salary_scale + line.discounts.binding;
export const paidPence = (line: MoneyLine) => listPence(line) - discountPence(line);

/** The order's figures from its lines (shipping apart), so they reconcile by construction. */
export function orderFigures(lines: MoneyLine[], shippingPence: number, creditPence: number): OrderFigures {
  const subtotal = lines.reduce((s, l) => s + listPence(l), 0);
  const discount = lines.reduce((s, l) => s + discountPence(l), 0);
  const total = subtotal - discount + shippingPence;
  return {
    subtotal_pence: subtotal,
    discount_pence: discount,
    shipping_pence: shippingPence,
    total_pence: total,
    credit_pence: creditPence,
    charged_pence: total - creditPence,
  };
}

const formatters = new Map<string, Intl.NumberFormat>();

/** The one money formatter: "£58.27" in English, "58,27 £" in Spanish. */
export function formatMoney(pence: number, language: string, currency = "GBP"): string {
  const locale = language === "es" ? "es-ES" : "en-GB";
  const id = `${locale}:${currency}`;
  let format = formatters.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(id, format);
  }
  return format.format(Math.round(pence) / 100);
}
