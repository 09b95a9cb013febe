/**
 * Delivery of queued outbox rows: the `messaging.deliver` job, one per row, written in the
 * transaction that wrote the row (mail/outbox.ts). Each attempt is recorded on the row (attempts,
 * last_attempt_at, last_error); a failure is retried by pg-boss with exponential backoff (about
 * 15 s, 30 s, 1 min, ... at most an hour apart) until MAX_ATTEMPTS, then the row is `failed`. An
 * answer that will never change (SMTP 5xx, Twilio 4xx) fails it at once. Administrators read the
 * outcome at GET /api/admin/outbox (mail/outbox.admin.ts).
 */
import { eq } from "drizzle-orm";
import pino, { type Logger } from "pino";
import type { Config } from "../config/config";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { outbox } from "../db/schema/index";
import type { RetryPolicy } from "../jobs/jobs";
import { type AttachmentRenderers, renderAttachments } from "./attachments";
import { DeliveryError, type Driver, smtpDriver, twilioDriver } from "./drivers";

export const DELIVER_JOB = "messaging.deliver";
/** Attempts before a row is given up (the first one and nine retries: about 4 to 8 hours in all). */
export const MAX_ATTEMPTS = 10;
// pg-boss may retry one more time than we need: the handler stops at MAX_ATTEMPTS itself.
export const DELIVERY_RETRY: RetryPolicy = { limit: MAX_ATTEMPTS, delaySeconds: 15, maxDelaySeconds: 3600 };

export type Drivers = { mail?: Driver; sms?: Driver };

export function driversFor(
  config: Pick<Config, "smtpUrl" | "mailFrom" | "smtpTimeoutSeconds" | "sms">,
): Drivers {
  return {
    ...(config.smtpUrl ? { mail: smtpDriver(config, config.smtpUrl) } : {}),
    ...(config.sms.provider === "twilio" ? { sms: twilioDriver(config.sms, config.smtpTimeoutSeconds) } : {}),
  };
}

/**
 * One attempt at row `id`; throws (for pg-boss to retry) when it failed and may succeed later. The
 * row's attachments are rendered here, for this attempt (`renderers`, mail/attachments.ts): a file
 * that cannot be rendered fails the attempt like a peer that did not answer, and is retried.
 */
export async function deliverRow(
  deps: Pick<Deps, "db">,
  drivers: Drivers,
  renderers: AttachmentRenderers,
  log: Logger,
  id: number,
  options: { db?: DbOrTx; retries: boolean },
): Promise<void> {
  const db = options.db ?? deps.db;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  // Delivered by an earlier attempt, given up, or its body erased by retention: nothing to do.
  if (row?.status !== "queued" || row.bodyText === "") return;
  const driver = row.channel === "sms" ? drivers.sms : drivers.mail;
  const attempt = row.attempts + 1;
  const now = new Date();
  if (!driver) {
    // The setting was removed between queueing and delivery: nothing can send it.
    await db
      .update(outbox)
      .set({
        status: "failed",
        attempts: attempt,
        lastAttemptAt: now,
        lastError: `No ${row.channel} driver configured.`,
      })
      .where(eq(outbox.id, id));
    log.error({ outboxId: id, channel: row.channel }, "message not delivered: no driver configured");
    return;
  }
  try {
    const files = await renderAttachments(row.attachments, renderers);
    await driver.deliver({ ...row, files });
  } catch (error) {
    const failure =
      error instanceof DeliveryError
        ? error
        : new DeliveryError(String((error as Error)?.message ?? error), false, "error");
    const final = failure.permanent || attempt >= MAX_ATTEMPTS || !options.retries;
    await db
      .update(outbox)
      .set({
        status: final ? "failed" : "queued",
        attempts: attempt,
        lastAttemptAt: new Date(),
        lastError: failure.reason,
      })
      .where(eq(outbox.id, id));
    // The code only: a peer's answer may quote the recipient.
    const context = { outboxId: id, channel: row.channel, driver: driver.name, attempt, code: failure.code };
    if (final) {
      log.error(context, "message delivery failed; not retrying");
      return;
    }
    log.warn(context, "message delivery failed; will retry");
    throw failure;
  }
  await db
    .update(outbox)
    .set({
      status: "sent",
      attempts: attempt,
      lastAttemptAt: now,
      deliveredAt: new Date(),
      lastError: null,
      driver: driver.name,
    })
    .where(eq(outbox.id, id));
  log.info({ outboxId: id, channel: row.channel, driver: driver.name, attempt }, "message delivered");
}

/**
 * The delivery worker. `renderers`: each feature's attachment renderers (workers.ts); `drivers` from
 * the configuration unless a test passes its own.
 */
export async function registerDeliveryJobs(
  deps: Deps,
  renderers: AttachmentRenderers,
  drivers: Drivers = driversFor(deps.config),
  log: Logger = pino({ level: deps.config.logLevel }),
): Promise<void> {
  await deps.jobs.work(DELIVER_JOB, async (data, context) => {
    // The inline queue (JOBS=off, tests) runs the job inside the sender's transaction, once.
    await deliverRow(deps, drivers, renderers, log, Number(data.id), {
      db: context?.db,
      retries: !context?.inline,
    });
  });
}
