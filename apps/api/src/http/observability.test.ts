/**
 * The request id on every response, one access log line per request with no
 * personal data or query string, and /metrics guarded and never answered by the web app.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildApp } from "../app";
import type { Config } from "../config/config";

let t: TestApp;
let webRoot: string;
const opened: FastifyInstance[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "aprendo-web-"));
  await writeFile(path.join(webRoot, "index.html"), "<html><head></head><body>app</body></html>");
  t = await createTestApp();
});

afterAll(async () => {
  for (const app of opened) await app.close();
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** The test app's services under another configuration, its JSON log lines collected. */
async function appWith(config: Partial<Config>) {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  const app = await buildApp(
    { ...t.deps, config: { ...t.deps.config, logLevel: "info", ...config } },
    { logStream, webRoot },
  );
  await app.ready();
  opened.push(app);
  return { app, lines, raw };
}

describe("X-Request-Id", () => {
  it("is on every response: a fresh id, or the client's own when short and well formed", async () => {
    const fresh = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(fresh.headers["x-request-id"]).toMatch(UUID);
    const notFound = await t.app.inject({ method: "GET", url: "/api/no-such-route" });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers["x-request-id"]).toMatch(UUID);

    const own = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-7f3a.91_Z" },
    });
    expect(own.headers["x-request-id"]).toBe("lb-7f3a.91_Z");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "a".repeat(64) } }))
        .headers["x-request-id"],
    ).toBe("a".repeat(64));

    for (const bad of ["a".repeat(65), "two words", "<script>", "id;drop"]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": bad },
      });
      expect(response.headers["x-request-id"]).toMatch(UUID);
    }
  });

  it("a 5,000-character id is replaced, and never written to the log", async () => {
    const { app, lines, raw } = await appWith({});
    const response = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "x".repeat(5_000) },
    });
    const id = response.headers["x-request-id"] as string;
    expect(id).toMatch(UUID);
    expect(lines.find((line) => line.msg === "request")?.reqId).toBe(id);
    expect(raw.join("\n")).not.toContain("x".repeat(65));
  });
});

describe("access log", () => {
  it("one info line per request: method, route pattern, status, duration, request id, user id; no query string", async () => {
    const { app, lines, raw } = await appWith({});
    const learner = await buildLearner(t);
    const guest = await app.inject({
      method: "GET",
      url: "/api/courses/987654?ticket=secret-ticket-value",
      headers: { "x-request-id": "guest-1" },
    });
    const signedIn = await app.inject({
      method: "GET",
      url: "/api/iu/profile",
      headers: { ...learner.auth, "x-request-id": "learner-1" },
    });
    expect(signedIn.statusCode).toBe(200);

    const access = lines.filter((line) => line.msg === "request");
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({
      level: 30,
      reqId: "guest-1",
      method: "GET",
      route: "/api/courses/:id",
      status: guest.statusCode,
      userId: null,
    });
    expect(access[0]!.ms).toEqual(expect.any(Number));
    expect(access[1]).toMatchObject({
      reqId: "learner-1",
      route: "/api/iu/profile",
      status: 200,
      userId: learner.id,
    });
    const log = raw.join("\n");
    expect(log).not.toContain("secret-ticket-value");
    expect(log).not.toContain("987654");
    expect(log).not.toContain(learner.username);
    expect(log).not.toContain(learner.email);
    expect(log).not.toContain(learner.token);
  });
});

describe("GET /metrics", () => {
  const names = [
    "aprendo_http_request_duration_seconds_bucket",
    'aprendo_db_pool_connections{state="total"}',
    'aprendo_db_pool_connections{state="idle"}',
    'aprendo_db_pool_connections{state="waiting"}',
    'aprendo_outbox_messages{status="queued"}',
    'aprendo_outbox_messages{status="failed"}',
    "aprendo_job_queue_jobs",
    "aprendo_sse_connections 0",
    "process_resident_memory_bytes",
  ];

  it("with METRICS_TOKEN: only a caller with that bearer token, in Prometheus' text format", async () => {
    const token = "metrics-token-0123456789";
    const { app } = await appWith({ mode: "production", metricsToken: token });
    await app.inject({ method: "GET", url: "/api/health" });
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", token]) {
      const refused = await app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers["content-type"]).toMatch(/application\/json/);
    }
    const response = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    for (const name of names) expect(response.body).toContain(name);
    expect(response.body).toMatch(
      /aprendo_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1\n/,
    );
  });

  it("without a token: off in production (a JSON 404, not the web app), this machine only in the demo", async () => {
    const production = (await appWith({ mode: "production", metricsToken: undefined })).app;
    const off = await production.inject({ method: "GET", url: "/metrics" });
    expect(off.statusCode).toBe(404);
    expect(off.headers["content-type"]).toMatch(/application\/json/);
    expect(off.body).not.toContain("<html");

    const demo = (await appWith({ mode: "demo", metricsToken: undefined })).app;
    await demo.inject({ method: "GET", url: "/api/health" });
    const local = await demo.inject({ method: "GET", url: "/metrics" });
    expect(local.statusCode).toBe(200);
    for (const name of names) expect(local.body).toContain(name);
    const remote = await demo.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain("<html");
  });
});
