/**
 * Stripe unreachable (connection refused) or silent (accepts, never answers).
 * Checkout answers 503 "you were not charged" within 10 s, in the buyer's language, and leaves
 * nothing half-done: no order, the coupon use and the idempotency key free for a retry.
 */
import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCoupon, buildPaidCourse, checkoutAs } from "../commerce/commerce.fixtures";
import { checkoutRequests, coupons, orders } from "../db/schema/index";
import { setPaymentProvider } from "./payments.service";
import { StripeProvider } from "./stripe.provider";

let t: TestApp;
let silent: Server;
const sockets = new Set<Socket>();
let refusedPort: number;

beforeAll(async () => {
  t = await createTestApp({
    stripe: { secretKey: "sk_test_outage", publishableKey: "pk_test_outage", webhookSecret: undefined },
  });
  // Accepts connections and never says a word, like an address behind a dropping firewall.
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  silent.listen(0, "127.0.0.1");
  await once(silent, "listening");
  // A port nothing listens on: connections are refused at once.
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  refusedPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await t?.close();
});

function stripeAt(port: number) {
  setPaymentProvider(
    t.deps,
    new StripeProvider(t.deps, t.config.stripe!, undefined, { host: "127.0.0.1", port, protocol: "http" }),
  );
}

async function outageCheckout(port: number, language: "en" | "es") {
  stripeAt(port);
  const learner = await buildLearner(t);
  const course = await buildPaidCourse(t, 2900);
  const coupon = await buildCoupon(t, { maxUses: 1, itemTypes: ["course"] });
  const key = `outage-${port}-${language}`;
  const payload = {
    items: [{ type: "course", id: course.id }],
    coupon_code: coupon.code,
    payment: { card_token: "pm_card_visa" },
  };
  const started = Date.now();
  const response = await checkoutAs(t, learner, payload, key, {
    "x-language-id": language === "es" ? "2" : "1",
  });
  const seconds = (Date.now() - started) / 1000;
  return { learner, coupon, key, payload, response, seconds };
}

describe("Stripe outage at checkout", () => {
  it("a silent Stripe: 503 within 10 s, nothing written, the same key then pays once Stripe is back", async () => {
    const { learner, coupon, key, payload, response, seconds } = await outageCheckout(
      (silent.address() as { port: number }).port,
      "en",
    );
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(
      "The payment provider is unavailable; you were not charged. Please try again in a few minutes.",
    );
    expect(seconds).toBeLessThan(10);
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, learner.id))).toEqual([]);
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
    expect(await t.deps.db.select().from(checkoutRequests).where(eq(checkoutRequests.key, key))).toEqual([]);

    // Stripe answers again: the retry with the same key is a fresh checkout, not a replay.
    const client = {
      customers: { create: async () => ({ id: "cus_back_1" }) },
      paymentIntents: {
        create: async () => ({ id: "pi_back_1", status: "succeeded", payment_method: null }),
      },
    } as unknown as Stripe;
    setPaymentProvider(t.deps, new StripeProvider(t.deps, t.config.stripe!, client));
    const retry = await checkoutAs(t, learner, payload, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ status: "succeeded", order_status: "paid" });
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(1);
  });

  it("a refused connection: 503 at once, in Spanish for a Spanish buyer, nothing written", async () => {
    const { learner, coupon, key, response, seconds } = await outageCheckout(refusedPort, "es");
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(
      "El proveedor de pagos no está disponible; no se te ha cobrado nada. Vuelve a intentarlo en unos minutos.",
    );
    expect(seconds).toBeLessThan(5);
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, learner.id))).toEqual([]);
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
    expect(await t.deps.db.select().from(checkoutRequests).where(eq(checkoutRequests.key, key))).toEqual([]);
  });
});
