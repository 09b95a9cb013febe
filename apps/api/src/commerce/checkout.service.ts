/**
 * Checkout, in ONE transaction: claim the idempotency key, re-price everything on the server, create
 * the order and its lines (the paid price per line, never recomputed), take the coupon use and the
 * credit (conditional UPDATEs), charge through the provider, and on success grant what was bought.
 * A declined card rolls everything back (no order, no coupon use, no access). The same key replays
 * the stored answer; the same key with another body is refused (409).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import {
  type CheckoutInput,
  isChild,
  type LanguageCode,
  messages,
  noDiscounts,
  translate,
} from "@aprendo/contract";
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Deps } from "../context";
import type { Db, DbOrTx } from "../db/client";
import { carts, checkoutRequests, orderLines, orders, payments } from "../db/schema/index";
import { AppError } from "../http/errors";
import { paymentProvider } from "../payments/payments";
import type { CardDetails, PaymentResult } from "../payments/payments.port";
import {
  beginCheckout,
  lockLearnerCheckouts,
  type OrderLineWrite,
  takeCouponAndCredit,
  writeOrder,
} from "./commerce.sql";
import { expireOrder, isAbandoned, releaseOrder } from "./expiry";
import { type GrantableLine, grantLine, type LineGrant } from "./grants";
import { pounds } from "./money";
import { queueOrderPaidNotice } from "./paid-notice";
import { flattenLines, type Line, lineMoneyOf, ownedProblems, priceCart } from "./pricing";

export type CheckoutBuyer =
  | { kind: "learner"; userId: number }
  | { kind: "guest"; email: string; name: string | null };

export type CheckoutAnswer = { statusCode: number; body: Record<string, unknown> };

class Replay extends Error {}
export class CardDeclined extends Error {}

const scopeOf = (buyer: CheckoutBuyer) =>
  buyer.kind === "learner" ? `u:${buyer.userId}` : `g:${buyer.email}`;

/** Canonical JSON (sorted keys), so the same cart in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

export const requestHash = (body: unknown) => createHash("sha256").update(canonical(body)).digest("hex");

const cardLabel = (card: CardDetails | null) => (card ? `${card.brand} •••• ${card.last4}` : null);

export async function checkout(
  deps: Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">,
  input: { buyer: CheckoutBuyer; body: CheckoutInput; key: string; language: LanguageCode },
): Promise<CheckoutAnswer> {
  const { db } = deps;
  const scope = scopeOf(input.buyer);
  const hash = requestHash(input.body);
  const replay = async (): Promise<CheckoutAnswer | null> => {
    const [row] = await db
      .select()
      .from(checkoutRequests)
      .where(and(eq(checkoutRequests.scope, scope), eq(checkoutRequests.key, input.key)));
    if (!row) return null;
    if (row.requestHash !== hash) throw new AppError("conflict", "commerce.idempotencyKeyReused");
    return { statusCode: row.statusCode, body: row.response };
  };
  // No read before the transaction: the claim below is the check (a replay costs one rollback).

  const provider = paymentProvider(deps);
  const state: { charged: { ref: string; amount: number } | null } = { charged: null };
  const couponCode = input.body.coupon_code?.trim().toUpperCase() || null;
  try {
    const answer = await db.transaction(async (tx) => {
      const userId = input.buyer.kind === "learner" ? input.buyer.userId : null;
      // One checkout at a time per learner, whatever its Idempotency-Key: the lock is taken before
      // the opening statement reads what the learner owns, their coupon uses and credit, so a
      // concurrent checkout for a title they are buying waits, then sees it owned and is refused
      // before any charge. The two statements leave together (pipelined): no extra round trip.
      // Then one statement: the claim (a concurrent request with this key waits here until the
      // first commits, then replays it), the buyer, what pricing reads, and the ids of the order
      // and lines.
      const [, start] = await Promise.all([
        userId !== null ? lockLearnerCheckouts(tx, userId) : null,
        beginCheckout(tx, {
          items: input.body.items,
          userId,
          couponCode,
          scope,
          key: input.key,
          hash,
          lineCount: lineCountOf(input.body.items),
          savedCardId: input.body.payment?.saved_card_id ?? null,
        }),
      ]);
      if (!start.claimed) throw new Replay();
      const learner = start.learner;
      const inputs = start.inputs;

      const pricing = await priceCart(
        tx,
        input.body,
        { userId: learner?.id ?? null, language: input.language },
        { shippingAddress: input.body.shipping_address ?? null, inputs },
      );
      if (pricing.lines.length === 0) throw new AppError("validation", "commerce.cartEmpty");
      if (!learner && pricing.lines.some((l) => l.type !== "sponsorship"))
        throw new AppError("forbidden", "commerce.guestSponsorshipOnly");
      // Owned already (or bought by a concurrent checkout that won the race): 409, nothing charged.
      const owned = flattenLines(pricing.lines).find(
        (l) => l.problem !== null && ownedProblems.has(l.problem),
      );
      if (owned?.problem) throw new AppError("conflict", owned.problem);
      if (pricing.couponProblem) throw AppError.field("coupon_code", pricing.couponProblem);
      // More copies than the stock: say how many can be bought (the line's own message).
      const beyondStock = flattenLines(pricing.lines).find(
        (l) => l.maxQuantity !== null && l.quantity > l.maxQuantity && l.problem !== null,
      );
      if (beyondStock?.problem) throw AppError.field("items", beyondStock.problem);
      if (pricing.hasProblems) throw new AppError("validation", "commerce.cartHasProblems");
      const hasPhysical = pricing.lines.some((l) => l.type === "physical_product");
      if (hasPhysical && !input.body.shipping_address)
        throw AppError.field("shipping_address", "commerce.shippingAddressRequired");

      const email = learner ? learner.email : input.buyer.kind === "guest" ? input.buyer.email : null;
      const orderId = start.orderId;
      const lines = numberLines(orderId, pricing.lines, [...start.lineIds]);
      if (pricing.shippingPence > 0) {
        const id = start.lineIds[lines.length];
        if (id === undefined) throw new Error("checkout: no line id reserved for shipping");
        lines.push({
          id,
          orderId,
          parentId: null,
          type: "shipping",
          itemId: null,
          name: translate(messages, input.language, "commerce.shippingName"),
          quantity: 1,
          unitPricePence: pricing.shippingPence,
          discountPence: 0,
          paidPence: pricing.shippingPence,
          meta: { discounts: noDiscounts() },
        });
      }

      if (pricing.coupon || (learner && pricing.creditPence > 0)) {
        const taken = await takeCouponAndCredit(tx, {
          couponId: pricing.coupon?.id ?? null,
          userId: learner?.id ?? null,
          orderId,
          discountPence: pricing.couponPence,
          creditPence: learner ? pricing.creditPence : 0,
        });
        if (pricing.coupon && !taken.coupon) throw AppError.field("coupon_code", "commerce.couponInvalid");
        if (learner && pricing.creditPence > 0 && !taken.credit)
          throw new AppError("conflict", "error.conflict");
      }

      let result: PaymentResult | null = null;
      let savedCard: Parameters<typeof writeOrder>[1]["savedCard"] = null;
      if (pricing.totalPence > 0) {
        const child =
          learner &&
          (isChild(learner.dateOfBirth) || (learner.email === null && learner.guardianEmail !== null));
        if (child) throw new AppError("forbidden", "commerce.childrenNoPayments");
        const token = paymentToken(learner?.id ?? null, input.body, start.savedCardToken);
        result = await provider.createPayment({
          orderId,
          amountPence: pricing.totalPence,
          currency: "GBP",
          customer: { userId: learner?.id ?? null, email },
          token,
          saveCard: Boolean(learner && input.body.payment?.save_card && input.body.payment.card_token),
          idempotencyKey: `checkout:${scope}:${input.key}`,
          returnUrl:
            input.buyer.kind === "guest"
              ? guestReturn(deps.config, orderId)
              : absoluteReturn(deps.config.publicUrl, input.body.return_url, orderId),
          language: input.language,
        });
        if (result.status === "declined") throw new CardDeclined(result.message);
        state.charged = { ref: result.providerRef, amount: pricing.totalPence };
        if (learner && input.body.payment?.save_card && input.body.payment.card_token && result.card)
          savedCard = {
            token: input.body.payment.card_token,
            brand: result.card.brand,
            last4: result.card.last4,
            exp_month: result.card.expMonth,
            exp_year: result.card.expYear,
            holder_name: result.card.holderName,
          };
      }

      const order = {
        id: orderId,
        userId: learner?.id ?? null,
        email,
        subtotalPence: pricing.subtotalPence,
        discountPence: pricing.couponPence + pricing.salaryPence + pricing.bindingPence,
        shippingPence: pricing.shippingPence,
        creditPence: pricing.creditPence,
        totalPence: pricing.totalPence,
        couponId: pricing.coupon?.id ?? null,
        couponCode: pricing.coupon?.code ?? null,
        salaryScalePercentage: pricing.salaryPence > 0 ? pricing.salaryPercentage : null,
        shippingAddress: hasPhysical ? (input.body.shipping_address ?? null) : null,
        language: input.language,
      };
      const payment = result
        ? {
            ref: result.providerRef,
            status: result.status === "succeeded" ? "succeeded" : "requires_action",
            cardLabel: cardLabel(result.card),
          }
        : null;
      const write = {
        lines: lines.map((l) => lineWrite(l, null)),
        provider: provider.name,
        payment,
        savedCard,
        examGrants: [],
        courseGrants: [],
        emptyCartAtMs: null,
        answer: null,
      };

      if (result?.status === "requires_action") {
        const answer: CheckoutAnswer = {
          statusCode: 201,
          body: {
            status: "requires_action",
            message: translate(messages, input.language, result.message),
            order_id: orderId,
            order_number: null,
            order_status: "requires_action",
            total: pounds(pricing.totalPence),
            transaction_id: result.providerRef,
            next_action_url: result.nextActionUrl,
            client_secret: result.clientSecret,
            granted: [],
          },
        };
        await writeOrder(tx, {
          ...write,
          order: { ...order, status: "requires_action", paidAt: null, updatedAt: new Date() },
          answer: { scope, key: input.key, ...answer },
          last: true,
        });
        return answer;
      }

      const succeeded = (granted: Granted): CheckoutAnswer => ({
        statusCode: 201,
        body: {
          status: "succeeded",
          message: translate(messages, input.language, "commerce.paymentSucceeded"),
          order_id: orderId,
          // Known once the transaction commits (withOrderNumber).
          order_number: null as string | null,
          order_status: "paid",
          total: pounds(pricing.totalPence),
          transaction_id: result?.providerRef ?? null,
          next_action_url: null,
          client_secret: null,
          granted,
        },
      });
      const buyer = {
        userId: order.userId,
        email,
        sponsorName: input.buyer.kind === "guest" ? input.buyer.name : null,
      };
      if (lines.every((l) => grantableBeforeOrder.has(l.type))) {
        // What these lines give refers to no order row: grant it now (exam accesses in the write
        // below), then write the order paid, its lines with their grants, the payment, the emptied
        // cart and the stored answer in ONE statement.
        const granted: Granted = [];
        const grants = new Map<number, LineGrant>();
        const examGrants: Array<{ id: number; item_id: number | null; quantity: number }> = [];
        const courseGrants: Array<{ id: number; item_id: number | null }> = [];
        const titles = lines.filter((l) => l.type === "course" && !l.meta.anchor).map((l) => l.itemId);
        const distinctTitles = new Set(titles).size === titles.length;
        for (const line of lines) {
          if (buyer.userId !== null && line.type === "exam_accesses")
            examGrants.push({ id: line.id, item_id: line.itemId, quantity: line.quantity });
          else if (buyer.userId !== null && line.type === "course" && !line.meta.anchor && distinctTitles)
            courseGrants.push({ id: line.id, item_id: line.itemId });
          else grants.set(line.id, await grantLine(tx, line, buyer));
          if (!line.meta.anchor) granted.push({ type: line.type, id: line.itemId ?? 0, name: line.name });
        }
        const answer = succeeded(granted);
        const now = new Date();
        await writeOrder(tx, {
          ...write,
          lines: lines.map((l) => lineWrite(l, grants.get(l.id) ?? null)),
          order: { ...order, status: "paid", paidAt: now, updatedAt: now },
          examGrants,
          courseGrants,
          emptyCartAtMs: order.userId !== null ? now.getTime() : null,
          answer: { scope, key: input.key, ...answer },
          last: true,
        });
        return answer;
      }
      // Sponsorships and printed books refer to the order: write it, then grant and close it.
      await writeOrder(tx, {
        ...write,
        order: { ...order, status: "pending", paidAt: null, updatedAt: null },
      });
      // The stored answer is written with the order's closing writes, in one statement.
      const granted = await finalizeOrder(
        tx,
        orderId,
        input.buyer,
        { order: { userId: order.userId, email }, lines },
        { scope, key: input.key, answerOf: succeeded },
      );
      return succeeded(granted);
    });
    const numbered = await withOrderNumber(db, answer);
    // Only this first answer tells the buyer (a replayed request is answered below, silently), by a
    // job: the receipt PDF is rendered there, not while the buyer waits (paid-notice.ts).
    if (numbered.body.status === "succeeded")
      await queueOrderPaidNotice(deps, Number(numbered.body.order_id));
    return numbered;
  } catch (error) {
    if (error instanceof Replay) {
      const again = await replay();
      if (again) return withOrderNumber(db, again);
      throw new AppError("conflict", "commerce.checkoutInProgress");
    }
    if (error instanceof CardDeclined)
      return { statusCode: 402, body: { message: translate(messages, input.language, error.message) } };
    // Charged, then the transaction failed: give the money back so nothing is taken for nothing.
    const charged = state.charged;
    if (charged)
      await provider.refund(charged.ref, charged.amount).catch((refundError: unknown) => {
        // The buyer's error below stands; staff find the charge to give back by this line.
        deps.log.error(
          { err: refundError, cause: error, providerRef: charged.ref, amountPence: charged.amount },
          "checkout failed after the charge and the refund failed too",
        );
      });
    throw error;
  }
}

/** Line types whose grant refers to no order row (so they can be granted before the order is written). */
const grantableBeforeOrder = new Set<string>(["course", "exam_accesses", "ebook"]);

