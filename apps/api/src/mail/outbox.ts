/**
 * Mail and SMS ports: a transactional outbox. `send` writes the message to the `outbox` table through
 * the database handle it is given (the transaction that causes the message: a registration, a reset
 * request) and, when a real driver is configured (SMTP_URL, SMS_PROVIDER), writes its delivery job
 * (mail/delivery.ts) in that same transaction. So a message exists exactly when what caused it was
 * committed, and a request never waits for an SMTP server or an SMS provider: the job delivers it,
 * with retries and backoff, and records the outcome on the row (status, attempts, last error).
 *
 * Without a driver the row itself is the delivery: the demo reads it at GET /api/dev/outbox. In
 * production with no SMS provider an SMS cannot reach a phone (`reachesPhones` is false): callers
 * with a code to send use the account's email instead (auth/auth.mails.ts).
 */
import type { Logger } from "pino";
import type { Config } from "../config/config";
import type { Db, DbOrTx } from "../db/client";
import { outbox } from "../db/schema/index";
import type { AttachmentSource } from "../db/schema/platform";
import type { Jobs } from "../jobs/jobs";
import { DELIVER_JOB, DELIVERY_RETRY } from "./delivery";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta?: Record<string, unknown>;
  /**
   * Extra headers for the real driver (e.g. `List-Unsubscribe`), kept on the row as `meta.headers`
   * (the outbox table has no column for them; the demo outbox shows them there).
   */
  headers?: Record<string, string>;
  /**
   * Files sent with the mail (a receipt), as what renders them at delivery (mail/attachments.ts):
   * the row holds the recipe until retention, never the bytes.
   */
  attachments?: MailAttachment[];
};
export type MailAttachment = { filename: string; contentType: string; source: AttachmentSource };
export type SmsMessage = { to: string; text: string; meta?: Record<string, unknown> };

export interface Mailer {
  /**
   * Queues the mail through `db` (default: the pool); pass the transaction that causes it. Several
   * mails (a drain's batch) are written in one statement.
   */
  send(message: MailMessage | readonly MailMessage[], db?: DbOrTx): Promise<void>;
}
export interface SmsSender {
  /** Whether an SMS reaches a phone: an SMS provider is configured, or the demo outbox stands in for one. */
  readonly reachesPhones: boolean;
  /** Queues the SMS through `db` (default: the pool); pass the transaction that causes it. */
  send(message: SmsMessage, db?: DbOrTx): Promise<void>;
}

/** What happens to a new row: a delivery job, the row as the delivery (demo), or nowhere to go. */
type Route = { kind: "queue" } | { kind: "outbox" } | { kind: "undeliverable"; reason: string };

export function createMessaging(options: {
  db: Db;
  jobs: Jobs;
  log: Logger;
  config: Pick<Config, "smtpUrl" | "sms" | "mode">;
}): { mail: Mailer; sms: SmsSender } {
  const { db, jobs, log, config } = options;
  const mailRoute: Route = config.smtpUrl ? { kind: "queue" } : { kind: "outbox" };
  const smsRoute: Route =
    config.sms.provider !== "none"
      ? { kind: "queue" }
      : config.mode === "demo"
        ? { kind: "outbox" }
        : { kind: "undeliverable", reason: "No SMS provider is configured (SMS_PROVIDER)." };

  /** Writes the rows in one statement (and a delivery job each when queued); answers their ids in order. */
  async function write(
    handle: DbOrTx,
    route: Route,
    rows: Array<Omit<typeof outbox.$inferInsert, "status" | "driver" | "deliveredAt" | "lastError">>,
  ): Promise<number[]> {
    const state =
      route.kind === "queue"
        ? { status: "queued" }
        : route.kind === "outbox"
          ? { status: "sent", driver: "outbox", deliveredAt: new Date() }
          : { status: "failed", lastError: route.reason };
    const written = await handle
      .insert(outbox)
      .values(rows.map((row) => ({ ...row, ...state })))
      .returning({ id: outbox.id });
    // Ids come from one sequence in the order the rows are inserted, which is the order given.
    const ids = written.map((w) => w.id).sort((a, b) => a - b);
    if (route.kind === "queue")
      for (const id of ids) await jobs.send(DELIVER_JOB, { id }, { tx: handle, retry: DELIVERY_RETRY });
    return ids;
  }

  return {
    mail: {
      async send(messageOrMany, handle = db) {
        const messages = Array.isArray(messageOrMany) ? messageOrMany : [messageOrMany as MailMessage];
        if (messages.length === 0) return;
        const ids = await write(
          handle,
          mailRoute,
          messages.map((message) => ({
            channel: "mail",
            recipient: message.to,
            subject: message.subject,
            bodyText: message.text,
            bodyHtml: message.html ?? null,
            meta: message.headers ? { ...message.meta, headers: message.headers } : (message.meta ?? null),
            attachments: message.attachments?.length ? message.attachments : null,
          })),
        );
        // Never log bodies: they carry verification and reset links.
        messages.forEach((message, i) => {
          log.info(
            { outboxId: ids[i], to: maskAddress(message.to), subject: message.subject },
            "mail queued",
          );
        });
      },
    },
    sms: {
      reachesPhones: smsRoute.kind !== "undeliverable",
      async send(message, handle = db) {
        const [id] = await write(handle, smsRoute, [
          { channel: "sms", recipient: message.to, bodyText: message.text, meta: message.meta ?? null },
        ]);
        if (smsRoute.kind === "undeliverable")
          log.warn({ outboxId: id, to: maskAddress(message.to) }, "sms not sent: no SMS provider configured");
        else log.info({ outboxId: id, to: maskAddress(message.to) }, "sms queued");
      },
    },
  };
}

export function maskAddress(address: string): string {
  const at = address.indexOf("@");
  if (at > 0) return `${address.slice(0, 2)}***${address.slice(at)}`;
  return `${address.slice(0, 4)}***${address.slice(-2)}`;
}
