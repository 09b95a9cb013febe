import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { cards, cardToken } from "../commerce/commerce.fixtures";
import { orders, payments } from "../db/schema/index";
import { setPaymentProvider } from "./payments.service";
import { StripeProvider } from "./stripe.provider";

describe("sandbox provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves a hosted card form that refuses a page on a foreign origin (origins.test.ts has the allow-list)", async () => {
    const config = (await t.app.inject({ url: "/api/payments/config" })).json();
    expect(config).toEqual({
      provider: "sandbox",
      publishable_key: null,
      form_url: "/api/payments/sandbox/form",
    });
    const form = await t.app.inject({
      url: "/api/payments/sandbox/form?origin=https://evil.example",
      headers: { "x-language-id": "2" },
    });
    expect(form.statusCode).toBe(403);
    expect(form.headers["content-type"]).toContain("text/html");
    expect(form.headers["content-security-policy"]).toMatch(/script-src 'nonce-[^']+'/);
    expect(form.body).toContain("No se pueden hacer pagos con tarjeta en https://evil.example");
    expect(form.body).not.toContain("Número de tarjeta");
    expect(form.body).not.toContain("aprendo:sandbox-token");
  });

  it("speaks the app's language given as ?lang=, whatever the browser's headers say", async () => {
    const es = await t.app.inject({
      url: "/api/payments/sandbox/form?lang=es",
      headers: { "accept-language": "en-GB,en;q=0.9" },
    });
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain("Número de tarjeta");
    expect(es.body).toContain("Usar esta tarjeta");
    expect(es.body).toContain('"x-language-code": "es"');
    const en = await t.app.inject({
      url: "/api/payments/sandbox/form?lang=en",
      headers: { "accept-language": "es-ES,es;q=0.9" },
    });
    expect(en.body).toContain("Card number");
    // An unknown language falls back to the headers.
    const other = await t.app.inject({
      url: "/api/payments/sandbox/form?lang=fr",
      headers: { "accept-language": "es" },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain("Número de tarjeta");
    // The provider's messages (the token endpoint) follow the language the form sends.
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/tokens",
      headers: { "x-language-code": "es" },
      payload: { number: "4242 4242 4242 4241", exp_month: 1, exp_year: 2099, cvc: "123", holder_name: "A" },
    });
    expect(bad.json().errors.number).toEqual(["El número de tu tarjeta no es válido."]);
  });

  it("has no card setup step (the form's token is saved directly) and no Stripe in the CSP", async () => {
    const ana = await buildLearner(t);
    const setup = await t.app.inject({ method: "POST", url: "/api/iu/cards/setup", headers: ana.auth });
    expect(setup.json()).toEqual({ provider: "sandbox", client_secret: null });
  });

  it("turns test cards into tokens and refuses other numbers; the token holds no card number", async () => {
    const token = await cardToken(t, cards.success);
    expect(token).toMatch(/^tok_sandbox_/);
    expect(Buffer.from(token.slice(12).split(".")[0]!, "base64url").toString()).not.toContain(
      "4242424242424242",
    );
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/tokens",
      payload: { number: "4242 4242 4242 4241", exp_month: 1, exp_year: 2099, cvc: "123", holder_name: "A" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.number).toEqual(["Your card number is invalid."]);
    const real = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/tokens",
      payload: { number: "4111 1111 1111 1111", exp_month: 1, exp_year: 2099, cvc: "123", holder_name: "A" },
    });
    expect(real.json().errors.number[0]).toContain("test card");
  });

  it("keeps saved cards as tokens with brand, last four and expiry; children are refused", async () => {
    const ana = await buildLearner(t);
    const add = await t.app.inject({
      method: "POST",
      url: "/api/iu/cards",
      headers: ana.auth,
      payload: { token: await cardToken(t) },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({
      brand: "visa",
      last4: "4242",
      holder_name: "Ana Test",
      is_default: true,
    });
    expect(JSON.stringify(add.json())).not.toContain("tok_");
    const second = await t.app.inject({
      method: "POST",
      url: "/api/iu/cards",
      headers: ana.auth,
      payload: { token: await cardToken(t, "5555 5555 5555 4444") },
    });
    const list = await t.app.inject({
      method: "PUT",
      url: `/api/iu/cards/${second.json().id}/default`,
      headers: ana.auth,
    });
    expect(
      list.json().data.map((c: { last4: string; is_default: boolean }) => [c.last4, c.is_default]),
    ).toEqual([
      ["4444", true],
      ["4242", false],
    ]);
    const leo = await buildLearner(t);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/iu/cards/${add.json().id}`, headers: leo.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/iu/cards/${add.json().id}`, headers: ana.auth }))
        .statusCode,
    ).toBe(200);

    const child = await buildLearner(t, { dateOfBirth: `${new Date().getFullYear() - 9}-01-01` });
    for (const [method, url] of [
      ["GET", "/api/iu/cards"],
      ["POST", "/api/iu/cards"],
      ["PUT", "/api/iu/cards/1/default"],
      ["DELETE", "/api/iu/cards/1"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: child.auth,
        ...(method === "POST" ? { payload: { token: "x" } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe("Payment settings are not available on a child account");
    }
  });
});

