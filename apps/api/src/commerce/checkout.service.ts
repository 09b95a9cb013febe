/**
 * Checkout: one purchase, read top to bottom in `checkout` below. In ONE transaction: claim the
 * idempotency key, price the cart on the server (and take the coupon use and the credit it
 * spends), charge through the provider, write the order and grant what it buys; after the commit,
 * tell the buyer. A declined card rolls everything back (no order, no coupon use, no access). The
 * same key replays the stored answer; the same key with another body is refused (409).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import {
  type CheckoutInput,
  isChildAccount,
  type LanguageCode,
  messages,
  noDiscounts,
  translate,
} from "@aprendo/contract";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { type Ending, transactionEndingWith } from "../db/pipeline";
import { checkoutRequests, orders, payments } from "../db/schema/index";
import { AppError } from "../http/errors";
import type { CardDetails, PaymentProvider, PaymentResult } from "../payments/payments.port";
import { paymentProvider } from "../payments/payments.service";
import {
  beginCheckout,
  type CheckoutStart,
  lockLearnerCheckouts,
  type OrderLineWrite,
  takeCouponAndCredit,
  type WriteOrderInput,
  writeOrder,
  writeOrderStatement,
} from "./commerce.sql";
import { expireOrder, isAbandoned } from "./expiry";
import { type GrantableLine, grantLine, type LineGrant } from "./grants";
import { pounds } from "./money";
import { wakeOrderPaidNotices } from "./paid-notice";
import { flattenLines, type Line, lineMoneyOf, ownedProblems, type Pricing, priceCart } from "./pricing";
import {
  type CheckoutAnswer,
  type CheckoutBuyer,
  finalizeOrder,
  type Granted,
  pricedItem,
  settleOrder,
  withOrderNumber,
} from "./settle";

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

type CheckoutDeps = Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">;

/** One checkout request: who buys, what they sent, and the idempotency record it is kept under. */
type Purchase = {
  buyer: CheckoutBuyer;
  body: CheckoutInput;
  key: string;
  language: LanguageCode;
  scope: string;
  hash: string;
};

/** The charge taken so far, so a failure after it gives the money back (`recover`). */
type Charged = { ref: string; amount: number } | null;

/**
 * One purchase, step by step. Each step is a function below, in this order; only `recover` is
 * reached from anywhere (a thrown error), and it says what each failure answers.
 */
export async function checkout(
  deps: CheckoutDeps,
  input: { buyer: CheckoutBuyer; body: CheckoutInput; key: string; language: LanguageCode },
): Promise<CheckoutAnswer> {
  const purchase: Purchase = { ...input, scope: scopeOf(input.buyer), hash: requestHash(input.body) };
  const provider = paymentProvider(deps);
  const charged: { charge: Charged } = { charge: null };
  try {
    // The order's write, when it is the last statement, commits with it (db/pipeline.ts).
    const { value: answer } = await transactionEndingWith(deps.db, async (tx) => {
      const claim = await claimKey(tx, purchase);
      const priced = await price(tx, purchase, claim);
      const payment = await charge(deps, provider, purchase, priced, charged);
      const order = orderToWrite(purchase, priced, payment, provider.name);
      if (payment?.result.status === "requires_action")
        return writeAwaitingConfirmation(purchase, order, payment.result);
      return writePaidAndGrant(tx, purchase, order);
    });
    return await tellBuyer(deps, answer);
  } catch (error) {
    return recover(deps, provider, purchase, charged.charge, error);
  }
}

/**
 * Step 1, the claim. One checkout at a time per learner, whatever its Idempotency-Key: the lock is
 * taken before the opening statement reads what the learner owns, their coupon uses and credit, so
 * a concurrent checkout for a title they are buying waits, then sees it owned and is refused before
 * any charge. The two statements leave together (pipelined): no extra round trip. The opening
 * statement claims the key (a concurrent request with this key waits there until the first commits,
 * then replays it) and reads the buyer, what pricing needs and the ids of the order and its lines.
 */
