/**
 * What an unpaid order gives back when it ends without being paid (declined at the confirmation,
 * abandoned, or paid for something that can no longer be given): its coupon use, its credit and
 * the shop's hold on its printed books. Used by expiry.ts and settle.ts, inside their transaction.
 */
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { orderLines } from "../db/schema/index";
import { releaseCouponUse } from "./coupons.service";
import { returnCredit } from "./grants";
import { physicalProductsHook } from "./sellables";

/**
 * Gives back what an unpaid order holds (inside its transaction): the coupon use, the credit, and
 * the shop's hold on printed books (stock taken is returned through `onRefunded`, a reservation
 * through `onReleased`).
 */
export async function releaseOrder(
  tx: DbOrTx,
  order: { id: number; userId: number | null; creditPence: number },
): Promise<void> {
  await releaseCouponUse(tx, order.id);
  if (order.userId !== null) await returnCredit(tx, order.userId, order.creditPence, order.id);
  const hook = physicalProductsHook();
  if (!hook) return;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.type, "physical_product")))
    .orderBy(asc(orderLines.id));
  for (const line of lines) {
    const value = {
      orderId: order.id,
      lineId: line.id,
      productId: line.itemId!,
      quantity: line.quantity,
      meta: line.meta,
      userId: order.userId,
    };
    if (line.grant) await hook.onRefunded(tx, value);
    else await hook.onReleased?.(tx, value);
  }
}
