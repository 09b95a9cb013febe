/**
 * The delivery record for administrators (platform configuration managers): every mail and SMS
 * with its status, attempts and the last failure, never its body (links and codes stay private),
 * and a retry for one that failed. Plus the public flag the registration form reads.
 */
import {
  errorBody,
  idParam,
  messagingChannels,
  outboxDelivery,
  outboxDeliveryList,
  outboxListQuery,
  outboxRetried,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pagedList } from "../http/paging";
import { messagingPolicy } from "./messaging.policy";
import { listDeliveries, type OutboxRow, retryDelivery } from "./messaging.service";

const tags = ["messaging"];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

const delivery = (r: OutboxRow) =>
  outboxDelivery.parse({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    last_error: r.lastError,
    driver: r.driver,
    created_at: r.createdAt.toISOString(),
    last_attempt_at: r.lastAttemptAt?.toISOString() ?? null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
  });

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = app.authorize(messagingPolicy, "manageOutbox");

  app.get(
    "/messaging/channels",
    {
      schema: {
        tags,
        summary: "Where phone codes go: by SMS, or to the account's email when no SMS provider is configured",
        response: { 200: messagingChannels },
      },
    },
    async () => ({ phone_codes_by: app.deps.sms.reachesPhones ? ("sms" as const) : ("email" as const) }),
  );

  app.get(
    "/af/outbox",
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "Mail and SMS with their delivery status, newest first (bodies are never shown)",
        querystring: outboxListQuery,
        response: { 200: outboxDeliveryList, ...errors },
      },
    },
    async (request) => {
      const { rows, total, counts } = await listDeliveries(app.deps.db, request.query);
      return { ...pagedList(request, request.query, { data: rows.map(delivery), total }), counts };
    },
  );

  app.post(
    "/af/outbox/:id/retry",
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "Queue a failed message for delivery again (after the mail server or provider was fixed)",
        params: z.object({ id: idParam }),
        response: { 200: outboxRetried, ...errors },
      },
    },
    async (request) => {
      const row = await retryDelivery(app.deps, request.params.id, request.log);
      return { message: request.t("messaging.retryQueued"), data: delivery(row) };
    },
  );
};
