/**
 * The delivery record for administrators (platform configuration managers): every mail and SMS
 * with its status, attempts and the last failure, never its body (links and codes stay private),
 * and a retry for one that failed. Plus the public flag the registration form reads.
 */
import {
  errorBody,
  idParam,
  messageBody,
  messagingChannels,
  outboxDelivery,
  outboxDeliveryList,
  outboxListQuery,
} from "@aprendo/contract";
import { and, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pagedList, pageOffset } from "../backoffice/paging";
import { listOrder } from "../backoffice/sorting";
import { outbox } from "../db/schema/index";
import { AppError, notFound } from "../http/errors";
import { DELIVER_JOB, DELIVERY_RETRY } from "./delivery";

const tags = ["messaging"];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

type Row = typeof outbox.$inferSelect;
const delivery = (r: Row) =>
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
  const manager = app.requirePermission("isConfigManager");
  const { config } = app.deps;

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
      const q = request.query;
      const filters: SQL[] = [];
      if (q.status) filters.push(eq(outbox.status, q.status));
      if (q.channel) filters.push(eq(outbox.channel, q.channel));
      if (q.search) filters.push(ilike(outbox.recipient, `%${q.search.replace(/[%_\\]/g, "\\$&")}%`));
      const where = filters.length ? and(...filters) : undefined;
      const db = app.deps.db;
      const [rows, [total], byStatus] = await Promise.all([
        db
          .select()
          .from(outbox)
          .where(where)
          .orderBy(
            ...listOrder(
              q.sort,
              {
                created_at: outbox.createdAt,
                channel: outbox.channel,
                recipient: sql`lower(${outbox.recipient})`,
                subject: sql`lower(${outbox.subject})`,
                status: outbox.status,
                attempts: outbox.attempts,
              },
              outbox.id,
              [desc(outbox.id)],
            ),
          )
          .limit(q.per_page)
          .offset(pageOffset(q)),
        db.select({ n: count() }).from(outbox).where(where),
        // The literal condition lets outbox_undelivered_idx serve it: the rows not sent are few.
        db
          .select({ status: outbox.status, n: count() })
          .from(outbox)
          .where(sql`${outbox.status} <> 'sent'`)
          .groupBy(outbox.status),
      ]);
      const countOf = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
      return {
        ...pagedList(request, q, { data: rows.map(delivery), total: total?.n ?? 0 }),
        counts: { queued: countOf("queued"), failed: countOf("failed") },
      };
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
        response: { 200: messageBody.extend({ data: outboxDelivery }), ...errors },
      },
    },
    async (request) => {
      const [row] = await app.deps.db.select().from(outbox).where(eq(outbox.id, request.params.id));
      if (!row) throw notFound("messaging.notFound");
      if (row.status !== "failed" || row.bodyText === "")
        throw new AppError("conflict", "messaging.notFailed");
      const hasDriver = row.channel === "sms" ? config.sms.provider !== "none" : config.smtpUrl !== undefined;
      if (!hasDriver) throw new AppError("conflict", "messaging.noDriver");
      const updated = await app.deps.db.transaction(async (tx) => {
        // A fresh round of attempts; the last error stays until the next attempt replaces it.
        const [next] = await tx
          .update(outbox)
          .set({ status: "queued", attempts: 0 })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, "failed")))
          .returning();
        if (!next) throw new AppError("conflict", "messaging.notFailed");
        await app.deps.jobs.send(DELIVER_JOB, { id: row.id }, { tx, retry: DELIVERY_RETRY });
        return next;
      });
      request.log.info(
        { outboxId: row.id, channel: row.channel },
        "message queued again by an administrator",
      );
      // The inline queue (tests, JOBS=off) has delivered it already: answer what the row says now.
      const [now] = await app.deps.db.select().from(outbox).where(eq(outbox.id, row.id));
      return { message: request.t("messaging.retryQueued"), data: delivery(now ?? updated) };
    },
  );
};