async function claimKey(tx: DbOrTx, purchase: Purchase): Promise<CheckoutStart> {
  const userId = purchase.buyer.kind === "learner" ? purchase.buyer.userId : null;
  const [, start] = await Promise.all([
    userId !== null ? lockLearnerCheckouts(tx, userId) : null,
    beginCheckout(tx, {
      items: purchase.body.items,
      userId,
      couponCode: couponCodeOf(purchase.body),
      scope: purchase.scope,
      key: purchase.key,
      hash: purchase.hash,
      lineCount: lineCountOf(purchase.body.items),
      savedCardId: purchase.body.payment?.saved_card_id ?? null,
    }),
  ]);
  // Already claimed: answered by `recover` with the stored answer (a replay costs one rollback).
  if (!start.claimed) throw new Replay();
  return start;
}

const couponCodeOf = (body: CheckoutInput) => body.coupon_code?.trim().toUpperCase() || null;

/** What the priced cart becomes: the order's lines (with their reserved ids) and its figures. */
type Priced = {
  start: CheckoutStart;
  pricing: Pricing;
  lines: NumberedLine[];
  email: string | null;
  hasPhysical: boolean;
};

/**
 * Step 2, the price: the cart priced on the server from what the claim read (the browser's prices
 * are never used), refused when it cannot be bought as it is, numbered into order lines (shipping
 * last), and the coupon use and credit it spends taken (conditional updates: the coupon's limit
 * and the balance hold under concurrent checkouts).
 */
async function price(tx: DbOrTx, purchase: Purchase, start: CheckoutStart): Promise<Priced> {
  const { body, language } = purchase;
  const learner = start.learner;
  const pricing = await priceCart(
    tx,
    body,
    { userId: learner?.id ?? null, language },
    { shippingAddress: body.shipping_address ?? null, inputs: start.inputs },
  );
  const hasPhysical = refuseUnbuyable(purchase, start, pricing);
  const lines = numberLines(start.orderId, pricing.lines, [...start.lineIds]);
  if (pricing.shippingPence > 0)
    lines.push(shippingLine(start, lines.length, pricing.shippingPence, language));
  await takeDiscounts(tx, start, pricing);
  const email = learner ? learner.email : purchase.buyer.kind === "guest" ? purchase.buyer.email : null;
  return { start, pricing, lines, email, hasPhysical };
}

/** Throws what the buyer must fix before paying; answers whether the cart holds printed books. */
function refuseUnbuyable(purchase: Purchase, start: CheckoutStart, pricing: Pricing): boolean {
  if (pricing.lines.length === 0) throw new AppError("validation", "commerce.cartEmpty");
  if (!start.learner && pricing.lines.some((l) => l.type !== "sponsorship"))
    throw new AppError("forbidden", "commerce.guestSponsorshipOnly");
  // Owned already (or bought by a concurrent checkout that won the race): 409, nothing charged.
  const owned = flattenLines(pricing.lines).find((l) => l.problem !== null && ownedProblems.has(l.problem));
  if (owned?.problem) throw new AppError("conflict", owned.problem);
  if (pricing.couponProblem) throw AppError.field("coupon_code", pricing.couponProblem);
  // More copies than the stock: say how many can be bought (the line's own message).
  const beyondStock = flattenLines(pricing.lines).find(
    (l) => l.maxQuantity !== null && l.quantity > l.maxQuantity && l.problem !== null,
  );
  if (beyondStock?.problem) throw AppError.field("items", beyondStock.problem);
  if (pricing.hasProblems) throw new AppError("validation", "commerce.cartHasProblems");
  const hasPhysical = pricing.lines.some((l) => l.type === "physical_product");
  if (hasPhysical && !purchase.body.shipping_address)
    throw AppError.field("shipping_address", "commerce.shippingAddressRequired");
  return hasPhysical;
}

