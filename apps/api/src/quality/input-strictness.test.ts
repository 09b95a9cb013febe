/**
 * No input answers 5xx, and inputs are read strictly. Ids are whole numbers within
 * PostgreSQL's integer range (a path id beyond it is not found, a body or query id is refused with
 * 422); dates stay within 1900-2200; yes/no fields refuse text; positions refuse null; unknown enum
 * values are refused with the field's message, never replaced by a default; webhook bodies that are
 * empty or malformed answer 400.
 */
import { permissionNames } from "@aprendo/contract";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { paymentProvider } from "../payments/payments.service";
import type { SandboxProvider } from "../payments/sandbox.provider";

let t: TestApp;
let admin: BuiltUser;
let learner: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t, permissionNames);
  learner = await buildLearner(t);
});
afterAll(() => t.close());

const tooBig = "Maximum allowed number is 2147483647";
const post = (url: string, payload: unknown, who: BuiltUser = admin) =>
  t.app.inject({ method: "POST", url, headers: who.auth, payload: payload as object });

describe("ids", () => {
  it("answers 404 for a path id that cannot exist, never 500", async () => {
    for (const id of ["2147483648", "9007199254740991", "99999999999999999999", "0", "-1", "abc", "1.5"]) {
      for (const url of [`/api/faqs/${id}`, `/api/af/events/${id}`, `/api/iu/events/${id}/ical`]) {
        const res = await t.app.inject({ url, headers: url.includes("/af/") ? admin.auth : learner.auth });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: "Not found" });
      }
    }
    expect((await t.app.inject({ url: "/api/faqs/2147483647" })).statusCode).toBe(404);
  });

  it("refuses a body id beyond PostgreSQL's integer range with 422 and the field's message", async () => {
    const res = await post("/api/af/faqs/entries", {
      category_id: 2147483648,
      question: { en: "How do I pay?", es: "¿Cómo pago?" },
      answer: { en: "With a card.", es: "Con tarjeta." },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category_id).toEqual([tooBig]);
    const asText = await post("/api/af/faqs/entries", { category_id: true });
    expect(asText.json().errors.category_id).toEqual(["Invalid characters detected. Please try again."]);
  });

  it("refuses an id nested in a body (a cart line's) beyond the range with 422", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/price",
      payload: { items: [{ type: "course", id: 2147483648 }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["items.0.id"]).toEqual([tooBig]);
  });

  it("refuses a query id beyond the range with 422", async () => {
    const res = await t.app.inject({ url: "/api/faqs?category_id=2147483648" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category_id).toEqual([tooBig]);
    const huge = await t.app.inject({
      url: "/api/af/adverts?block_id=9007199254740991",
      headers: admin.auth,
    });
    expect(huge.statusCode).toBe(422);
  });
});

