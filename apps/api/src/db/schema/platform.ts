/** Platform-wide data: locales, remote configuration entries, the mail/SMS outbox. */
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";

export const locales = pgTable("locales", {
  id: smallint().primaryKey(),
  name: varchar({ length: 40 }).notNull(),
  code: varchar({ length: 5 }).notNull().unique(),
});

/** Remote configuration (spec section 3): e.g. `promo_bar` with status 1 = enabled and its value. */
export const configurations = pgTable("configurations", {
  id: serial().primaryKey(),
  key: varchar({ length: 80 }).notNull().unique(),
  description: text().notNull().default(""),
  status: smallint().notNull().default(0),
  value: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  isPublic: smallint().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A file sent with a mail, named by what renders it at delivery (mail/attachments.ts): a receipt is
 * a few kilobytes of PDF and costs tens of milliseconds to draw, so the row keeps the recipe, never
 * the bytes. `contentBase64` is only on rows queued before that, until they are sent or erased.
 */
export type OutboxAttachment = {
  filename: string;
  contentType: string;
  source?: AttachmentSource;
  contentBase64?: string;
};
/** What renders an attachment (`kind`, registered at start) and the ids it renders from. */
export type AttachmentSource = { kind: string } & Record<string, string | number>;

/** Every mail and SMS the platform sends, kept for the development outbox and for audit. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    channel: varchar({ length: 5 }).notNull(),
    recipient: varchar({ length: 254 }).notNull(),
    subject: text().notNull().default(""),
    bodyText: text().notNull(),
    bodyHtml: text(),
    meta: jsonb().$type<Record<string, unknown>>(),
    /** Files sent with a mail (receipts), as what renders them at delivery; erased with the body by retention. */
    attachments: jsonb().$type<OutboxAttachment[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    /**
     * Delivery by the `messaging.deliver` job: queued → sent, or failed after the last retry (reason in
     * last_error). Rows older than this column were sent inside the request, hence the 'sent' default.
     */
    status: varchar({ length: 8 }).notNull().default("sent"),
    attempts: integer().notNull().default(0),
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Which driver delivered it: smtp, twilio, outbox (demo: the row itself is the delivery). */
    driver: varchar({ length: 10 }),
  },
  (t) => [
    index("outbox_recipient_idx").on(t.recipient, t.createdAt),
    // The retention job (mail/outbox-retention.ts) finds the rows that still hold a body: the recent ones.
    index("outbox_with_body_idx").on(t.createdAt).where(sql`${t.bodyText} <> ''`),
    // The administrators' delivery view and the backlog count read the rows not yet sent.
    index("outbox_undelivered_idx").on(t.status, t.id).where(sql`${t.status} <> 'sent'`),
    check("outbox_channel_check", sql`${t.channel} IN ('mail', 'sms')`),
    check("outbox_status_check", sql`${t.status} IN ('queued', 'sent', 'failed')`),
  ],
);
