/**
 * Unsubscribing from a learning mail without logging in: the mail's link opens
 * the web page /unsubscribe?token=, which reads GET and posts; a mail client's one-click
 * (RFC 8058) posts `List-Unsubscribe=One-Click` form-encoded to the `List-Unsubscribe` address.
 * GET never changes anything: link scanners open links.
 */
import {
  messageBody,
  unsubscribeBody,
  unsubscribed,
  unsubscribeQuery,
  unsubscribeStatus,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../http/errors";
import { mailStatus, unsubscribe } from "./reminders.service";
import { verifyUnsubscribeToken } from "./reminders.token";

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, log } = app.deps;
  const tags = ["learning goal"];
  const rateLimit = { max: 30, timeWindow: "1 minute" };

  // RFC 8058's POST body is form-encoded (this plugin only: the rest of the API takes JSON).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const claimsOf = (token: string) => {
    const claims = verifyUnsubscribeToken([config.jwtSecret, config.jwtSecretPrevious], token);
    if (!claims) {
      log.warn({ route: "unsubscribe" }, "unsubscribe refused: token not valid");
      throw new AppError("bad_request", "unsubscribe.invalid");
    }
    return claims;
  };

  app.get(
    "/unsubscribe",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Which learning mail a signed unsubscribe link stops, and whether it is still on",
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeStatus, 400: messageBody },
      },
    },
    async (request) => {
      const claims = claimsOf(request.query.token);
      return { kind: claims.kind, subscribed: await mailStatus(db, claims) };
    },
  );

  app.post(
    "/unsubscribe",
    {
      config: { rateLimit },
      // A POST with no body at all (a mail client, the page) reaches validation as null: read it as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: "Stop a learning mail with its signed link (RFC 8058 one-click POST; no login)",
        querystring: unsubscribeQuery,
        body: unsubscribeBody,
        response: { 200: unsubscribed, 400: messageBody },
      },
    },
    async (request) => {
      const claims = claimsOf(request.query.token);
      await unsubscribe(db, claims);
      log.info({ userId: claims.userId, kind: claims.kind }, "learning mail unsubscribed");
      return { kind: claims.kind, subscribed: false, message: request.t("unsubscribe.done") };
    },
  );
};
