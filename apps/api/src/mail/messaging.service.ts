/** The administrators' delivery record: listing mail and SMS with their status, and retrying a failed one. */
import type { outboxListQuery } from "@aprendo/contract";
import { and, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { outbox } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError, notFound } from "../http/errors";
import { containsPattern, pageOffset } from "../http/paging";
import { listOrder } from "../http/sorting";
import { DELIVER_JOB, DELIVERY_RETRY } from "./delivery";

export type OutboxRow = typeof outbox.$inferSelect;

/** One page of messages, its total, and how many are still queued or failed (whatever the filters). */
export async function listDeliveries(db: Db, q: z.output<typeof outboxListQuery>) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(outbox.status, q.status));
  if (q.channel) filters.push(eq(outbox.channel, q.channel));
  if (q.search) filters.push(ilike(outbox.recipient, containsPattern(q.search)));
  const where = filters.length ? and(...filters) : undefined;
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
    rows,
    total: total?.n ?? 0,
    counts: { queued: countOf("queued"), failed: countOf("failed") },
  };
}

/** Queues a failed message for delivery again; answers the row as it is after the queue took it. */
export async function retryDelivery(
  { db, config, jobs }: Pick<Deps, "db" | "config" | "jobs">,
  id: number,
  log: FastifyBaseLogger,
): Promise<OutboxRow> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound("messaging.notFound");
  if (row.status !== "failed" || row.bodyText === "") throw new AppError("conflict", "messaging.notFailed");
  const hasDriver = row.channel === "sms" ? config.sms.provider !== "none" : config.smtpUrl !== undefined;
  if (!hasDriver) throw new AppError("conflict", "messaging.noDriver");
  const updated = await transaction(db, async (tx) => {
    // A fresh round of attempts; the last error stays until the next attempt replaces it.
    const [next] = await tx
      .update(outbox)
      .set({ status: "queued", attempts: 0 })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, "failed")))
      .returning();
    if (!next) throw new AppError("conflict", "messaging.notFailed");
    await jobs.send(DELIVER_JOB, { id: row.id }, { tx, retry: DELIVERY_RETRY });
    return next;
  });
  log.info({ outboxId: row.id, channel: row.channel }, "message queued again by an administrator");
  // The inline queue (tests, JOBS=off) has delivered it already: answer what the row says now.
  const [now] = await db.select().from(outbox).where(eq(outbox.id, row.id));
  return now ?? updated;
}

/** The latest messages, optionally to one recipient (the development outbox viewer). */
export async function latestMessages(db: Db, to: string | undefined, limit: number) {
  return db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.recipient, to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
}
