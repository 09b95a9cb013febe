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

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The Intl.NumberFormat of a locale and options, built once: building one costs far more than
 * formatting with it (the learner dashboard built one per figure: 46 ms of a profiled first load).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, formatter);
  }
  return formatter;
}

/** The one money formatter: "£58.27" in English, "58,27 £" in Spanish. */
export function formatMoney(pence: number, language: string, currency = "GBP"): string {
  return numberFormat(language === "es" ? "es-ES" : "en-GB", {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.round(pence) / 100);
}