describe("stripe adapter webhook", () => {
  const secret = "whsec_test_secret_for_aprendo";
  let t: TestApp;
  const stripe = new Stripe("sk_test_dummy");
  beforeAll(async () => {
    t = await createTestApp({
      stripe: { secretKey: "sk_test_dummy", publishableKey: "pk_test_dummy", webhookSecret: secret },
    });
  });
  afterAll(() => t.close());

  const send = (payload: string, signature: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });

  /** An order of `pence` awaiting its Stripe payment `intent` (a guest's when there is no `userId`). */
  async function awaitingStripePayment(
    intent: string,
    pence: number,
    buyer: { userId: number } | { email: string },
  ) {
    const [order] = await t.deps.db
      .insert(orders)
      .values({
        userId: null,
        ...buyer,
        status: "requires_action",
        subtotalPence: pence,
        totalPence: pence,
      })
      .returning();
    await t.deps.db.insert(payments).values({
      orderId: order!.id,
      provider: "stripe",
      providerRef: intent,
      amountPence: pence,
      status: "requires_action",
    });
    return order!;
  }

  /** Runs `body` with the Stripe adapter talking to `client` instead of Stripe, then puts the real one back. */
  async function withStripeClient(client: unknown, body: () => Promise<void>) {
    setPaymentProvider(t.deps, new StripeProvider(t.deps, t.config.stripe!, client as Stripe));
    try {
      await body();
    } finally {
      setPaymentProvider(t.deps, new StripeProvider(t.deps, t.config.stripe!));
    }
  }

  it("accepts events signed with the webhook secret and settles the order they concern", async () => {
    expect((await t.app.inject({ url: "/api/payments/config" })).json()).toMatchObject({
      provider: "stripe",
      publishable_key: "pk_test_dummy",
    });
    const ana = await buildLearner(t);
    const order = await awaitingStripePayment("pi_test_123", 1000, { userId: ana.id });
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_test_123", object: "payment_intent" } },
    });
    const ok = await send(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(ok.statusCode).toBe(200);
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe("paid");
  });

  it("gives the browser a SetupIntent's client secret to save a card with Stripe.js", async () => {
    const created: unknown[] = [];
    const client = {
      customers: { create: async () => ({ id: "cus_test_1" }) },
      setupIntents: {
        create: async (params: unknown) => {
          created.push(params);
          return { id: "seti_1", client_secret: "seti_1_secret_abc" };
        },
      },
    };
    await withStripeClient(client, async () => {
      const ana = await buildLearner(t);
      const setup = await t.app.inject({ method: "POST", url: "/api/iu/cards/setup", headers: ana.auth });
      expect(setup.statusCode).toBe(200);
      expect(setup.json()).toEqual({ provider: "stripe", client_secret: "seti_1_secret_abc" });
      expect(created[0]).toMatchObject({ customer: "cus_test_1", usage: "off_session" });
      const child = await buildLearner(t, { dateOfBirth: `${new Date().getFullYear() - 9}-01-01` });
      expect(
        (await t.app.inject({ method: "POST", url: "/api/iu/cards/setup", headers: child.auth })).statusCode,
      ).toBe(403);
    });
  });

  it("lets a guest confirm a Stripe payment with its client secret only", async () => {
    const client = {
      paymentIntents: {
        retrieve: async (id: string) => ({
          id,
          status: "succeeded",
          client_secret: `${id}_secret_good`,
          payment_method: null,
        }),
      },
    };
    await withStripeClient(client, async () => {
      const order = await awaitingStripePayment("pi_guest_1", 500, { email: "g@example.test" });
      const confirm = (client_secret: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/checkout/${order.id}/confirm`,
          payload: { client_secret },
        });
      expect((await confirm("pi_guest_1_secret_bad")).statusCode).toBe(404);
      expect((await confirm("pi_other_secret_good")).statusCode).toBe(404);
      const ok = await confirm("pi_guest_1_secret_good");
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: "succeeded", order_status: "paid" });
    });
  });

  it("confirms a payment whose card cannot be looked up, and logs the failed lookup with its ids", async () => {
    const client = {
      paymentIntents: {
        retrieve: async (id: string) => ({
          id,
          status: "succeeded",
          client_secret: `${id}_secret_good`,
          payment_method: "pm_gone_1",
        }),
      },
      paymentMethods: {
        retrieve: async () => {
          throw new Stripe.errors.StripeAPIError({ message: "Stripe had a moment" });
        },
      },
    };
    const warned = vi.spyOn(t.deps.log, "warn");
    await withStripeClient(client, async () => {
      const order = await awaitingStripePayment("pi_nocard_1", 700, { email: "g2@example.test" });
      const ok = await t.app.inject({
        method: "POST",
        url: `/api/checkout/${order.id}/confirm`,
        payload: { client_secret: "pi_nocard_1_secret_good" },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: "succeeded", order_status: "paid" });
      expect(warned).toHaveBeenCalledWith(
        expect.objectContaining({ paymentIntent: "pi_nocard_1", paymentMethod: "pm_gone_1" }),
        "card lookup failed",
      );
    }).finally(() => warned.mockRestore());
  });

  it("refuses a wrong or missing signature", async () => {
    const payload = JSON.stringify({
      id: "evt_2",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_x" } },
    });
    expect(
      (await send(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" })))
        .statusCode,
    ).toBe(400);
    expect((await send(payload, "t=1,v1=deadbeef")).statusCode).toBe(400);
    const tampered = stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect((await send(payload.replace("pi_x", "pi_y"), tampered)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/payments/sandbox/webhook",
          headers: { "content-type": "application/json" },
          payload,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("content security policy in production", () => {
  const cspOf = async (stripe: boolean) => {
    const t = await createTestApp({
      env: "production",
      ...(stripe
        ? {
            stripe: { secretKey: "sk_test_dummy", publishableKey: "pk_test_dummy", webhookSecret: undefined },
          }
        : {}),
    });
    try {
      const res = await t.app.inject({ url: "/api/payments/config" });
      return { csp: String(res.headers["content-security-policy"]), config: res.json() };
    } finally {
      await t.close();
    }
  };

  it("allows Stripe's script, frames and API only when Stripe is configured", async () => {
    const sandbox = await cspOf(false);
    expect(sandbox.config.provider).toBe("sandbox");
    expect(sandbox.csp).toContain("script-src 'self'");
    expect(sandbox.csp).not.toContain("stripe.com");
    const stripe = await cspOf(true);
    expect(stripe.config).toEqual({ provider: "stripe", publishable_key: "pk_test_dummy", form_url: null });
    expect(stripe.csp).toContain("script-src 'self' https://js.stripe.com");
    expect(stripe.csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(stripe.csp).toContain("connect-src 'self' https://api.stripe.com");
  });
});