/** The shipping line, with the id reserved after the items' lines. */
function shippingLine(
  start: CheckoutStart,
  index: number,
  shippingPence: number,
  language: LanguageCode,
): NumberedLine {
  const id = start.lineIds[index];
  if (id === undefined) throw new Error("checkout: no line id reserved for shipping");
  return {
    id,
    orderId: start.orderId,
    parentId: null,
    type: "shipping",
    itemId: null,
    name: translate(messages, language, "commerce.shippingName"),
    quantity: 1,
    unitPricePence: shippingPence,
    discountPence: 0,
    paidPence: shippingPence,
    meta: { discounts: noDiscounts() },
  };
}

/** The coupon use and the credit the price counted on, taken now (both or the checkout fails). */
async function takeDiscounts(tx: DbOrTx, start: CheckoutStart, pricing: Pricing): Promise<void> {
  const learner = start.learner;
  if (!pricing.coupon && !(learner && pricing.creditPence > 0)) return;
  const taken = await takeCouponAndCredit(tx, {
    couponId: pricing.coupon?.id ?? null,
    userId: learner?.id ?? null,
    orderId: start.orderId,
    discountPence: pricing.couponPence,
    creditPence: learner ? pricing.creditPence : 0,
  });
  if (pricing.coupon && !taken.coupon) throw AppError.field("coupon_code", "commerce.couponInvalid");
  if (learner && pricing.creditPence > 0 && !taken.credit) throw new AppError("conflict", "error.conflict");
}

/** The provider's answer, and the card to keep when the buyer asked to save it. */
type Payment = { result: Charge; savedCard: WriteOrderInput["savedCard"] };
/** A payment the provider took or holds (a declined one ends the checkout). */
type Charge = Exclude<PaymentResult, { status: "declined" }>;

/**
 * Step 3, the charge: nothing to charge for a total of zero (credit or discounts cover it);
 * children never pay. A declined card ends the checkout (`recover` answers 402); a charge taken is
 * recorded in `charged` first, so a later failure refunds it.
 */
async function charge(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  purchase: Purchase,
  priced: Priced,
  charged: { charge: Charged },
): Promise<Payment | null> {
  const { pricing, start, email } = priced;
  const { body, buyer, language } = purchase;
  const learner = start.learner;
  if (pricing.totalPence <= 0) return null;
  if (learner && isChildAccount(learner)) throw new AppError("forbidden", "commerce.childrenNoPayments");
  const orderId = start.orderId;
  const saveCard = Boolean(learner && body.payment?.save_card && body.payment.card_token);
  const result = await provider.createPayment({
    orderId,
    amountPence: pricing.totalPence,
    currency: "GBP",
    customer: { userId: learner?.id ?? null, email },
    token: paymentToken(learner?.id ?? null, body, start.savedCardToken),
    saveCard,
    idempotencyKey: `checkout:${purchase.scope}:${purchase.key}`,
    returnUrl:
      buyer.kind === "guest"
        ? guestReturn(deps.config, orderId)
        : absoluteReturn(deps.config.publicUrl, body.return_url, orderId),
    language,
  });
  if (result.status === "declined") throw new CardDeclined(result.message);
  charged.charge = { ref: result.providerRef, amount: pricing.totalPence };
  const savedCard =
    saveCard && body.payment?.card_token && result.card
      ? {
          token: body.payment.card_token,
          brand: result.card.brand,
          last4: result.card.last4,
          exp_month: result.card.expMonth,
          exp_year: result.card.expYear,
          holder_name: result.card.holderName,
        }
      : null;
  return { result, savedCard };
}

/** The order as it is written (its status and grants are set by the step that writes it). */
type OrderToWrite = {
  priced: Priced;
  order: Omit<WriteOrderInput["order"], "status" | "paidAt" | "updatedAt">;
  write: Omit<WriteOrderInput, "order">;
  payment: Charge | null;
};

