/**
 * A paid order's closing step, shared by the checkout that pays at once, the confirmation after
 * 3-D Secure (checkout.service.ts), a webhook (checkout.routes.ts) and the sweep that finds an
 * abandoned order paid after all (expiry.ts): grant every line and mark the order paid
 * (`finalizeOrder`), settle a waiting order with the provider's answer (`settleOrder`), and put the
 * public order number in the answer (`withOrderNumber`). Its own file so those callers depend on it
 * and not on each other.
 */
import { type LanguageCode, messages, translate } from "@aprendo/contract";
import { asc, eq } from "drizzle-orm";
import type { Deps } from "../context";
import type { Db, DbOrTx } from "../db/client";
import { orderLines, orders, payments } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import type { PaymentResult } from "../payments/payments.port";
import { paymentProvider } from "../payments/payments.service";
import { closePaidOrder } from "./commerce.sql";
import { type GrantableLine, grantLine } from "./grants";
import { type LineLabel, lineNameParts, storedLineNaming } from "./line-names";
import { pounds } from "./money";
import { wakeOrderPaidNotices } from "./paid-notice";
import { releaseOrder } from "./release";

export type CheckoutBuyer =
  | { kind: "learner"; userId: number }
  | { kind: "guest"; email: string; name: string | null };

export type CheckoutAnswer = { statusCode: number; body: Record<string, unknown> };

/**
 * Grants every line of a paid order and marks it paid; returns what was granted. Checkout passes the
 * order and lines it has just written (no need to read them again) and its idempotency record, so
 * the closing writes (each line's grant, the order paid, the server cart emptied, the stored answer,
 * the buyer's notice in the outbox) go in ONE statement (commerce.sql.ts `closePaidOrder`); settling
 * reads the order and lines.
 */
export async function finalizeOrder(
  tx: DbOrTx,
  orderId: number,
  buyer: CheckoutBuyer,
  language: LanguageCode,
  known?: { order: { userId: number | null; email: string | null }; lines: GrantableLine[] },
  request?: { scope: string; key: string; answerOf: (granted: Granted) => CheckoutAnswer },
): Promise<Granted> {
  const order =
    known?.order ??
    (
      await tx
        .select({ userId: orders.userId, email: orders.email })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0]!;
  const lines =
    known?.lines ??
    (await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)));
  const granted: Granted = [];
  const grants: Array<{ id: number; grant: unknown }> = [];
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    if (line.type === "shipping") continue;
    const grant = await grantLine(tx, line as GrantableLine, {
      userId: order.userId,
      email: order.email,
      sponsorName: buyer.kind === "guest" ? buyer.name : null,
    });
    grants.push({ id: line.id, grant });
    if (!line.meta.anchor) granted.push(grantedItem(line, language));
  }
  await closePaidOrder(tx, {
    orderId,
    grants,
    userId: order.userId,
    answer: request ? { scope: request.scope, key: request.key, ...request.answerOf(granted) } : null,
  });
  return granted;
}

/**
 * Puts the public order number in a paid order's answer. The number is given when the paying
 * transaction commits (migration 0018: the counter row is then held only for the commit), so it is
 * read after it: one primary-key read, for paid answers only (replays of stored answers too).
 */
export async function withOrderNumber(db: Db, answer: CheckoutAnswer): Promise<CheckoutAnswer> {
  const { body } = answer;
  if (body.status !== "succeeded" || typeof body.order_id !== "number" || body.order_number) return answer;
  const [row] = await db
    .select({ number: orders.publicNumber })
    .from(orders)
    .where(eq(orders.id, body.order_id));
  return { ...answer, body: { ...body, order_number: row?.number ?? null } };
}

export type Granted = Array<
  { type: GrantableLine["type"]; id: number } & ReturnType<typeof storedLineNaming>
>;

/** What a line unlocked, for the confirmation page: its name for the buyer, its title marked (line-names.ts). */
export const grantedItem = (
  line: Pick<GrantableLine, "type" | "itemId" | "name" | "meta">,
  language: LanguageCode,
): Granted[number] => ({ type: line.type, id: line.itemId ?? 0, ...storedLineNaming(line, language) });

/**
 * `grantedItem` for a line priced in this request: pricing already named it in the buyer's language
 * from the same label, so the name is kept, not translated a second time (a translation per line
 * per paying request, seen in the checkout's Node profile).
 */
