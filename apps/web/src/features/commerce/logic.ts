/** Small pure helpers of the commerce pages: card labels, idempotency keys, line views. */
import type { CartItem } from "@aprendo/contract/domain";

/**
 * Line kinds whose name already says what they are ("Exam access: …", "E-notes: …", "Sponsorship
 * for …", "Shipping"): a type label beneath would repeat it.
 */
export const nameSaysKind = (type: string) =>
  type === "exam_accesses" || type === "ebook" || type === "sponsorship" || type === "shipping";

/** The sponsor label's currency sign (spec section 9: pound in English, euro in the Spanish label). */
export const sponsorCurrencySign = (language: string) => (language === "es" ? "€" : "£");

/** A fresh key for one checkout attempt; a retry of the same attempt sends the same key. */
export function newIdempotencyKey(): string {
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return `checkout-${random}`;
}

const brands: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};
export const brandName = (brand: string) => brands[brand.toLowerCase()] ?? brand;

/** "04/28". */
export const cardExpiry = (month: number, year: number) =>
  `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;

/** An expired card cannot pay (checked at the end of its expiry month). */
export function isExpired(month: number, year: number, now = new Date()): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

/** A stable key for an entry of the cart (a printed book's bindings carry their own). */
export const itemKey = (item: Pick<CartItem, "type" | "id" | "key">) => item.key ?? `${item.type}-${item.id}`;

/** Items that only an account can buy (a guest may pay a sponsorship only). */
export const needsAccount = (items: Pick<CartItem, "type">[]) => items.some((i) => i.type !== "sponsorship");

/** Where a granted item can be opened after paying. */
export function grantedLink(granted: { type: string; id: number }): string | null {
  if (granted.type === "course") return `/iu/courses/${granted.id}`;
  return null;
}

/** How an order is named to people: its public number (`A-000123`), else (never paid) `#` and its id. */
export const orderLabel = (order: { number?: string | null; id: number }) => order.number ?? `#${order.id}`;