/** Step 4, the order's rows: the order, its lines, the payment and the card to save. */
function orderToWrite(
  purchase: Purchase,
  priced: Priced,
  payment: Payment | null,
  providerName: string,
): OrderToWrite {
  const { pricing, start, email, lines, hasPhysical } = priced;
  const result = payment?.result ?? null;
  return {
    priced,
    payment: result,
    order: {
      id: start.orderId,
      userId: start.learner?.id ?? null,
      email,
      subtotalPence: pricing.subtotalPence,
      discountPence: pricing.couponPence + pricing.salaryPence + pricing.bindingPence,
      shippingPence: pricing.shippingPence,
      creditPence: pricing.creditPence,
      totalPence: pricing.totalPence,
      couponId: pricing.coupon?.id ?? null,
      couponCode: pricing.coupon?.code ?? null,
      salaryScalePercentage: pricing.salaryPence > 0 ? pricing.salaryPercentage : null,
      shippingAddress: hasPhysical ? (purchase.body.shipping_address ?? null) : null,
      language: purchase.language,
    },
    write: {
      lines: lines.map((l) => lineWrite(l, null)),
      provider: providerName,
      payment: result
        ? {
            ref: result.providerRef,
            status: result.status === "succeeded" ? "succeeded" : "requires_action",
            cardLabel: cardLabel(result.card),
          }
        : null,
      savedCard: payment?.savedCard ?? null,
      examGrants: [],
      courseGrants: [],
      emptyCartAtMs: null,
      answer: null,
    },
  };
}

/**
 * Step 5a, a card that asks for an extra confirmation (3-D Secure): the order is written waiting
 * for it, nothing is granted; `settleOrder` grants once the provider says it is paid.
 */
function writeAwaitingConfirmation(
  purchase: Purchase,
  toWrite: OrderToWrite,
  result: Extract<Charge, { status: "requires_action" }>,
): Ending<CheckoutAnswer> {
  const { order, write, priced } = toWrite;
  const answer: CheckoutAnswer = {
    statusCode: 201,
    body: {
      status: "requires_action",
      message: translate(messages, purchase.language, result.message),
      order_id: order.id,
      order_number: null,
      order_status: "requires_action",
      total: pounds(priced.pricing.totalPence),
      transaction_id: result.providerRef,
      next_action_url: result.nextActionUrl,
      client_secret: result.clientSecret,
      granted: [],
    },
  };
  const last = writeOrderStatement({
    ...write,
    order: { ...order, status: "requires_action", paidAt: null, updatedAt: new Date() },
    answer: { scope: purchase.scope, key: purchase.key, ...answer },
  });
  return { value: answer, last };
}

/**
 * Step 5b, paid: write the order and grant what it buys. Titles, exam accesses and e-notes refer to
 * no order row, so they are granted with the order in its ONE statement (commerce.sql.ts
 * WRITE_ORDER; why one statement: docs/decisions.md, "Checkout writes and grants in one
 * statement"). Sponsorships and printed books refer to the order: it is written first, then
 * `finalizeOrder` grants and closes it.
 */
async function writePaidAndGrant(
  tx: DbOrTx,
  purchase: Purchase,
  toWrite: OrderToWrite,
): Promise<Ending<CheckoutAnswer>> {
  const { order, write, priced, payment } = toWrite;
  const succeeded = (granted: Granted): CheckoutAnswer => ({
    statusCode: 201,
    body: {
      status: "succeeded",
      message: translate(messages, purchase.language, "commerce.paymentSucceeded"),
      order_id: order.id,
      // Known once the transaction commits (tellBuyer).
      order_number: null as string | null,
      order_status: "paid",
      total: pounds(priced.pricing.totalPence),
      transaction_id: payment?.providerRef ?? null,
      next_action_url: null,
      client_secret: null,
      granted,
    },
  });
  const buyer = {
    userId: order.userId,
    email: order.email,
    sponsorName: purchase.buyer.kind === "guest" ? purchase.buyer.name : null,
  };
  const lines = priced.lines;
  if (!lines.every((l) => grantableBeforeOrder.has(l.type))) {
    await writeOrder(tx, { ...write, order: { ...order, status: "pending", paidAt: null, updatedAt: null } });
    // The stored answer is written with the order's closing writes, in one statement.
    const granted = await finalizeOrder(
      tx,
      order.id,
      purchase.buyer,
      purchase.language,
      { order: { userId: order.userId, email: order.email }, lines },
      { scope: purchase.scope, key: purchase.key, answerOf: succeeded },
    );
    return { value: succeeded(granted), last: null };
  }
  const { granted, grants, examGrants, courseGrants } = await grant(tx, lines, buyer, purchase.language);
  const answer = succeeded(granted);
  const now = new Date();
  const last = writeOrderStatement({
    ...write,
    lines: lines.map((l) => lineWrite(l, grants.get(l.id) ?? null)),
    order: { ...order, status: "paid", paidAt: now, updatedAt: now },
    examGrants,
    courseGrants,
    emptyCartAtMs: order.userId !== null ? now.getTime() : null,
    answer: { scope: purchase.scope, key: purchase.key, ...answer },
  });
  return { value: answer, last };
}

