/**
 * A shipping address on one line, as the purchase history, the receipt PDF and the dispatch list
 * show it. Its own module so the shop's fulfilment and the receipts can use it without importing the
 * purchase history (which reads the shop's fulfilment: importing back would make a cycle).
 */
import type { ShippingAddressValue } from "../db/schema/index";

export const formatAddress = (a: ShippingAddressValue | null) =>
  a ? [a.name, a.line1, a.line2, a.city, a.postal_code, a.country].filter(Boolean).join(", ") : null;