/** How many order lines a cart makes: one per item and per title's item, and maybe shipping. */
function lineCountOf(items: CheckoutInput["items"]): number {
  let n = 0;
  for (const item of items) n += 1 + (item.type === "course" ? (item.items?.length ?? 0) : 0);
  return n + (items.some((i) => i.type === "physical_product") ? 1 : 0);
}

type NumberedLine = GrantableLine & {
  parentId: number | null;
  unitPricePence: number;
  discountPence: number;
};

/** The lines with their reserved ids, children after their parent (the order they were inserted in). */
function numberLines(
  orderId: number,
  lines: Line[],
  ids: number[],
  parentId: number | null = null,
  out: NumberedLine[] = [],
): NumberedLine[] {
  for (const line of lines) {
    const id = ids.shift();
    if (id === undefined) throw new Error("checkout: fewer line ids reserved than lines");
    out.push({
      id,
      orderId,
      parentId,
      type: line.type,
      itemId: line.itemId,
      name: line.name.slice(0, 300),
      quantity: line.quantity,
      // The money model (domain/money.ts): list price, discounts by source, paid; and the name's parts
      // in both languages, so history and receipts never recompute from today's prices or language.
      unitPricePence: line.listUnitPence,
      discountPence: line.couponPence + line.salaryPence + line.bindingPence,
      paidPence: line.netPence,
      meta: {
        ...line.meta,
        discounts: lineMoneyOf(line).discounts,
        label: line.label,
        ...(line.anchor ? { anchor: true } : {}),
      },
    });
    if (line.children.length > 0) numberLines(orderId, line.children, ids, id, out);
  }
  return out;
}

