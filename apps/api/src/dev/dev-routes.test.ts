/**
 * The development doors: the outbox exists only in demo mode and answers only a
 * client on the loopback interface (its socket's address, whatever headers say); production has no
 * /api/dev route at all; the old notification and bench helpers are gone from the product.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const removedRoutes = [
  ["POST", "/api/dev/notifications"],
  ["POST", "/api/dev/global-notifications"],
  ["POST", "/api/dev/bench/scale"],
  ["POST", "/api/dev/bench/learners"],
  ["POST", "/api/dev/bench/exam-learners"],
  ["POST", "/api/dev/bench/statements"],
  // The bench server's own routes are not in the product either.
  ["POST", "/bench/scale"],
  ["POST", "/bench/learners"],
  ["POST", "/bench/exam-learners"],
  ["POST", "/bench/statements"],
] as const;

/** A GET over a real TCP connection whose client end is bound to `localAddress`. */
function getFrom(localAddress: string, port: number, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

/** A reset link for `email` lands in the outbox: what an attacker would read to take the account. */
async function requestReset(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/password-reset/request",
    payload: { login: email },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("in demo mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("runs in demo mode (the tests' default configuration)", () => {
    expect(t.config).toMatchObject({ mode: "demo", outboxApi: true, host: "127.0.0.1" });
  });

  it("lists the outbox to a loopback client, filtered by ?to= and cut by ?limit=", async () => {
    const ana = await buildLearner(t);
    const leo = await buildLearner(t);
    await requestReset(t, ana.email);
    await requestReset(t, leo.email);
    const all = await t.app.inject({ url: "/api/dev/outbox?limit=1" });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toHaveLength(1);
    const toAna = await t.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent(ana.email.toUpperCase())}`,
    });
    expect(toAna.statusCode).toBe(200);
    expect(toAna.json().data).toHaveLength(1);
    expect(toAna.json().data[0]).toMatchObject({ channel: "mail", recipient: ana.email });
    expect(toAna.json().data[0].body_text).toContain("/reset-password/");
  });

  it("refuses a client whose socket is not loopback, whatever X-Forwarded-For says", async () => {
    const ana = await buildLearner(t);
    await requestReset(t, ana.email);
    for (const headers of [{}, { "x-forwarded-for": "127.0.0.1" }, { "x-real-ip": "127.0.0.1" }]) {
      const res = await t.app.inject({ url: "/api/dev/outbox", remoteAddress: "10.0.0.5", headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toEqual({ message: "There is no such address in the API" });
      expect(res.body).not.toContain("reset-password");
    }
  });

  it("refuses a real connection from another local address (127.0.0.2) and serves one from 127.0.0.1", async () => {
    const ana = await buildLearner(t);
    await requestReset(t, ana.email);
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const path = `/api/dev/outbox?to=${encodeURIComponent(ana.email)}`;
    // 127.0.0.2 is in the loopback range but is not the loopback interface's own address.
    const refused = await getFrom("127.0.0.2", port, path);
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain("reset-password");
    const served = await getFrom("127.0.0.1", port, path);
    expect(served.status).toBe(200);
    expect(JSON.parse(served.body).data[0].body_text).toContain("/reset-password/");
  });

  it.each(removedRoutes)("has no %s %s", async (method, url) => {
    const res = await t.app.inject({ method, url, payload: { username: "ana", count: 1, top: 5 } });
    expect(res.statusCode).toBe(404);
  });
});

describe("in production mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    // outboxApi forced on as well: no setting may open a development route in production.
    t = await createTestApp({ mode: "production", outboxApi: true });
  });
  afterAll(() => t.close());

  it("does not let a guest read the outbox, even from loopback", async () => {
    const ana = await buildLearner(t);
    await requestReset(t, ana.email);
    for (const url of ["/api/dev/outbox", `/api/dev/outbox?to=${encodeURIComponent(ana.email)}&limit=1`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "There is no such address in the API" });
    }
  });

  it.each(removedRoutes)("has no %s %s", async (method, url) => {
    const res = await t.app.inject({ method, url, payload: { username: "ana", count: 1, top: 5 } });
    expect(res.statusCode).toBe(404);
  });

  it("documents no development route", async () => {
    const spec = (await t.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths).filter((p) => p.includes("/dev/") || p.startsWith("/bench"))).toEqual([]);
  });
});
