/**
 * Mail and SMS ports. The embedded default stores every message in the `outbox` table and logs a
 * line, so a developer can read verification links at GET /api/dev/outbox. With SMTP_URL set,
 * mail also goes out through SMTP (nodemailer); the outbox row is kept as the record of what was sent.
 */
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { outbox } from "../db/schema/index";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta?: Record<string, unknown>;
  /** Files sent with the mail (a receipt, an invoice); kept with the queued row until retention. */
  attachments?: MailAttachment[];
};
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type SmsMessage = { to: string; text: string; meta?: Record<string, unknown> };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export function createMailer(db: Db, log: Logger, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({
          channel: "mail",
          recipient: message.to,
          subject: message.subject,
          bodyText: message.text,
          bodyHtml: message.html ?? null,
          meta: message.meta ?? null,
          attachments: message.attachments?.length
            ? message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                contentBase64: a.content.toString("base64"),
              }))
            : null,
        })
        .returning({ id: outbox.id });
      // Never log bodies: they carry verification and reset links.
      log.info({ outboxId: row?.id, to: maskAddress(message.to), subject: message.subject }, "mail queued");
      if (transport) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        });
      }
    },
  };
}

export function createSmsSender(db: Db, log: Logger): SmsSender {
  return {
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({ channel: "sms", recipient: message.to, bodyText: message.text, meta: message.meta ?? null })
        .returning({ id: outbox.id });
      log.info({ outboxId: row?.id, to: maskAddress(message.to) }, "sms queued");
    },
  };
}

function maskAddress(address: string): string {
  const at = address.indexOf("@");
  if (at > 0) return `${address.slice(0, 2)}***${address.slice(at)}`;
  return `${address.slice(0, 4)}***${address.slice(-2)}`;
}
