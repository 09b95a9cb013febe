/**
 * Tracing and error reports: with OTEL_EXPORTER_OTLP_ENDPOINT set, the product started
 * as `npm start` starts it (startRuntime, listening on a real port) sends its traces to an OTLP/HTTP
 * collector: here a small HTTP server that decodes what OpenTelemetry's own exporter posts (JSON
 * encoding). Server spans carry the route pattern and status, PostgreSQL statements and outgoing
 * calls are their children, and a 5xx answer carries its error as an exception with the request id.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-app";
import { ConfigError, loadConfig } from "../config/config";
import { type Runtime, startRuntime } from "../runtime";
import { tracingEndpoint } from "./telemetry";

type Attribute = { key: string; value: { stringValue?: string; intValue?: number | string } };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attribute[];
  status?: { code?: number; message?: string };
  events?: { name: string; attributes: Attribute[] }[];
};

const posted: { path: string; contentType: string }[] = [];
const spans: OtlpSpan[] = [];
let collector: http.Server;
let collectorUrl: string;
let runtime: Runtime;
let base: string;
let folder: string;

/** An attribute's value as a string, whatever OTLP/JSON typed it as. */
const attr = (attributes: Attribute[] | undefined, key: string) => {
  const value = attributes?.find((a) => a.key === key)?.value;
  return value === undefined ? undefined : String(value.stringValue ?? value.intValue);
};

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      posted.push({ path: request.url ?? "", contentType: request.headers["content-type"] ?? "" });
      if (request.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) spans.push(...scope.spans);
      }
      // Also the peer that the traced outgoing calls reach.
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collectorUrl;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  process.env.OTEL_SERVICE_NAME = "aprendo-test";
  folder = await mkdtemp(path.join(tmpdir(), "aprendo-otel-"));
  runtime = await startRuntime(
    loadConfig({
      DATABASE_URL: await createTestDatabase(),
      DATA_DIR: folder,
      JWT_SECRET: randomBytes(32).toString("hex"),
      JOBS: "off",
      LOG_LEVEL: "silent",
    }),
  );
  // Two routes of this test only, added before the server is ready: an outgoing call of each kind
  // made for a request, and a failure the error handler answers with 500.
  runtime.app.get("/api/test-otel/outgoing", async () => {
    await fetch(`${collectorUrl}/peer/fetch`);
    await new Promise<void>((resolve, reject) =>
      http
        .get(`${collectorUrl}/peer/node-http`, (response) => response.resume().on("end", resolve))
        .on("error", reject),
    );
    return { ok: true };
  });
  runtime.app.get("/api/test-otel/broken", async () => {
    await runtime.deps.pool.query("SELECT 1 AS probe");
    throw new Error("the reported failure");
  });
  await runtime.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(runtime.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await runtime?.stop();
  await new Promise((resolve) => collector?.close(resolve));
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("OpenTelemetry tracing to an OTLP/HTTP collector", () => {
  it("exports server, PostgreSQL and outgoing-call spans, and reports a 5xx with its request id", async () => {
    const parentTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const locales = await fetch(`${base}/api/locales`, {
      headers: { traceparent: `00-${parentTrace}-00f067aa0ba902b7-01` },
    });
    expect(locales.status).toBe(200);
    const course = await fetch(`${base}/api/courses/999999`);
    expect(course.status).toBe(404);
    expect((await fetch(`${base}/api/test-otel/outgoing`)).status).toBe(200);
    const broken = await fetch(`${base}/api/test-otel/broken`, { headers: { "x-request-id": "req-otel-1" } });
    expect(broken.status).toBe(500);
    expect(broken.headers.get("x-request-id")).toBe("req-otel-1");
    expect(await broken.json()).toEqual({ message: expect.any(String) });

    // Stopping sends what the batch still holds, as a node being replaced does.
    await runtime.stop();
    runtime = undefined as unknown as Runtime;

    expect(
      posted.filter((p) => p.path === "/v1/traces").every((p) => p.contentType === "application/json"),
    ).toBe(true);
    const server = (name: string) => spans.find((s) => s.name === name && s.kind === 2);

    const localesSpan = server("GET /api/locales");
    expect(localesSpan).toBeDefined();
    // The caller's trace continues (W3C traceparent).
    expect(localesSpan!.traceId).toBe(parentTrace);
    expect(attr(localesSpan!.attributes, "http.route")).toBe("/api/locales");
    expect(attr(localesSpan!.attributes, "http.response.status_code")).toBe("200");
    const queries = spans.filter((s) => s.parentSpanId === localesSpan!.spanId && s.kind === 3);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => attr(q.attributes, "db.system.name") === "postgresql")).toBe(true);
    expect(attr(queries[0]!.attributes, "db.query.text")).toMatch(/select/i);

    // The route pattern, never the id of the URL; a 4xx is not an error of the server.
    const courseSpan = server("GET /api/courses/:id");
    expect(attr(courseSpan?.attributes, "http.response.status_code")).toBe("404");
    expect(courseSpan?.status?.code ?? 0).not.toBe(2);

    const outgoing = server("GET /api/test-otel/outgoing")!;
    const calls = spans.filter((s) => s.parentSpanId === outgoing.spanId && s.kind === 3);
    expect(calls.map((c) => attr(c.attributes, "url.path")).sort()).toEqual([
      "/peer/fetch",
      "/peer/node-http",
    ]);

    const brokenSpan = server("GET /api/test-otel/broken")!;
    expect(brokenSpan.status).toMatchObject({ code: 2, message: "the reported failure" });
    expect(attr(brokenSpan.attributes, "aprendo.request_id")).toBe("req-otel-1");
    const exception = brokenSpan.events?.find((e) => e.name === "exception");
    expect(attr(exception?.attributes, "exception.message")).toBe("the reported failure");
    expect(attr(exception?.attributes, "exception.stacktrace")).toContain("telemetry.test.ts");
    expect(
      spans.some(
        (s) =>
          s.parentSpanId === brokenSpan.spanId && attr(s.attributes, "db.query.text") === "SELECT 1 AS probe",
      ),
    ).toBe(true);

    // The exporter's own posts are never traced.
    expect(spans.some((s) => attr(s.attributes, "url.path") === "/v1/traces")).toBe(false);
  });

  it("is off without an endpoint, and refuses a protocol it cannot send", () => {
    expect(tracingEndpoint({})).toBeUndefined();
    expect(
      tracingEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_SDK_DISABLED: "true" }),
    ).toBeUndefined();
    expect(tracingEndpoint({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/v1/traces" })).toBe(
      "http://c:4318/v1/traces",
    );
    expect(() =>
      tracingEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }),
    ).toThrow(ConfigError);
    expect(() => tracingEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: "c:4318" })).toThrow(/http:\/\//);
  });
});
