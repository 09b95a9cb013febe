/**
 * Orders abandoned at the extra confirmation step (3-D Secure) expire: the payment is cancelled at
 * the provider (so a late confirmation cannot charge), the order and its payment become `failed`,
 * and what the order held is given back: its coupon use, the credit it spent, and anything the shop
 * holds for its printed books (through the physical-products hook).
 *
 * Two paths, both idempotent: the `commerce.expire-orders` job sweeps every five minutes, and an
 * order is expired lazily when it is next touched (the confirm call of the learner or the guest).
 * `PENDING_ORDER_TTL_MINUTES` (default 60) is how long an order may wait.
 */
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Deps } from "../context";
import { orders, payments } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { paymentProvider } from "../payments/payments.service";
import { registerOrphanPaymentJob } from "./orphan-payments";
import { releaseOrder } from "./release";
import { settleOrder } from "./settle";

const DEFAULT_TTL_MINUTES = 60;

/** How long an unpaid order may wait for its confirmation (`PENDING_ORDER_TTL_MINUTES`, default 60). */
export function pendingOrderTtlMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.PENDING_ORDER_TTL_MINUTES);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TTL_MINUTES;
}

const waiting = ["pending", "requires_action"] as const;

export function isAbandoned(createdAt: Date, now = new Date(), ttlMinutes = pendingOrderTtlMinutes()) {
  return now.getTime() - createdAt.getTime() > ttlMinutes * 60_000;
}

export type ExpiryOutcome = "expired" | "paid" | "skipped";

/**
 * Expires one waiting order: cancels the payment at the provider first; when the provider answers
 * that it was paid after all, the order is settled as paid instead (the money was taken).
 */
export async function expireOrder(
  deps: Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">,
  orderId: number,
): Promise<ExpiryOutcome> {
  const [payment] = await deps.db
    .select({ providerRef: payments.providerRef, status: payments.status })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  if (payment?.status === "requires_action") {
    const answer = await paymentProvider(deps).cancel(payment.providerRef);
    if (answer === "succeeded") {
      const [order] = await deps.db
        .select({ language: orders.language })
        .from(orders)
        .where(eq(orders.id, orderId));
      await settleOrder(
        deps,
        orderId,
        { status: "succeeded", providerRef: payment.providerRef, card: null, message: null },
        order?.language === "es" ? "es" : "en",
      ).catch((error: unknown) => {
        // Paid at the provider all the same: the order is not expired; the sweep tries it again.
        deps.log.error({ err: error, orderId }, "order paid late could not be settled");
      });
      return "paid";
    }
  }
  return transaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || !(waiting as readonly string[]).includes(order.status)) return "skipped";
    const now = new Date();
    await tx
      .update(payments)
      .set({ status: "failed", updatedAt: now })
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "requires_action")));
    await tx.update(orders).set({ status: "failed", updatedAt: now }).where(eq(orders.id, orderId));
    await releaseOrder(tx, order);
    return "expired";
  });
}

/** The job: every order waiting longer than the TTL is expired (one at a time, oldest first). */
export async function expireAbandonedOrders(
  deps: Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">,
  options: { ttlMinutes?: number; now?: Date; limit?: number } = {},
): Promise<{ expired: number; paid: number }> {
  const ttl = options.ttlMinutes ?? pendingOrderTtlMinutes();
  const cutoff = new Date((options.now ?? new Date()).getTime() - ttl * 60_000);
  const stale = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, [...waiting]), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.id))
    .limit(options.limit ?? 500);
  const result = { expired: 0, paid: 0 };
  for (const { id } of stale) {
    try {
      const outcome = await expireOrder(deps, id);
      if (outcome === "expired") result.expired++;
      if (outcome === "paid") result.paid++;
    } catch (error) {
      // The provider could not be reached (or the order's transaction failed): the next sweep tries
      // again, five minutes later; the line says which order keeps failing.
      deps.log.warn({ err: error, orderId: id }, "abandoned order not expired; the next sweep retries");
    }
  }
  return result;
}

export async function registerCommerceJobs(deps: Deps): Promise<void> {
  await registerOrphanPaymentJob(deps);
  await deps.jobs.work("commerce.expire-orders", async () => {
    await expireAbandonedOrders(deps);
  });
  await deps.jobs.schedule("commerce.expire-orders", "*/5 * * * *");
}
