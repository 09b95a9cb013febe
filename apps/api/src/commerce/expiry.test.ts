import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { coupons, creditBalances, orders, payments, sandboxAuthentications } from "../db/schema/index";
import { buildCoupon, buildPaidCourse, cards, cardToken, checkoutAs } from "./commerce.fixtures";
import { expireAbandonedOrders } from "./expiry";
import { physicalProductsHook, registerPhysicalProducts } from "./sellables";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orderOf = async (id: number) => (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const ageOrder = (id: number, minutes: number) =>
  t.deps.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, id));

async function sponsorDraft(recipient: string, amount = 25) {
  const draft = await t.app.inject({
    method: "POST",
    url: "/api/sponsorships",
    payload: { recipient, kind: "amount", amount, email: "giver@example.test" },
  });
  expect(draft.statusCode).toBe(201);
  return draft.json().cart_item;
}

describe("guest 3-D Secure", () => {
  it("lets a guest sponsor confirm the extra step through the signed return link, in their language", async () => {
    const ana = await buildLearner(t);
    const item = await sponsorDraft(ana.username);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: { "idempotency-key": "guest-3ds-0001", "x-language-code": "es" },
      payload: {
        email: "giver@example.test",
        items: [item],
        payment: { card_token: await cardToken(t, cards.threeDSecure) },
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe("requires_action");
    // The confirmation page speaks the buyer's language and sends them back to the guest checkout.
    expect(body.next_action_url).toContain("lang=es");
    const page = await t.app.inject({ url: body.next_action_url });
    expect(page.body).toContain("Confirma tu pago");
    const answer = await t.app.inject({
      method: "POST",
      url: body.next_action_url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "decision=approve",
    });
    expect(answer.statusCode).toBe(303);
    const back = new URL(answer.headers.location as string, "http://x.test");
    expect(back.pathname).toBe("/checkout");
    expect(back.searchParams.get("order")).toBe(String(body.order_id));
    const token = back.searchParams.get("confirm")!;
    expect(token.length).toBeGreaterThan(20);

    const confirm = (payload: Record<string, unknown>, id = body.order_id) =>
      t.app.inject({ method: "POST", url: `/api/checkout/${id}/confirm`, payload });
    // A wrong token, or another order's, proves nothing.
    expect((await confirm({ confirm_token: `${token.slice(0, -1)}x` })).statusCode).toBe(404);
    expect((await confirm({ confirm_token: token }, body.order_id + 1000)).statusCode).toBe(404);
    expect((await confirm({})).statusCode).toBe(422);

    const done = await confirm({ confirm_token: token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: "succeeded", order_status: "paid" });
    const [credit] = await t.deps.db.select().from(creditBalances).where(eq(creditBalances.userId, ana.id));
    expect(credit?.balancePence).toBe(2500);
    // Confirming again replays the paid answer.
    expect((await confirm({ confirm_token: token })).json().status).toBe("succeeded");
  });

  it("refuses a learner's order on the guest confirmation", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 1500);
    const body = (
      await checkoutAs(t, ana, {
        items: [{ type: "course", id: course.id }],
        payment: { card_token: await cardToken(t, cards.threeDSecure) },
      })
    ).json();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/checkout/${body.order_id}/confirm`,
      payload: { confirm_token: "x".repeat(32) },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("abandoned orders expire", () => {
  it("cancels orders waiting too long, giving back the coupon use, the credit and the shop's hold", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 4000);
    const coupon = await buildCoupon(t, { maxUses: 1 });
    await t.deps.db.insert(creditBalances).values({ userId: ana.id, balancePence: 500 });
    // A stand-in for the shop: a printed book it sells and holds until the order is paid or cancelled.
    const released: string[] = [];
    // Put the shop's own hook back afterwards: the next test file in this worker may sell printed books.
    const shop = physicalProductsHook();
    registerPhysicalProducts({
      price: async () => ({ name: "Printed workbook", unitPence: 1200 }),
      shipping: async () => 300,
      onPaid: async () => undefined,
      onRefunded: async (_tx, line) => void released.push(`refunded ${line.productId}`),
      onReleased: async (_tx, line) => void released.push(`released ${line.productId}`),
    });
    const body = (
      await checkoutAs(t, ana, {
        items: [
          { type: "course", id: course.id },
          { type: "physical_product", id: 77, quantity: 1 },
        ],
        coupon_code: coupon.code,
        use_credit: true,
        shipping_address: {
          name: "Ana",
          line1: "1 Road",
          city: "Leeds",
          postal_code: "LS1 1AA",
          country: "GB",
        },
        payment: { card_token: await cardToken(t, cards.threeDSecure) },
      })
    ).json();
    expect(body.status).toBe("requires_action");
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(1);
    const balance = async () =>
      (await t.deps.db.select().from(creditBalances).where(eq(creditBalances.userId, ana.id)))[0]!
        .balancePence;
    expect(await balance()).toBe(0);

    // Not old enough: nothing happens.
    expect(await expireAbandonedOrders(t.deps, { ttlMinutes: 60 })).toEqual({ expired: 0, paid: 0 });
    await ageOrder(body.order_id, 61);
    try {
      expect(await expireAbandonedOrders(t.deps, { ttlMinutes: 60 })).toEqual({ expired: 1, paid: 0 });
    } finally {
      registerPhysicalProducts(shop);
    }
    expect((await orderOf(body.order_id)).status).toBe("failed");
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.orderId, body.order_id));
    expect(payment!.status).toBe("failed");
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
    expect(await balance()).toBe(500);
    // The book was never paid, so the shop releases its hold (stock taken would come back by onRefunded).
    expect(released).toEqual(["released 77"]);

    // A late confirmation cannot charge: the provider's payment was cancelled.
    const late = await t.app.inject({
      method: "POST",
      url: body.next_action_url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "decision=approve",
    });
    expect(late.statusCode).toBe(303);
    const [answer] = await t.deps.db
      .select()
      .from(sandboxAuthentications)
      .where(eq(sandboxAuthentications.ref, payment!.providerRef));
    expect(answer!.status).toBe("failed");
    const confirm = await t.app.inject({
      method: "POST",
      url: `/api/iu/checkout/${body.order_id}/confirm`,
      headers: ana.auth,
    });
    expect(confirm.statusCode).toBe(409);
    // The sweep is idempotent.
    expect(await expireAbandonedOrders(t.deps, { ttlMinutes: 60 })).toEqual({ expired: 0, paid: 0 });
  });

  it("expires an old order lazily when the learner next confirms it", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 1900);
    const coupon = await buildCoupon(t, { maxUses: 5 });
    const body = (
      await checkoutAs(t, ana, {
        items: [{ type: "course", id: course.id }],
        coupon_code: coupon.code,
        payment: { card_token: await cardToken(t, cards.threeDSecure) },
      })
    ).json();
    await ageOrder(body.order_id, 24 * 60);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/iu/checkout/${body.order_id}/confirm`,
      headers: { ...ana.auth, "x-language-code": "es" },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("No se ha podido completar el pago. No se ha cobrado nada.");
    expect((await orderOf(body.order_id)).status).toBe("failed");
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
  });

  it("settles as paid an old order whose confirmation was given before it expired", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 1900);
    const body = (
      await checkoutAs(t, ana, {
        items: [{ type: "course", id: course.id }],
        payment: { card_token: await cardToken(t, cards.threeDSecure) },
      })
    ).json();
    await t.app.inject({
      method: "POST",
      url: body.next_action_url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "decision=approve",
    });
    await ageOrder(body.order_id, 120);
    expect(await expireAbandonedOrders(t.deps, { ttlMinutes: 60 })).toEqual({ expired: 0, paid: 1 });
    expect((await orderOf(body.order_id)).status).toBe("paid");
  });
});