describe("dates", () => {
  it("refuses dates outside the years 1900 to 2200", async () => {
    const res = await t.app.inject({
      url: "/api/iu/events?from=0020-01-01&to=0020-01-31",
      headers: learner.auth,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.from).toEqual(["Enter a valid date"]);
    const event = await post("/api/af/events", {
      scope: "global",
      title: { en: "Old", es: "Viejo" },
      description: { en: "", es: "" },
      starts_at: "0020-04-10T10:00:00Z",
      ends_at: "0020-04-10T12:00:00Z",
    });
    expect(event.statusCode).toBe(422);
    expect(event.json().errors.starts_at).toEqual(["Enter a valid date"]);
  });
});

describe("yes/no fields, positions and enums", () => {
  const creates: Array<{ url: string; body: Record<string, unknown>; flag: string }> = [
    { url: "/api/af/tickets/subjects", body: { title: { en: "Billing", es: "Pagos" } }, flag: "active" },
    { url: "/api/af/faqs/categories", body: { name: { en: "Payments", es: "Pagos" } }, flag: "active" },
    {
      url: "/api/af/global-notifications",
      body: { title: { en: "Hello all", es: "Hola a todos" }, description: { en: "News", es: "Noticias" } },
      flag: "show_as_modal",
    },
    {
      url: "/api/af/advertisement-blocks",
      body: { key: "sidebar_test", name: "Sidebar", placement: "dashboard_sidebar" },
      flag: "active",
    },
  ];

  it("refuses text in a JSON yes/no field on the administration create routes", async () => {
    for (const { url, body, flag } of creates) {
      for (const text of ["yes", "true", "1"]) {
        const res = await post(url, { ...body, [flag]: text });
        expect(res.statusCode, `${url} ${flag}=${text}: ${res.body}`).toBe(422);
        expect(res.json().errors[flag]).toEqual(["This value is not valid"]);
      }
    }
  });

  it("refuses a null position where a position is not optional", async () => {
    for (const { url, body } of creates.slice(0, 2)) {
      const res = await post(url, { ...body, position: null });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().errors.position).toEqual(["This field is required"]);
    }
  });

  it("refuses an unknown enum value with the field's message instead of a default", async () => {
    const list = await t.app.inject({ url: "/api/shop/products?view=everything" });
    expect(list.statusCode).toBe(422);
    expect(list.json().errors.view).toEqual(["Choose one of the listed values"]);
    const shipments = await t.app.inject({ url: "/api/af/shipments?status=lost", headers: admin.auth });
    expect(shipments.statusCode).toBe(422);
    expect(shipments.json().errors.status).toEqual(["Choose one of the listed values"]);
    const event = await post("/api/af/events", {
      scope: "galactic",
      title: { en: "Launch", es: "Lanzamiento" },
      description: { en: "", es: "" },
      starts_at: "2031-04-10T10:00:00Z",
      ends_at: "2031-04-10T12:00:00Z",
    });
    expect(event.statusCode).toBe(422);
    expect(event.json().errors.scope).toEqual(["Choose one of the listed values"]);
  });
});

describe("webhook bodies", () => {
  const sandboxWebhook = (payload: string | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/webhook",
      headers,
      ...(payload === undefined ? {} : { payload }),
    });

  it("answers 400 to an empty or malformed sandbox webhook, signed or not", async () => {
    const json = { "content-type": "application/json" };
    const sandbox = paymentProvider(t.deps) as SandboxProvider;
    const signed = (body: string) => ({ ...json, "sandbox-signature": sandbox.signEvent(body) });
    const answers = [
      await sandboxWebhook(undefined),
      await sandboxWebhook("", json),
      await sandboxWebhook("{", json),
      await sandboxWebhook("", signed("")),
      await sandboxWebhook("{", signed("{")),
      await sandboxWebhook("null", signed("null")),
      await sandboxWebhook('{"type":1}', signed('{"type":1}')),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    for (const r of answers) expect(r.json()).toEqual({ message: "The request could not be read" });
  });

  it("answers 400 to an empty or malformed Stripe webhook", async () => {
    const secret = "whsec_test_input_strictness";
    const stripeApp = await createTestApp({
      stripe: { secretKey: "sk_test_dummy", publishableKey: "pk_test_dummy", webhookSecret: secret },
    });
    try {
      const stripe = new Stripe("sk_test_dummy");
      const send = (payload: string | undefined, signature?: string) =>
        stripeApp.app.inject({
          method: "POST",
          url: "/api/payments/stripe/webhook",
          headers: {
            ...(payload === undefined ? {} : { "content-type": "application/json" }),
            ...(signature ? { "stripe-signature": signature } : {}),
          },
          ...(payload === undefined ? {} : { payload }),
        });
      const sign = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret });
      const statuses = [
        (await send(undefined)).statusCode,
        (await send("")).statusCode,
        (await send("{", sign("{"))).statusCode,
        (await send("", sign(""))).statusCode,
      ];
      expect(statuses).toEqual([400, 400, 400, 400]);
    } finally {
      await stripeApp.close();
    }
  });
});
