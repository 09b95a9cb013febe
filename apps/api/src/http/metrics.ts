/**
 * Prometheus metrics at GET /metrics (docs/deployment.md, "Observability"), one registry per app:
 * request durations by route, the database pool, pg-boss's queues, the outbox backlog, open event
 * streams, and Node's process metrics. The gauges that need a query are read when scraped.
 *
 * Who may read them: with METRICS_TOKEN set, a caller sending it as a bearer token; without it, in
 * the demo only this machine, and in production nobody (the path answers 404, never the web app).
 */
import { timingSafeEqual } from "node:crypto";
import { count, inArray } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Deps } from "../context";
import { outbox } from "../db/schema/index";
import { AppError, notFound } from "./errors";

export type AppMetrics = {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status_code">;
  /** Open notification streams on this node (notifications.stream.ts moves it). */
  sseConnections: Gauge;
};

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export function createMetrics(deps: Deps): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: "aprendo_http_request_duration_seconds",
    help: "Time from a request's arrival to its response, by route pattern.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: "aprendo_db_pool_connections",
    help: "Connections of this node's database pool: total open, idle, and requests waiting for one.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "total" }, deps.pool.totalCount);
      this.set({ state: "idle" }, deps.pool.idleCount);
      this.set({ state: "waiting" }, deps.pool.waitingCount);
    },
  });
  new Gauge({
    name: "aprendo_job_queue_jobs",
    help: "Background jobs by pg-boss queue: queued (ready or deferred), active, failed and retained.",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const size of (await deps.jobs.sizes?.()) ?? []) {
        this.set({ queue: size.queue, state: "queued" }, size.queued);
        this.set({ queue: size.queue, state: "active" }, size.active);
        this.set({ queue: size.queue, state: "failed" }, size.failed);
      }
    },
  });
  new Gauge({
    name: "aprendo_outbox_messages",
    help: "Mail and SMS not yet delivered: queued (waiting or retrying) and failed for good.",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await deps.db
        .select({ status: outbox.status, n: count() })
        .from(outbox)
        .where(inArray(outbox.status, ["queued", "failed"]))
        .groupBy(outbox.status);
      for (const status of ["queued", "failed"])
        this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
    },
  });
  const sseConnections = new Gauge({
    name: "aprendo_sse_connections",
    help: "Open notification event streams on this node.",
    registers: [registry],
  });
  return { registry, requestDuration, sseConnections };
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws unless the caller may read the metrics (see the file's comment). */
function checkAccess(request: FastifyRequest, deps: Deps) {
  const { metricsToken, mode } = deps.config;
  if (metricsToken) {
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (!sameSecret(given, metricsToken)) throw new AppError("unauthenticated");
    return;
  }
  // The socket's own address, not request.ip: a proxy on this machine forwards other machines.
  if (mode === "demo" && LOOPBACK.has(request.socket.remoteAddress ?? "")) return;
  throw notFound("error.routeNotFound");
}

export const metricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: AppMetrics }) => {
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    checkAccess(request, app.deps);
    const text = await metrics.registry.metrics();
    return reply.header("cache-control", "no-store").type(metrics.registry.contentType).send(text);
  });
});
