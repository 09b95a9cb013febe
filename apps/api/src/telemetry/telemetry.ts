/**
 * Optional OpenTelemetry tracing and error reporting (docs/deployment.md, "Tracing and error
 * reports"), switched on by the standard `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). Without it this file is all that runs: no OpenTelemetry
 * module is loaded, so a node that does not trace pays nothing at start or per request.
 *
 * The OpenTelemetry packages are imported with `import()` only, never statically: the API is one
 * esbuild bundle, and a static import anywhere in it would load them at every start
 * (deployment-files.test.ts checks the bundle for it).
 */
import diagnosticsChannel from "node:diagnostics_channel";
import type { ClientRequest, IncomingMessage } from "node:http";
import type { Span, Tracer } from "@opentelemetry/api";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type pg from "pg";
import type { Logger } from "pino";
import { ConfigError } from "../config/config";
import { routeOf } from "../http/observability";

export type Telemetry = {
  /** PostgreSQL query spans for every connection the pool opens from now on. */
  instrumentPool(pool: pg.Pool): void;
  /** HTTP server spans (route pattern, status, request id) and 5xx errors as span exceptions. */
  plugin: FastifyPluginAsync;
  /** Sends what is still buffered, then stops; a node stopping keeps its last spans. */
  stop(): Promise<void>;
};

type Env = Record<string, string | undefined>;

/** The collector's address when tracing is asked for, else undefined; a wrong protocol stops the start. */
export function tracingEndpoint(env: Env = process.env): string | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === "true" || env.OTEL_TRACES_EXPORTER === "none") return undefined;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL;
  // Only the JSON encoding is installed (no protobuf or gRPC library in the product); the
  // OpenTelemetry Collector, Jaeger, Tempo and the tracing services all accept it on /v1/traces.
  if (protocol && protocol !== "http/json")
    throw new ConfigError(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not available: set it to http/json (OTLP over HTTP with JSON), which every OpenTelemetry collector accepts.`,
    );
  if (!/^https?:\/\//.test(endpoint))
    throw new ConfigError(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// address (the collector's OTLP/HTTP port, usually 4318), not ${JSON.stringify(endpoint.slice(0, 60))}.`,
    );
  return endpoint;
}

/** Starts tracing when the environment asks for it; undefined (and nothing loaded) otherwise. */
export async function startTelemetry(log: Logger, env: Env = process.env): Promise<Telemetry | undefined> {
  const endpoint = tracingEndpoint(env);
  if (!endpoint) return undefined;
  const [api, core, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, resources, undici] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/core"),
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/instrumentation-undici"),
    ]);
  // The exporter reads OTEL_EXPORTER_OTLP_* itself (endpoint, headers, timeout, compression);
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES are read by the resource detection.
  const exporter = new OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        "service.name": env.OTEL_SERVICE_NAME || "aprendo-api",
      }),
    ),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // Registers the provider, the AsyncLocalStorage context (a query's span finds its request's
  // span) and the W3C `traceparent` propagator.
  provider.register();
  // Outgoing fetch() calls (the SMS provider, webhooks) through undici's diagnostics channels,
  // which need no module-loading hook and so work inside the bundle.
  // Only calls made for a request: a call with no request around it would start a trace of its own.
  const fetchTracing = new undici.UndiciInstrumentation({ requireParentforSpans: true });
  fetchTracing.setTracerProvider(provider);
  fetchTracing.enable();
  const stopHttpClient = traceNodeHttpClient(
    api,
    provider.getTracer("aprendo-http-client"),
    core.isTracingSuppressed,
  );
  const tracer = provider.getTracer("aprendo-api");

  // The process's own last words (an error nobody caught) become a span of their own.
  const onUncaught = (error: Error, origin: string) => {
    const span = tracer.startSpan(`uncaught ${origin}`, { attributes: { "exception.escaped": true } });
    span.recordException(error);
    span.setStatus({ code: api.SpanStatusCode.ERROR, message: error.message });
    span.end();
    void provider.forceFlush().catch((flushing: unknown) => log.warn({ err: flushing }, "spans not sent"));
  };
  process.on("uncaughtExceptionMonitor", onUncaught);
  log.info({ endpoint }, "OpenTelemetry tracing on");

  return {
    instrumentPool: (pool) =>
      pool.on("connect", (client) => traceQueries(api, tracer, core.isTracingSuppressed, client)),
    plugin: serverSpans(api, tracer),
    stop: async () => {
      process.off("uncaughtExceptionMonitor", onUncaught);
      fetchTracing.disable();
      stopHttpClient();
      await provider.shutdown().catch((error: unknown) => log.warn({ err: error }, "last spans not sent"));
    },
  };
}

type Api = typeof import("@opentelemetry/api");

declare module "fastify" {
  interface FastifyRequest {
    traceSpan?: Span;
    /** The error the error handler answered with, reported on the span when the answer is a 5xx. */
    traceError?: Error;
  }
}

/**
 * One SERVER span per request, named by method and route pattern (never the URL: its query may hold
 * a stream ticket or a reset token). Its context wraps the rest of the request, so the queries and
 * outgoing calls made for it are its children. A 5xx answer records the error as the span's
 * exception, with the request id that the response and the log carry too.
 */