export const pricedItem = (
  line: Pick<GrantableLine, "type" | "itemId" | "name" | "meta">,
  language: LanguageCode,
): Granted[number] => ({
  type: line.type,
  id: line.itemId ?? 0,
  name: line.name,
  ...lineNameParts(line.name, line.meta.label as LineLabel | undefined, language),
});

/**
 * Settles an order that waited for an extra confirmation step, with the provider's answer (from the
 * confirm call or a webhook). Idempotent: an order already settled is left as it is.
 */
export async function settleOrder(
  deps: Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">,
  orderId: number,
  outcome: PaymentResult,
  language: LanguageCode,
): Promise<CheckoutAnswer> {
  // Set when the payment went through but what it buys can no longer be given (the last printed
  // copy sold while the buyer confirmed): the money then goes back and the order closes.
  let unfulfillable: unknown = null;
  // True once this call (not an earlier confirmation or webhook) made the order paid.
  let paidNow = false;
  try {
    const answer = await transaction(deps.db, async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order) throw new AppError("not_found", "commerce.orderNotFound");
      const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId));
      const body = (status: "succeeded" | "requires_action", granted: unknown[], message: string) => ({
        status,
        message: translate(messages, language, message),
        order_id: orderId,
        // Known once the transaction commits (withOrderNumber), or already given.
        order_number: order.publicNumber,
        order_status: status === "succeeded" ? "paid" : "requires_action",
        total: pounds(order.totalPence),
        transaction_id: payment?.providerRef ?? null,
        next_action_url: outcome.status === "requires_action" ? outcome.nextActionUrl : null,
        client_secret: outcome.status === "requires_action" ? outcome.clientSecret : null,
        granted,
      });
      if (order.status === "paid" || order.status === "partially_refunded" || order.status === "refunded") {
        const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
        const granted = lines
          .filter((l) => l.type !== "shipping" && !l.meta.anchor)
          .map((l) => grantedItem(l, language));
        return { statusCode: 200, body: body("succeeded", granted, "commerce.paymentSucceeded") };
      }
      if (order.status !== "requires_action") throw new AppError("conflict", "commerce.orderNotPending");
      if (outcome.status === "requires_action")
        return { statusCode: 200, body: body("requires_action", [], "commerce.paymentRequiresAction") };
      if (outcome.status === "declined") {
        await tx
          .update(payments)
          .set({ status: "failed", updatedAt: new Date() })
          .where(eq(payments.orderId, orderId));
        await tx
          .update(orders)
          .set({ status: "failed", updatedAt: new Date() })
          .where(eq(orders.id, orderId));
        await releaseOrder(tx, order);
        return { statusCode: 402, body: { message: translate(messages, language, outcome.message) } };
      }
      await tx
        .update(payments)
        .set({ status: "succeeded", updatedAt: new Date() })
        .where(eq(payments.orderId, orderId));
      const granted = await finalizeOrder(
        tx,
        orderId,
        order.userId !== null
          ? { kind: "learner", userId: order.userId }
          : { kind: "guest", email: order.email ?? "", name: null },
        language,
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "conflict") unfulfillable = error;
        throw error;
      });
      paidNow = true;
      return { statusCode: 200, body: body("succeeded", granted, "commerce.paymentSucceeded") };
    });
    const numbered = await withOrderNumber(deps.db, answer);
    // The notice committed with the order (its outbox row); the drain is only woken.
    if (paidNow) await wakeOrderPaidNotices(deps);
    return numbered;
  } catch (error) {
    if (error === unfulfillable && error !== null) await refundUnfulfillable(deps, orderId);
    throw error;
  }
}

/**
 * Closes an order whose payment succeeded but whose items can no longer be granted: the order and
 * its payment end `refunded`, what it held is given back, and the provider refunds the full amount
 * (keyed by the order, so a repeated confirmation or sweep never refunds twice).
 */
async function refundUnfulfillable(
  deps: Pick<Deps, "db" | "config" | "log">,
  orderId: number,
): Promise<void> {
  const provider = paymentProvider(deps);
  const charge = await transaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.status !== "requires_action") return null;
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId));
    const now = new Date();
    await tx
      .update(payments)
      .set({ status: "refunded", updatedAt: now })
      .where(eq(payments.orderId, orderId));
    await tx.update(orders).set({ status: "refunded", updatedAt: now }).where(eq(orders.id, orderId));
    await releaseOrder(tx, order);
    return payment ? { ref: payment.providerRef, amount: payment.amountPence } : null;
  });
  if (charge) await provider.refund(charge.ref, charge.amount, `unfulfillable:${orderId}`);
}
