/**
 * Checkout from any address the app is served on: the sandbox card form posts
 * its token to the page's own origin when the configuration allows it (PUBLIC_URL, ALLOWED_ORIGINS,
 * the demo's loopback names), and refuses any other with a message that says why.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { ConfigError, loadConfig } from "../config/config";

describe("ALLOWED_ORIGINS", () => {
  const base = { JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/aprendo-origins-test" };

  it("lists PUBLIC_URL's origin, each allowed origin and, in the demo, the loopback names of the port", () => {
    const demo = loadConfig({
      ...base,
      APP_MODE: "demo",
      PORT: "4100",
      PUBLIC_URL: "http://localhost:4100/",
      ALLOWED_ORIGINS: "https://www.aprendo.example, https://aprendo.example.org",
    });
    expect(demo.allowedOrigins).toEqual([
      "http://localhost:4100",
      "https://www.aprendo.example",
      "https://aprendo.example.org",
      "http://127.0.0.1:4100",
      "http://[::1]:4100",
    ]);
    const production = loadConfig({ ...base, PUBLIC_URL: "https://aprendo.example" });
    expect(production.mode).toBe("production");
    expect(production.allowedOrigins).toEqual(["https://aprendo.example"]);
  });

  it("stops the start on a value that is not an origin", () => {
    for (const value of ["www.aprendo.example", "https://aprendo.example/shop", "ftp://aprendo.example"])
      expect(() => loadConfig({ ...base, ALLOWED_ORIGINS: value })).toThrow(ConfigError);
  });
});

describe("sandbox card form origin", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: "production",
      publicUrl: "https://aprendo.example",
      allowedOrigins: ["https://aprendo.example", "https://www.aprendo.example"],
    });
  });
  afterAll(() => t.close());

  const form = (origin: string, lang = "en") =>
    t.app.inject({ url: `/api/payments/sandbox/form?origin=${encodeURIComponent(origin)}&lang=${lang}` });

  it("gives an allowed origin a form that posts its token to exactly that origin and may be framed by it", async () => {
    for (const origin of ["https://aprendo.example", "https://www.aprendo.example"]) {
      const res = await form(origin);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Card number");
      expect(res.body).toContain(`const target = ${JSON.stringify(origin)};`);
      expect(res.body).toContain("aprendo:sandbox-ready");
      expect(res.headers["content-security-policy"]).toContain(`frame-ancestors 'self' ${origin}`);
    }
  });

  it("refuses a foreign origin with a translated message that names it and the site, and sends no card fields", async () => {
    const res = await form("https://shop.other.example");
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(
      "Card payments cannot be taken on https://shop.other.example. Open https://aprendo.example to pay",
    );
    expect(res.body).not.toContain("Card number");
    expect(res.body).not.toContain("aprendo:sandbox-token");
    // The app on that page is told why (a message only), so it can show it beside its Pay button.
    expect(res.body).toContain('"aprendo:sandbox-refused"');
    expect(res.body).toContain('"https://shop.other.example")');
    const es = await form("https://shop.other.example", "es");
    expect(es.body).toContain("No se pueden hacer pagos con tarjeta en https://shop.other.example");
  });

  it("in production, a loopback origin is foreign unless configured, and a value that is not an origin is refused", async () => {
    expect((await form("http://127.0.0.1:3000")).statusCode).toBe(403);
    for (const value of ["https://www.aprendo.example/shop", "null", "javascript:alert(1)"]) {
      const res = await form(value);
      expect(res.statusCode).toBe(403);
      // Nothing that is not an origin reaches the header or a script.
      expect(res.headers["content-security-policy"]).toMatch(/frame-ancestors 'self'$/);
      expect(res.body).not.toContain("aprendo:sandbox-refused");
    }
  });
});