const lineWrite = (l: NumberedLine, grant: LineGrant | null): OrderLineWrite => ({
  id: l.id,
  parent_id: l.parentId,
  type: l.type,
  item_id: l.itemId,
  name: l.name,
  quantity: l.quantity,
  unit_price_pence: l.unitPricePence,
  discount_pence: l.discountPence,
  paid_pence: l.paidPence,
  meta: l.meta,
  grant,
});

/** The card to charge: a saved card of the buyer's (its token read with the claim) or a fresh token. */
function paymentToken(userId: number | null, body: CheckoutInput, savedCardToken: string | null): string {
  const payment = body.payment;
  if (payment?.saved_card_id && userId !== null) {
    if (savedCardToken === null) throw AppError.field("payment.saved_card_id", "commerce.cardNotFound");
    return savedCardToken;
  }
  if (payment?.card_token) return payment.card_token;
  throw AppError.field("payment", "commerce.paymentRequired");
}

function absoluteReturn(publicUrl: string, given: string | undefined, orderId: number): string {
  const path = given?.startsWith("/") && !given.startsWith("//") ? given : `/iu/checkout?order=${orderId}`;
  return `${publicUrl}${path}`;
}

/**
 * A guest has no account to prove an order is theirs: the return link of the confirmation step
 * carries a signed token for the order (`/checkout?order=<id>&confirm=<token>`).
 */
