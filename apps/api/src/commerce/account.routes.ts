/** The learner's payment settings (cards; never for children), purchase history, receipts and sponsorships. */
import {
  cardInput,
  cardSetup,
  emailField,
  errorBody,
  idParam,
  messageBody,
  mySponsorships as mySponsorshipsSchema,
  pageQuery,
  purchaseList,
  savedCard,
  savedCardList,
  sponsorshipDraft,
  sponsorshipDraftInput,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod, FastifyPluginAsyncZod as Plugin } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { nextPageUrl } from "../http/paging";
import { addCard, listCards, removeCard, setDefaultCard, startCardSetup } from "./cards.service";
import { commercePolicy, refuseChildren } from "./commerce.policy";
import { purchaseHistory } from "./history.service";
import { receiptPdf } from "./receipts";
import { createSponsorshipDraft, mySponsorships } from "./sponsorships.service";

const tags = ["commerce"];
const errors = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
};
const params = z.object({ id: idParam });

const cardRoutes: Plugin = async (app) => {
  const { deps } = app;
  const learner = app.authorize(commercePolicy, "buy");
  // Children never reach payment settings (spec sections 1 and 6).
  const notChild = async (request: Parameters<typeof learner>[0]) =>
    refuseChildren(deps.db, currentUser(request).id);
  const guard = { onRequest: [learner, notChild] };

  app.get(
    "/iu/cards",
    { ...guard, schema: { tags, summary: "Saved cards", response: { 200: savedCardList, ...errors } } },
    async (request) => listCards(deps.db, currentUser(request).id),
  );
  app.post(
    "/iu/cards",
    {
      ...guard,
      schema: {
        tags,
        summary: "Save a card from a provider token",
        body: cardInput,
        response: { 201: savedCard, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return addCard(deps, currentUser(request).id, request.body);
    },
  );
  app.post(
    "/iu/cards/setup",
    {
      ...guard,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary:
          "Start saving a card confirmed in the browser (Stripe: a SetupIntent's client secret for Stripe.js; sandbox: null)",
        response: { 200: cardSetup, ...errors },
      },
    },
    async (request) => startCardSetup(deps, currentUser(request).id),
  );
  app.put(
    "/iu/cards/:id/default",
    {
      ...guard,
      schema: {
        tags,
        summary: "Make a card the default",
        params,
        response: { 200: savedCardList, ...errors },
      },
    },
    async (request) => setDefaultCard(deps.db, currentUser(request).id, request.params.id),
  );
  app.delete(
    "/iu/cards/:id",
    {
      ...guard,
      schema: { tags, summary: "Remove a saved card", params, response: { 200: messageBody, ...errors } },
    },
    async (request) => {
      await removeCard(deps, currentUser(request).id, request.params.id);
      return { message: request.t("commerce.cardRemoved") };
    },
  );
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const learner = app.authorize(commercePolicy, "buy");
  await app.register(cardRoutes);

  app.get(
    "/iu/purchases",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "Purchase history",
        querystring: pageQuery,
        response: { 200: purchaseList, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await purchaseHistory(
        deps.db,
        currentUser(request).id,
        request.query,
        "/api/iu/purchases",
        request.language,
      );
      return {
        data: rows,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.get(
    "/iu/purchases/:orderId/receipt",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "The receipt of an order (PDF; owner only)",
        params: z.object({ orderId: idParam }),
      },
    },
    async (request, reply) => {
      const pdf = await receiptPdf(deps.db, {
        orderId: request.params.orderId,
        userId: currentUser(request).id,
        language: request.language,
        brand: deps.config.brandName,
      });
      return reply
        .type("application/pdf")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="receipt-${request.params.orderId}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    "/iu/sponsorships",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "Prepare a sponsorship (amount or title for a named learner); returns its cart item",
        body: sponsorshipDraftInput,
        response: { 201: sponsorshipDraft, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createSponsorshipDraft(
        deps.db,
        { userId: currentUser(request).id, email: null },
        request.body,
        request.language,
      );
    },
  );
  app.get(
    "/iu/sponsorships",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "Sponsorships given and received, credit",
        response: { 200: mySponsorshipsSchema, ...errors },
      },
    },
    async (request) => mySponsorships(deps.db, currentUser(request).id, request.language),
  );
  app.post(
    "/sponsorships",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "A guest prepares a sponsorship (then pays it at POST /checkout)",
        body: sponsorshipDraftInput,
        response: { 201: sponsorshipDraft, ...errors },
      },
    },
    async (request, reply) => {
      const email = emailField.safeParse(request.body.email ?? "");
      if (!email.success)
        throw AppError.field("email", request.body.email ? "validation.email" : "validation.required");
      reply.status(201);
      return createSponsorshipDraft(
        deps.db,
        { userId: null, email: email.data },
        request.body,
        request.language,
      );
    },
  );
};
