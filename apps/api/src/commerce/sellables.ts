/**
 * The hook through which the shop sells printed books. Commerce prices, orders and charges; the
 * shop answers what a product costs, what shipping costs, and takes stock when an order is paid
 * (and gives it back on refund), all inside the checkout or refund transaction. Commerce does not
 * import the shop (the shop depends on commerce): the shop registers itself once at start, in
 * workers.ts, before any job or route runs:
 *
 *   registerPhysicalProducts({ price, shipping, onPaid, onRefunded })   (shop/stock.ts registerShop)
 *
 * Without it (a test that sets it to null), `physical_product` cart items are priced with the
 * problem "Printed products are not on sale yet" and checkout refuses them.
 */
import type { LanguageCode } from "@aprendo/contract";
import type { DbOrTx } from "../db/client";
import type { ShippingAddressValue } from "../db/schema/index";

export type PhysicalProductLine = {
  orderId: number;
  lineId: number;
  productId: number;
  quantity: number;
  meta: Record<string, unknown>;
  userId: number | null;
};

export type PhysicalProductsHook = {
  /** The unit price and name, or a problem message key (out of stock...); null when unknown. */
  price(
    tx: DbOrTx,
    item: { id: number; quantity: number; productMetas: Record<string, string | number> },
    language: LanguageCode,
  ): Promise<{
    name: string;
    unitPence: number;
    problem?: string | null;
    /** The most copies that can be bought now (the binding's stock). */
    maxQuantity?: number | null;
    meta?: Record<string, unknown>;
  } | null>;
  /** Shipping for the physical lines of a cart, in pence. */
  shipping(
    tx: DbOrTx,
    lines: Array<{ id: number; quantity: number }>,
    address: ShippingAddressValue | null,
  ): Promise<number>;
  /** Paid: take the stock (one conditional UPDATE) and queue fulfilment; throw to abort checkout. */
  onPaid(tx: DbOrTx, line: PhysicalProductLine): Promise<void>;
  /** Refunded: give the stock back if it was not shipped. */
  onRefunded(tx: DbOrTx, line: PhysicalProductLine): Promise<void>;
  /**
   * Optional: an order that was never paid (refused or abandoned at the 3-D Secure step) is
   * cancelled; give back anything held for this line (a reservation). Stock taken by `onPaid` is
   * given back through `onRefunded` instead.
   */
  onReleased?(tx: DbOrTx, line: PhysicalProductLine): Promise<void>;
};

let physicalProducts: PhysicalProductsHook | null = null;

export function registerPhysicalProducts(hook: PhysicalProductsHook | null) {
  physicalProducts = hook;
}

export const physicalProductsHook = () => physicalProducts;