function serverSpans(api: Api, tracer: Tracer): FastifyPluginAsync {
  return fp(async (app: FastifyInstance) => {
    app.addHook("onRequest", (request, _reply, done) => {
      const parent = api.propagation.extract(api.ROOT_CONTEXT, request.headers);
      const span = tracer.startSpan(
        `${request.method} ${routeOf(request)}`,
        {
          kind: api.SpanKind.SERVER,
          attributes: {
            "http.request.method": request.method,
            "http.route": routeOf(request),
            "url.scheme": request.protocol,
            "aprendo.request_id": request.id,
          },
        },
        parent,
      );
      request.traceSpan = span;
      api.context.with(api.trace.setSpan(parent, span), done);
    });
    app.addHook("onError", (request, _reply, error, done) => {
      request.traceError = error;
      done();
    });
    app.addHook("onResponse", (request, reply, done) => {
      endServerSpan(api, request, reply.statusCode);
      done();
    });
    // A client that goes away mid-answer (an aborted download) still ends its span.
    app.addHook("onRequestAbort", (request, done) => {
      endServerSpan(api, request, 499);
      done();
    });
  });
}

function endServerSpan(api: Api, request: FastifyRequest, status: number): void {
  const span = request.traceSpan;
  if (!span) return;
  request.traceSpan = undefined;
  span.setAttribute("http.response.status_code", status);
  if (request.user?.id !== undefined) span.setAttribute("enduser.id", String(request.user.id));
  if (status >= 500) {
    const error = request.traceError ?? new Error(`HTTP ${status}`);
    span.recordException(error);
    span.setStatus({ code: api.SpanStatusCode.ERROR, message: error.message });
  }
  span.end();
}

/**
 * A CLIENT span per statement on this connection: the statement's text (never its values, which
 * may be personal data) and the error PostgreSQL answered. Wraps the connection's `query` as
 * db/client.ts does, since `pg` offers no hook; statements are the parameterised text Drizzle sends.
 */
function traceQueries(
  api: Api,
  tracer: Tracer,
  isTracingSuppressed: (context: import("@opentelemetry/api").Context) => boolean,
  client: pg.PoolClient,
): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config] = args;
    const text =
      typeof config === "string" ? config : ((config as { text?: string } | undefined)?.text ?? "");
    // Only inside a traced request: pg-boss's polling and the start's migrations are noise.
    const active = api.context.active();
    if (!api.trace.getSpan(active) || isTracingSuppressed(active)) return query(...args);
    const span = tracer.startSpan(`pg ${text.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? "query"}`, {
      kind: api.SpanKind.CLIENT,
      attributes: { "db.system.name": "postgresql", "db.query.text": text.slice(0, 2000) },
    });
    const fail = (error: Error) => {
      span.recordException(error);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: error.message });
    };
    const last = args.at(-1);
    if (typeof last === "function") {
      // Callback style (Drizzle's pipeline path): end the span in the callback.
      const callback = last as (error: Error | null, result: unknown) => void;
      return query(...args.slice(0, -1), (error: Error | null, result: unknown) => {
        if (error) fail(error);
        span.end();
        callback(error, result);
      });
    }
    const result = query(...args) as Promise<unknown> | undefined;
    if (result && typeof result.then === "function")
      return result.then(
        (value) => {
          span.end();
          return value;
        },
        (error: Error) => {
          fail(error);
          span.end();
          throw error;
        },
      );
    // A Submittable (a cursor or stream) reports on its own events; only its start is timed.
    span.end();
    return result;
  };
}

/**
 * CLIENT spans for node:http requests (Stripe's SDK, S3 through the AWS SDK) from Node's own
 * diagnostics channels. OpenTelemetry's http instrumentation patches the module as it is loaded,
 * which an ESM bundle does before tracing can start; the channels need no patching.
 */
function traceNodeHttpClient(
  api: Api,
  tracer: Tracer,
  isTracingSuppressed: (context: import("@opentelemetry/api").Context) => boolean,
): () => void {
  const channels = diagnosticsChannel;
  const spans = new WeakMap<object, Span>();
  type Message = { request: ClientRequest; response?: IncomingMessage; error?: Error };
  const onStart = (message: unknown) => {
    const { request } = message as Message;
    const active = api.context.active();
    // Only calls made for a request; never the exporter's own posts to the collector, which run
    // with tracing suppressed (they would otherwise trace themselves, export after export).
    if (!api.trace.getSpan(active) || isTracingSuppressed(active)) return;
    const span = tracer.startSpan(`${request.method} ${request.host}`, {
      kind: api.SpanKind.CLIENT,
      attributes: {
        "http.request.method": request.method,
        "server.address": request.host,
        "url.path": request.path.split("?")[0],
      },
    });
    spans.set(request, span);
  };
  const onFinish = (message: unknown) => {
    const { request, response } = message as Message;
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    const status = response?.statusCode ?? 0;
    span.setAttribute("http.response.status_code", status);
    if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  };
  const onError = (message: unknown) => {
    const { request, error } = message as Message;
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    if (error) span.recordException(error);
    span.setStatus({ code: api.SpanStatusCode.ERROR, message: error?.message });
    span.end();
  };
  channels.subscribe("http.client.request.start", onStart);
  channels.subscribe("http.client.response.finish", onFinish);
  channels.subscribe("http.client.request.error", onError);
  return () => {
    channels.unsubscribe("http.client.request.start", onStart);
    channels.unsubscribe("http.client.response.finish", onFinish);
    channels.unsubscribe("http.client.request.error", onError);
  };
}