/**
 * Step 5 in the paid write: what each line grants. Exam accesses and a learner's distinct titles
 * are granted by the order's statement itself (their rows and each line's grant record written by
 * WRITE_ORDER, as `grantPurchasedExamAccesses` and `grantEnrolment` would); anything else (e-notes,
 * a title twice in one cart) by `grantLine` now, its grant recorded on its line by the write.
 */
async function grant(
  tx: DbOrTx,
  lines: NumberedLine[],
  buyer: { userId: number | null; email: string | null; sponsorName: string | null },
  language: LanguageCode,
) {
  const granted: Granted = [];
  const grants = new Map<number, LineGrant>();
  const examGrants: WriteOrderInput["examGrants"] = [];
  const courseGrants: WriteOrderInput["courseGrants"] = [];
  const titles = lines.filter((l) => l.type === "course" && !l.meta.anchor).map((l) => l.itemId);
  const distinctTitles = new Set(titles).size === titles.length;
  for (const line of lines) {
    if (buyer.userId !== null && line.type === "exam_accesses")
      examGrants.push({ id: line.id, item_id: line.itemId, quantity: line.quantity });
    else if (buyer.userId !== null && line.type === "course" && !line.meta.anchor && distinctTitles)
      courseGrants.push({ id: line.id, item_id: line.itemId });
    else grants.set(line.id, await grantLine(tx, line, buyer));
    if (!line.meta.anchor) granted.push(pricedItem(line, language));
  }
  return { granted, grants, examGrants, courseGrants };
}

/**
 * Step 6, after the commit: the paid answer gets its public order number, and the drain that tells
 * the buyer is woken (paid-notice.ts; the notice itself committed with the order, its outbox row
 * written by the order's statement; the receipt PDF is rendered only when its mail is delivered).
 * A replayed request is answered by `recover`, and wakes nothing.
 */
async function tellBuyer(deps: CheckoutDeps, answer: CheckoutAnswer): Promise<CheckoutAnswer> {
  const numbered = await withOrderNumber(deps.db, answer);
  if (numbered.body.status === "succeeded") await wakeOrderPaidNotices(deps);
  return numbered;
}

/**
 * What a failed checkout answers: the stored answer of a key already claimed (409 while the first
 * request is still running, or when the key came with another body), 402 for a declined card, and
 * otherwise the error itself, after the charge taken (if any) was given back so nothing is taken
 * for nothing.
 */
async function recover(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  purchase: Purchase,
  charged: Charged,
  error: unknown,
): Promise<CheckoutAnswer> {
  if (error instanceof Replay) {
    const [row] = await deps.db
      .select()
      .from(checkoutRequests)
      .where(and(eq(checkoutRequests.scope, purchase.scope), eq(checkoutRequests.key, purchase.key)));
    if (!row) throw new AppError("conflict", "commerce.checkoutInProgress");
    if (row.requestHash !== purchase.hash) throw new AppError("conflict", "commerce.idempotencyKeyReused");
    return withOrderNumber(deps.db, { statusCode: row.statusCode, body: row.response });
  }
  if (error instanceof CardDeclined)
    return { statusCode: 402, body: { message: translate(messages, purchase.language, error.message) } };
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
      .catch((error: unknown) => {
        // The provider could not be asked: the guest is not proven, and an operator sees why.
        deps.log.warn({ err: error, orderId }, "client secret not verified with the payment provider");
        return false;
      });
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
