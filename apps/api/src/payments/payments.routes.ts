/**
 * Provider endpoints: the configuration the web app needs (which provider, public key), and the
 * sandbox's hosted card form, token endpoint and confirmation page (sandbox only). The Stripe webhook
 * lives with commerce (commerce/webhooks.routes.ts), which acts on the events.
 */
import { randomBytes } from "node:crypto";
import {
  errorBody,
  type LanguageCode,
  languages,
  messageKey,
  messages,
  paymentsConfig,
  sandboxCardInput,
  sandboxToken,
  translate,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../http/errors";
import { frameOrigin } from "./origins";
import { PaymentInputError } from "./payments.port";
import { paymentProvider } from "./payments.service";
import {
  authenticationPage,
  cardFormPage,
  frameFontUrl,
  originRefusedPage,
  parseFrameTheme,
  sameOriginPath,
} from "./sandbox.pages";
import { SandboxProvider } from "./sandbox.provider";

const tags = ["payments"];

/** `https://host[:port]` exactly, as `location.origin` gives it. */
const isOrigin = (value: string) =>
  /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(value) || /^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/i.test(value);

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const provider = () => paymentProvider(app.deps);
  const sandbox = () => {
    const p = provider();
    if (!(p instanceof SandboxProvider)) throw new AppError("not_found");
    return p;
  };

  // The confirmation page posts a plain HTML form.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    "/payments/config",
    {
      schema: {
        tags,
        summary: "The payment provider the web app talks to",
        response: { 200: paymentsConfig },
      },
    },
    async () => {
      const p = provider();
      return {
        provider: p.name,
        publishable_key: p.publishableKey,
        form_url: p.name === "sandbox" ? "/api/payments/sandbox/form" : null,
      };
    },
  );

  /**
   * The provider's pages open in an iframe or a full-page redirect, which send no language headers:
   * the app passes its language as `?lang=` (en/es); without it the request's headers decide.
   */
  const langQuery = z
    .enum(languages.map((l) => l.code) as [LanguageCode, ...LanguageCode[]])
    .optional()
    .catch(undefined);
  const pageLanguage = (request: { language: LanguageCode }, lang: LanguageCode | undefined) =>
    lang ?? request.language;

  app.get(
    "/payments/sandbox/form",
    {
      schema: {
        tags,
        summary: "Sandbox: the hosted card form (HTML, put it in an iframe)",
        querystring: z.object({
          origin: z.string().max(200).optional(),
          lang: langQuery,
          /** The app's theme colours, six-digit hex in sandbox.pages.ts `themeKeys` order. */
          theme: z.string().max(100).optional(),
          /** Where the app's own font file is (a .woff2 of the page's origin). */
          font: z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      sandbox();
      const nonce = randomBytes(16).toString("base64");
      const language = pageLanguage(request, request.query.lang);
      const frame = frameOrigin(config, request.query.origin);
      // Only a well-formed origin goes into the header (a parsed URL's origin has no space or `;`).
      const ancestor = frame.allowed || isOrigin(frame.origin) ? ` ${frame.origin}` : "";
      const fontUrl = frame.allowed ? frameFontUrl(request.query.font, frame.origin) : null;
      const fontSrc = fontUrl ? ` font-src ${frame.origin};` : "";
      reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header(
          "content-security-policy",
          `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline';${fontSrc} connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'${ancestor}`,
        )
        .removeHeader("x-frame-options");
      if (!frame.allowed) {
        request.log.warn(
          { origin: frame.origin, allowed: config.allowedOrigins },
          "sandbox card form refused: the page's origin is not in PUBLIC_URL or ALLOWED_ORIGINS",
        );
        reply.status(403);
        return originRefusedPage({
          language,
          nonce,
          message: translate(
            messages,
            language,
            messageKey("commerce.formOriginRefused", { origin: frame.origin, site: config.publicUrl }),
          ),
          notify: ancestor ? frame.origin : null,
        });
      }
      return cardFormPage({
        language,
        nonce,
        targetOrigin: frame.origin,
        theme: parseFrameTheme(request.query.theme),
        fontUrl,
      });
    },
  );

  app.post(
    "/payments/sandbox/tokens",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Sandbox: turn a test card into a token (the only call that ever carries a card number)",
        body: sandboxCardInput,
        response: { 201: sandboxToken, 404: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      try {
        const { token, card } = sandbox().tokenize(request.body);
        reply.header("cache-control", "no-store").status(201);
        return {
          token,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          holder_name: card.holderName,
        };
      } catch (error) {
        if (error instanceof PaymentInputError) {
          const field = error.messageKey.includes("Cvc")
            ? "cvc"
            : error.messageKey.includes("Expired") || error.messageKey.includes("Expiry")
              ? "exp_month"
              : "number";
          throw AppError.field(field, error.messageKey);
        }
        throw error;
      }
    },
  );

  const refParams = z.object({ ref: z.string().min(1).max(400) });
  const returnQuery = z.object({ return: z.string().max(500).optional(), lang: langQuery });

  app.get(
    "/payments/sandbox/authenticate/:ref",
    {
      schema: {
        tags,
        summary: "Sandbox: the 3-D Secure style confirmation page",
        params: refParams,
        querystring: returnQuery,
      },
    },
    async (request, reply) => {
      const payment = sandbox().describePayment(request.params.ref);
      if (!payment) throw new AppError("not_found", "commerce.orderNotFound");
      const back = sameOriginPath(request.query.return);
      const language = pageLanguage(request, request.query.lang ?? payment.language);
      const query = new URLSearchParams({ ...(back ? { return: back } : {}), lang: language });
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      return authenticationPage({
        language,
        amount: (payment.amountPence / 100).toFixed(2),
        action: `/api/payments/sandbox/authenticate/${encodeURIComponent(request.params.ref)}?${query}`,
        done: false,
      });
    },
  );

  app.post(
    "/payments/sandbox/authenticate/:ref",
    {
      schema: {
        tags,
        summary: "Sandbox: the answer of the confirmation page (approve or fail)",
        params: refParams,
        querystring: returnQuery,
        body: z.object({ decision: z.enum(["approve", "fail"]) }),
      },
    },
    async (request, reply) => {
      const ok = await sandbox().authenticate(request.params.ref, request.body.decision === "approve");
      if (!ok) throw new AppError("not_found", "commerce.orderNotFound");
      const back = sameOriginPath(request.query.return);
      if (back) return reply.redirect(back, 303);
      if (request.headers.accept?.includes("application/json"))
        return { message: request.t(messageKey("commerce.authDone")) };
      reply.type("text/html; charset=utf-8");
      return authenticationPage({
        language: pageLanguage(request, request.query.lang),
        amount: "",
        action: "",
        done: true,
      });
    },
  );
};
