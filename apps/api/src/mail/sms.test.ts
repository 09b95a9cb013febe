/**
 * SMS: the Twilio adapter against a local fake of Twilio's REST API (a plain HTTP server here that
 * checks the request as Twilio documents it), and production with no SMS provider, where phone
 * codes go to the account's email and GET /api/messaging/channels says so.
 */

import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { adultForm, call, codeIn, latestMessage, newPhone } from "../auth/auth.testing";
import { outbox } from "../db/schema/index";

const accountSid = `AC${randomBytes(16).toString("hex")}`;
const authToken = randomBytes(16).toString("hex");
const from = "+447700900123";

type TwilioRequest = {
  method: string;
  url: string;
  authorization: string;
  type: string;
  form: URLSearchParams;
};

/** Twilio's Messages endpoint as documented: 201 with the message resource, or an error body. */
function fakeTwilio() {
  const requests: TwilioRequest[] = [];
  let answer: { status: number; body: object } = { status: 201, body: {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      requests.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization ?? "",
        type: req.headers["content-type"] ?? "",
        form,
      });
      const body =
        answer.status === 201
          ? {
              sid: `SM${randomBytes(16).toString("hex")}`,
              status: "queued",
              to: form.get("To"),
              body: form.get("Body"),
            }
          : answer.body;
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  return {
    requests,
    answerWith: (status: number, body: object = {}) => {
      answer = { status, body };
    },
    start: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const lastRowTo = async (t: TestApp, to: string) => {
  const [row] = await t.deps.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
};

describe("SMS through Twilio (SMS_PROVIDER=twilio)", () => {
  const twilio = fakeTwilio();
  let t: TestApp;
  beforeAll(async () => {
    const port = await twilio.start();
    t = await createTestApp({
      sms: { provider: "twilio", accountSid, authToken, from, apiUrl: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await twilio.stop();
  });

  it("posts the code to Twilio's Messages endpoint with basic auth, and the code verifies the phone", async () => {
    const phone = newPhone();
    const res = await call(t, "/auth/register", { payload: adultForm({ phone }) });
    expect(res.statusCode, res.body).toBe(201);
    const request = twilio.requests.find((r) => r.form.get("To") === phone);
    expect(request).toBeDefined();
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request!.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
    );
    expect(request!.type).toContain("application/x-www-form-urlencoded");
    expect(request!.form.get("From")).toBe(from);
    const code = request!.form.get("Body")?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    expect(await lastRowTo(t, phone)).toMatchObject({ status: "sent", driver: "twilio", attempts: 1 });

    const verified = await call(t, "/auth/phone/verify", {
      payload: { ticket: res.json().phone_verification.ticket, code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const channels = await call(t, "/messaging/channels", { method: "GET" });
    expect(channels.json()).toEqual({ phone_codes_by: "sms" });
  });

  it("records Twilio's refusal of a number as a failure it does not retry", async () => {
    twilio.answerWith(400, {
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
      status: 400,
    });
    try {
      const phone = newPhone();
      const res = await call(t, "/auth/register", { payload: adultForm({ phone }) });
      // The registration stands: the SMS failing is the delivery's business, not the request's.
      expect(res.statusCode, res.body).toBe(201);
      const row = await lastRowTo(t, phone);
      expect(row).toMatchObject({ status: "failed", attempts: 1, driver: null });
      expect(row?.lastError).toContain("Twilio HTTP 400: 21211");
    } finally {
      twilio.answerWith(201);
    }
  });
});

describe("production with no SMS provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mode: "production", sms: { provider: "none" } });
  });
  afterAll(() => t?.close());

  it("sends the phone code to the account's email, which verifies the phone, and says so publicly", async () => {
    const phone = newPhone();
    const form = adultForm({ phone });
    const res = await call(t, "/auth/register", { payload: form });
    expect(res.statusCode, res.body).toBe(201);
    expect(await lastRowTo(t, phone)).toBeUndefined();
    const mail = await latestMessage(t, form.email);
    expect(mail.subject).toBe("Your Aprendo code");
    expect(mail.bodyText).toContain("does not send text messages");
    const verified = await call(t, "/auth/phone/verify", {
      payload: { ticket: res.json().phone_verification.ticket, code: codeIn(mail) },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    const channels = await call(t, "/messaging/channels", { method: "GET" });
    expect(channels.statusCode).toBe(200);
    expect(channels.json()).toEqual({ phone_codes_by: "email" });
  });
});
