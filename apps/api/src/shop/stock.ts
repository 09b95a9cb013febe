/**
 * Stock of printed books and the commerce hook that sells them. Stock is only ever taken by ONE
 * conditional UPDATE (`stock >= quantity`) inside the checkout transaction, with a CHECK (stock >= 0)
 * behind it: concurrent checkouts for the last copy queue on the row lock and only the first one
 * finds the copy. Every change writes a `stock_movements` row (administrators' changes are also in
 * the audit log, see shop.admin.service.ts).
 */

import {
  type LanguageCode,
  messageKey,
  messages,
  shippingAddressProblems,
  shippingPenceFor,
  translate,
} from "@aprendo/contract";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { invalidateShop } from "../catalog/catalog-cache.service";
import { type PhysicalProductLine, registerPhysicalProducts } from "../commerce/sellables";
import type { DbOrTx } from "../db/client";
import {
  type Binding,
  orderLines,
  productBindings,
  products,
  type StockMovementReason,
  shipments,
  stockMovements,
} from "../db/schema/index";
import { AppError } from "../http/errors";

export const bindingName = (language: LanguageCode, binding: string) =>
  translate(messages, language, `shop.binding.${binding}`);

/** Adds (or with a negative change, takes) stock; null when taking more than is left. */
export async function moveStock(
  tx: DbOrTx,
  bindingId: number,
  change: number,
  record: {
    reason: StockMovementReason;
    orderId?: number | null;
    stockRequestId?: number | null;
    actorId?: number | null;
  },
): Promise<number | null> {
  const [row] = await tx
    .update(productBindings)
    .set({ stock: sql`${productBindings.stock} + ${change}`, updatedAt: new Date() })
    .where(
      and(
        eq(productBindings.id, bindingId),
        change < 0 ? sql`${productBindings.stock} >= ${-change}` : undefined,
      ),
    )
    .returning({ stock: productBindings.stock });
  if (!row) return null;
  invalidateShop();
  await tx.insert(stockMovements).values({
    productBindingId: bindingId,
    change,
    stockAfter: row.stock,
    reason: record.reason,
    orderId: record.orderId ?? null,
    stockRequestId: record.stockRequestId ?? null,
    actorId: record.actorId ?? null,
  });
  return row.stock;
}

async function findSellable(tx: DbOrTx, productId: number) {
  const [product] = await tx.select().from(products).where(eq(products.id, productId));
  if (!product) return null;
  const options = await tx.select().from(productBindings).where(eq(productBindings.productId, productId));
  return { product, options };
}

async function price(
  tx: DbOrTx,
  item: { id: number; quantity: number; productMetas: Record<string, string | number> },
  language: LanguageCode,
) {
  const found = await findSellable(tx, item.id);
  if (!found) return null;
  const { product, options } = found;
  const title = language === "es" ? product.titleEs || product.titleEn : product.titleEn;
  const active = options.filter((o) => o.active);
  const wanted = item.productMetas.binding;
  const option =
    wanted === undefined && active.length === 1 ? active[0] : active.find((o) => o.binding === wanted);
  if (product.status !== "published" || product.kind !== "printed_book")
    return { name: title, unitPence: product.pricePence, problem: "shop.productUnavailable" };
  if (!option) return { name: title, unitPence: product.pricePence, problem: "shop.bindingUnknown" };
  const name = `${title} (${bindingName(language, option.binding)})`;
  const unitPence = Math.max(0, product.pricePence - option.discountPence);
  const problem =
    item.quantity < 1
      ? "shop.quantityNegative"
      : option.stock === 0
        ? "shop.outOfStock"
        : item.quantity > option.stock
          ? messageKey("shop.quantityBeyondStock", { stock: option.stock })
          : null;
  return {
    name,
    unitPence,
    problem,
    maxQuantity: option.stock,
    meta: {
      bindingId: option.id,
      binding: option.binding,
      bookBindingDiscountPence: option.discountPence,
      // Both languages, so the order line renders in its reader's language (commerce/line-names.ts).
      titles: { en: product.titleEn, es: product.titleEs },
    },
  };
}

async function onPaid(tx: DbOrTx, line: PhysicalProductLine) {
  const bindingId = Number(line.meta.bindingId);
  const left = await moveStock(tx, bindingId, -line.quantity, {
    reason: "sale",
    orderId: line.orderId,
    actorId: line.userId,
  });
  if (left === null) {
    const [row] = await tx
      .select({ name: orderLines.name })
      .from(orderLines)
      .where(eq(orderLines.id, line.lineId));
    throw new AppError("conflict", "shop.soldOutAtCheckout", { params: { name: row?.name ?? "" } });
  }
  await tx
    .update(products)
    .set({ soldCount: sql`${products.soldCount} + ${line.quantity}` })
    .where(eq(products.id, line.productId));
  await tx.insert(shipments).values({ orderId: line.orderId, userId: line.userId }).onConflictDoNothing();
}

async function onRefunded(tx: DbOrTx, line: PhysicalProductLine) {
  const [shipment] = await tx
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, line.orderId))
    .for("update");
  // Books still in the warehouse go back on the shelf; shipped ones are with the learner.
  if (!shipment || shipment.status === "paid" || shipment.status === "packed") {
    await moveStock(tx, Number(line.meta.bindingId), line.quantity, {
      reason: "refund",
      orderId: line.orderId,
      actorId: null,
    });
  }
  await tx
    .update(products)
    .set({ soldCount: sql`GREATEST(${products.soldCount} - ${line.quantity}, 0)` })
    .where(eq(products.id, line.productId));
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, line.orderId),
        eq(orderLines.type, "physical_product"),
        ne(orderLines.id, line.lineId),
        isNull(orderLines.refundedAt),
      ),
    );
  if (shipment && (others?.n ?? 0) === 0)
    await tx
      .update(shipments)
      .set({ status: "refunded", updatedAt: new Date() })
      .where(eq(shipments.orderId, line.orderId));
}

async function shipping(
  _tx: DbOrTx,
  lines: Array<{ id: number; quantity: number }>,
  address: { country: string; postal_code: string; city: string } | null,
) {
  if (address) {
    const problems = shippingAddressProblems(address);
    const fields = Object.fromEntries(
      Object.entries(problems).map(([field, message]) => [`shipping_address.${field}`, [message]]),
    );
    if (Object.keys(fields).length > 0)
      throw new AppError("validation", Object.values(problems)[0], { fields });
  }
  return shippingPenceFor(lines.reduce((n, l) => n + l.quantity, 0));
}

/**
 * Registers the shop's printed books with commerce. Called once at start (workers.ts), before any
 * job or route can price, grant or release one, in every process (server, bench, tests).
 */
export function registerShop() {
  registerPhysicalProducts({ price, shipping, onPaid, onRefunded });
}

export type { Binding };