export function guestConfirmToken(config: Pick<Deps["config"], "jwtSecret">, orderId: number): string {
  return createHmac("sha256", config.jwtSecret)
    .update(`guest-order:${orderId}`)
    .digest("base64url")
    .slice(0, 32);
}

function guestReturn(config: Pick<Deps["config"], "jwtSecret" | "publicUrl">, orderId: number): string {
  return `${config.publicUrl}/checkout?order=${orderId}&confirm=${guestConfirmToken(config, orderId)}`;
}

/**
 * Grants every line of a paid order and marks it paid; returns what was granted. Checkout passes the
 * order and lines it has just written (no need to read them again) and its idempotency record, so
 * the closing writes (each line's grant, the order paid, the server cart emptied, the stored answer)
 * go in ONE statement; settling reads the order and lines.
 */
export async function finalizeOrder(
  tx: DbOrTx,
  orderId: number,
  buyer: CheckoutBuyer,
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
    if (!line.meta.anchor) granted.push({ type: line.type, id: line.itemId ?? 0, name: line.name });
  }
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const writes: SQL[] = [
    // Its public number is given at commit (the deferred trigger of migration 0018).
    sql`paid AS (UPDATE ${orders} SET "status" = 'paid', "paid_at" = ${now}, "updated_at" = ${now} WHERE "id" = ${orderId})`,
  ];
  if (grants.length > 0)
    writes.push(
      sql`granted AS (UPDATE ${orderLines} SET "grant" = v.g FROM (VALUES ${sql.join(
        grants.map((g) => sql`(${g.id}::int, ${JSON.stringify(g.grant)}::jsonb)`),
        sql`, `,
      )}) AS v(id, g) WHERE ${orderLines}."id" = v.id)`,
    );
  // The server cart is emptied; an already empty cart is not written (nor locked: a learner's
  // checkouts in parallel do not queue on their cart row).
  if (order.userId !== null)
    writes.push(
      sql`emptied AS (UPDATE ${carts} SET "items" = '[]'::jsonb, "updated_at_ms" = ${Date.now()}, "updated_at" = ${now} WHERE "user_id" = ${order.userId} AND "items" <> '[]'::jsonb)`,
    );
  if (request) {
    const answer = request.answerOf(granted);
    writes.push(
      sql`answered AS (UPDATE ${checkoutRequests} SET "status_code" = ${answer.statusCode}, "response" = ${JSON.stringify(answer.body)}::jsonb, "order_id" = ${orderId} WHERE "scope" = ${request.scope} AND "key" = ${request.key})`,
    );
  }
  await tx.execute(sql`WITH ${sql.join(writes, sql`, `)} SELECT 1`);
  return granted;
}

