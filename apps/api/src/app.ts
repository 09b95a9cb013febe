/**
 * The app factory: builds the Fastify instance without listening, so tests call it in process.
 * Plugin order: external plugins, then app plugins (language, auth, errors), then features.
 */
import { MB } from "@aprendo/contract";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { auditWritesPlugin } from "./audit/audit-writes";
import type { Deps } from "./context";
import { wellKnownRoutes } from "./credentials/credentials.routes";
import { devOutboxRoutes } from "./dev/outbox.routes";
import { featureRoutes } from "./features";
import { authenticatePlugin } from "./http/authenticate";
import { installErrorHandler } from "./http/error-handler";
import { languagePlugin } from "./http/language";
import { createMetrics, metricsPlugin } from "./http/metrics";
import { observabilityPlugin, requestIdOf } from "./http/observability";
import { openApiTransform, openApiTransformObject } from "./http/openapi";
import { allowListOf, postgresRateLimitStore } from "./http/rate-limit-store";
import { securityHeadersPlugin } from "./http/security-headers";
import { serveWebApp } from "./http/web-app";
import type { Telemetry } from "./telemetry/telemetry";

export type AppOptions = {
  /** The built web app to serve, if any. */
  webRoot?: string | undefined;
  logger?: boolean;
  /** Where the JSON log goes (default: stdout); tests read the access log from it. */
  logStream?: DestinationStream;
  /** OpenTelemetry's request spans and error reports, when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  telemetry?: Telemetry | undefined;
};

export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (by default loopback and
    // private networks: the load balancer); a client connecting directly cannot pick its own
    // address to escape rate limits.
    trustProxy: deps.config.trustProxy,
    // The client's X-Request-Id only when short and well formed (http/observability.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { maxParamLength: 200 },
    // Fastify's own two lines per request log the URL, query tokens included: the access line of
    // http/observability.ts replaces them.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);
  const metrics = createMetrics(deps);
  await app.register(observabilityPlugin, { metrics });
  if (options.telemetry) await app.register(options.telemetry.plugin);

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy:
      config.env === "production"
        ? {
            directives: {
              defaultSrc: ["'self'"],
              // Stripe.js and its frames only when Stripe is the payment provider (docs/commerce.md).
              scriptSrc: ["'self'", ...(config.stripe ? ["https://js.stripe.com"] : [])],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "blob:"],
              mediaSrc: ["'self'", "blob:"],
              fontSrc: ["'self'", "data:"],
              connectSrc: ["'self'", ...(config.stripe ? ["https://api.stripe.com"] : [])],
              frameSrc: [
                "'self'",
                ...(config.stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : []),
              ],
              frameAncestors: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
            },
          }
        : false,
    crossOriginEmbedderPolicy: false,
  });
  // Routes opt in with `config.rateLimit`; RATE_LIMITS=off (browser tests, benchmarks) lets every
  // request through. Counted in PostgreSQL so a limit holds across nodes (http/rate-limit-store.ts).
  const allowed = allowListOf(config.rateLimitAllow);
  await app.register(fastifyRateLimit, {
    global: false,
    store: postgresRateLimitStore(deps.pool, app.log) as never,
    ...(config.rateLimits ? (allowed ? { allowList: allowed } : {}) : { allowList: () => true }),
  });
  await app.register(fastifyCookie);
  // Only the parser's defaults: every upload route reads its files through http/multipart.ts, which
  // sets the route's limits and counts the bytes received (the parser's own cut can go unnoticed).
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * MB, files: 3, fields: 20 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.brandName} API`,
        version: "1.0.0",
        description: "REST API of the learning platform.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(languagePlugin);
  await app.register(authenticatePlugin);
  installErrorHandler(app);
  // Before the features: its onRoute hook must see every back-office route.
  await app.register(auditWritesPlugin);

  await app.register(
    async (api) => {
      for (const routes of featureRoutes) await api.register(routes);
      // The only development route, and only in the demo: production has no /api/dev path at all,
      // whatever a test override or a setting says about the outbox (docs/security.md, point 1).
      if (config.mode === "demo" && config.outboxApi) await api.register(devOutboxRoutes);
    },
    { prefix: "/api" },
  );
  // Outside /api and before the web app, so /metrics never falls through to index.html.
  await app.register(metricsPlugin, { metrics });
  // The credential issuer's did:web document and JWKS live at the origin's root.
  await app.register(wellKnownRoutes);
  await serveWebApp(app, options.webRoot);
  return app;
}
