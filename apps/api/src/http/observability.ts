/**
 * What an operator sees of each request (docs/deployment.md, "Observability"):
 * - a request id on every response (`X-Request-Id`), the client's own if it is short and well formed,
 *   so one id follows a request through the balancer, this log and a user's bug report;
 * - one access log line per request at `info`: method, route pattern (never the URL, whose query may
 *   hold a stream ticket or a reset token), status, duration, request id and user id, no personal data;
 * - the request-duration histogram of /metrics (http/metrics.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppMetrics } from "./metrics";

/** A client's request id is kept only if it is this: short, and safe to write into a log line. */
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: the client's X-Request-Id when well formed, else a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && WELL_FORMED_ID.test(given) ? given : randomUUID();
}

/**
 * The route pattern (`/api/courses/:id`), the same for every id, so the log and the metrics group
 * by it; requests no route matched (the web app's pages, unknown paths) share one name.
 */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? "(unmatched)";
}

export const observabilityPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: AppMetrics }) => {
  // Decorated before the features register, so each can reach its own gauges.
  app.decorate("metrics", metrics);
  app.addHook("onRequest", (request, reply, done) => {
    // On the raw response so hijacked replies (the event stream) carry it too.
    reply.raw.setHeader("x-request-id", request.id);
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    const route = routeOf(request);
    const ms = reply.elapsedTime;
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      ms / 1000,
    );
    // The child logger adds reqId; the user is known only on routes that authenticate.
    request.log.info(
      {
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(ms * 10) / 10,
        userId: request.user?.id ?? null,
      },
      "request",
    );
    done();
  });
});