/**
 * Puts the public order number in a paid order's answer. The number is given when the paying
 * transaction commits (migration 0018: the counter row is then held only for the commit), so it is
 * read after it: one primary-key read, for paid answers only (replays of stored answers too).
 */
async function withOrderNumber(db: Db, answer: CheckoutAnswer): Promise<CheckoutAnswer> {
  const { body } = answer;
  if (body.status !== "succeeded" || typeof body.order_id !== "number" || body.order_number) return answer;
  const [row] = await db
    .select({ number: orders.publicNumber })
    .from(orders)
    .where(eq(orders.id, body.order_id));
  return { ...answer, body: { ...body, order_number: row?.number ?? null } };
}

type Granted = Array<{ type: GrantableLine["type"]; id: number; name: string }>;

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
    const answer = await deps.db.transaction(async (tx) => {
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
          .map((l) => ({ type: l.type, id: l.itemId ?? 0, name: l.name }));
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
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "conflict") unfulfillable = error;
        throw error;
      });
      paidNow = true;
      return { statusCode: 200, body: body("succeeded", granted, "commerce.paymentSucceeded") };
    });
    const numbered = await withOrderNumber(deps.db, answer);
    if (paidNow) await queueOrderPaidNotice(deps, orderId);
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
async function refundUnfulfillable(deps: Pick<Deps, "db" | "config">, orderId: number): Promise<void> {
  const provider = paymentProvider(deps);
  const charge = await deps.db.transaction(async (tx) => {
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

/** POST /iu/checkout/:orderId/confirm: asks the provider where the payment stands, then settles. */
export async function confirmCheckout(
  deps: Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">,
  userId: number,
  orderId: number,
  language: LanguageCode,
): Promise<CheckoutAnswer> {
  return confirmOrder(deps, and(eq(orders.id, orderId), eq(orders.userId, userId))!, language);
}

/**
 * POST /checkout/:orderId/confirm: the guest's confirmation, proven by the signed token of the
 * return link (sandbox) or by the payment's client secret (Stripe.js, after `handleNextAction`).
 */
export async function confirmGuestCheckout(
  deps: Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">,
  orderId: number,
  proof: { confirm_token?: string | undefined; client_secret?: string | undefined },
  language: LanguageCode,
): Promise<CheckoutAnswer> {
  const notFound = new AppError("not_found", "commerce.orderNotFound");
  const [row] = await deps.db
    .select({ userId: orders.userId, providerRef: payments.providerRef })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row || row.userId !== null) throw notFound;
  let proven = false;
  if (proof.confirm_token) {
    const expected = Buffer.from(guestConfirmToken(deps.config, orderId));
    const given = Buffer.from(proof.confirm_token);
    proven = expected.length === given.length && timingSafeEqual(expected, given);
  } else if (proof.client_secret && row.providerRef) {
    proven = await paymentProvider(deps)
      .verifyClientSecret(row.providerRef, proof.client_secret)
      .catch(() => false);
  }
  if (!proven) throw notFound;
  return confirmOrder(deps, and(eq(orders.id, orderId), isNull(orders.userId))!, language);
}

async function confirmOrder(
  deps: Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">,
  where: SQL,
  language: LanguageCode,
): Promise<CheckoutAnswer> {
  const [order] = await deps.db
    .select({ id: orders.id, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(where);
  if (!order) throw new AppError("not_found", "commerce.orderNotFound");
  const orderId = order.id;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (order.status !== "requires_action" || !payment) {
    if (order.status === "paid")
      return settleOrder(
        deps,
        orderId,
        { status: "succeeded", providerRef: payment?.providerRef ?? "", card: null, message: null },
        language,
      );
    throw new AppError("conflict", "commerce.orderNotPending");
  }
  const outcome = await paymentProvider(deps).confirm(payment.providerRef);
  // Still waiting long after the time allowed: the order expires now (lazily, as the job would).
  if (outcome.status === "requires_action" && isAbandoned(order.createdAt)) {
    const expired = await expireOrder(deps, orderId);
    if (expired !== "paid")
      return { statusCode: 402, body: { message: translate(messages, language, "commerce.paymentFailed") } };
    return settleOrder(
      deps,
      orderId,
      { status: "succeeded", providerRef: payment.providerRef, card: null, message: null },
      language,
    );
  }
  return settleOrder(deps, orderId, outcome, language);
}
