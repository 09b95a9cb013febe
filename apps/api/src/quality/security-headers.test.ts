/**
 * Security: the headers of the production build. The app is built with the
 * production configuration (NODE_ENV=production, an https PUBLIC_URL) and the real index.html of
 * the web app, then checked for: a strict Content Security Policy (no inline or eval'd script),
 * framing limited to the site, HSTS, no MIME sniffing, no referrer, an isolated opener, no
 * `x-powered-by`; the refresh cookie HttpOnly, SameSite and Secure on https; an index.html whose
 * only scripts are files (so the CSP does not break the app) and whose embedded data cannot close
 * its block; no development routes; user files served so a browser never runs them.
 * (payments.test.ts already checks that Stripe's origins enter the CSP only with Stripe configured.)
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { configurations, ticketSubjects } from "../db/schema/index";
import { multipart, pngBytes } from "../tickets/test-support";

const builtIndex = path.resolve("apps/web/dist/index.html");
let webRoot: string;
let t: TestApp;
let learner: BuiltUser;

beforeAll(async () => {
  // A private copy of the built page, so a rebuild running elsewhere cannot pull it away mid-test.
  webRoot = mkdtempSync(path.join(tmpdir(), "aprendo-web-"));
  if (existsSync(builtIndex)) copyFileSync(builtIndex, path.join(webRoot, "index.html"));
  else
    (await import("node:fs")).writeFileSync(
      path.join(webRoot, "index.html"),
      '<!doctype html><html><head><title>x</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
  t = await createTestApp(
    { mode: "production", env: "production", publicUrl: "https://learn.example.com", outboxApi: false },
    { webRoot },
  );
  learner = await buildLearner(t);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The CSP as a map of directive -> sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources];
      }),
  );
}

describe("security headers in production", () => {
  it.each(["/api/health", "/", "/courses", "/api/iu/profile"])(
    "sends the strict headers on %s",
    async (url) => {
      const res = await t.app.inject({ url, headers: url.startsWith("/api/iu") ? learner.auth : {} });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const h = res.headers;
      const csp = directives(String(h["content-security-policy"]));
      expect(csp["default-src"]).toEqual(["'self'"]);
      expect(csp["script-src"]).toContain("'self'");
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"])
        expect(csp["script-src"], `script-src must not allow ${unsafe}`).not.toContain(unsafe);
      expect(csp["script-src-attr"] ?? ["'none'"]).toEqual(["'none'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["frame-ancestors"]).toEqual(["'self'"]);
      expect(csp["base-uri"]).toEqual(["'self'"]);
      expect(csp["form-action"]).toEqual(["'self'"]);
      expect(h["strict-transport-security"]).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(String(h["strict-transport-security"]))![1])).toBeGreaterThanOrEqual(
        180 * 86_400,
      );
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["x-frame-options"]).toBe("SAMEORIGIN");
      expect(h["referrer-policy"]).toBe("no-referrer");
      expect(h["cross-origin-opener-policy"]).toBe("same-origin");
      expect(h["cross-origin-resource-policy"]).toBe("same-origin");
      expect(h["x-powered-by"]).toBeUndefined();
      expect(h.server).toBeUndefined();
    },
  );

  it("serves an index.html whose only scripts are files or inert JSON", async () => {
    const res = await t.app.inject({ url: "/" });
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      const inert = /type="application\/json"/.test(attributes!);
      const file = /\bsrc="\/[^"]+"/.test(attributes!) && body!.trim() === "";
      expect(inert || file, `inline script would be blocked by the CSP: <script${attributes}>`).toBe(true);
    }
    expect(res.body).not.toMatch(/\son[a-z]+="/i); // no inline event handlers either
  });

  it("keeps an administrator's text inside the page's embedded data block", async () => {
    const [promo] = await t.deps.db.select().from(configurations).where(eq(configurations.key, "promo_bar"));
    expect(promo, "the promo bar configuration is seeded").toBeDefined();
    const evil = "</script><script>window.__xss=1</script><!--";
    // Written straight into the stored value (the desk's form has its own shape checks).
    await t.deps.db
      .update(configurations)
      .set({ value: { ...promo!.value, text: evil, text_en: evil, text_es: evil } })
      .where(eq(configurations.id, promo!.id));
    const page = await t.app.inject({ url: "/" });
    expect(page.body).not.toContain("<script>window.__xss=1</script>");
    const block = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(page.body);
    expect(JSON.stringify(JSON.parse(block![1]!))).toContain("window.__xss=1");
  });

  it("sets the refresh cookie HttpOnly, SameSite=Lax, Secure and only for /api/auth", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { login: learner.username, password: learner.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = [res.headers["set-cookie"]].flat().find((c) => String(c).startsWith("refresh_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/api\/auth/i);
    expect(res.body).not.toContain(String(cookie).split(";")[0]!.split("=")[1]);
  });

  it("has no development routes", async () => {
    for (const [method, url] of [
      ["GET", "/api/dev/outbox"],
      ["POST", "/api/dev/notifications"],
      ["POST", "/api/dev/global-notifications"],
      ["POST", "/api/dev/bench/scale"],
      ["POST", "/api/dev/bench/exam-learners"],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("hides internals in error answers", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"login": "x", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(["message"]);
    expect(res.body).not.toMatch(/at .*\.ts|node_modules|SyntaxError/);
  });

  it("serves a user's uploaded file so that a browser never runs it", async () => {
    const [subject] = await t.deps.db
      .insert(ticketSubjects)
      .values({ titleEn: "Technical problem", titleEs: "Problema técnico", position: 1 })
      .returning();
    const form = multipart(
      { subject_id: subject!.id, description: "The video stops after ten seconds every time." },
      [{ filename: "screen.png", content: pngBytes(3) }],
    );
    const created = await t.app.inject({
      method: "POST",
      url: "/api/iu/tickets",
      headers: { ...learner.auth, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const thread = await t.app.inject({
      url: `/api/iu/tickets/${created.json().data.id}`,
      headers: learner.auth,
    });
    const attachment = /"url":"([^"]+attachments[^"]+)"/.exec(thread.body)?.[1];
    expect(attachment, thread.body.slice(0, 400)).toBeDefined();
    const file = await t.app.inject({ url: attachment!, headers: learner.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(file.headers["content-security-policy"])).toContain("sandbox");
  });
});
