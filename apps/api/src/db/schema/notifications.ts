/** Notifications to one user (five types of spec section 3) and the global notifications behind type 2. */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** Texts are kept in both languages so a reader who switches language reads them in the new one. */
export type LocalizedText = { en: string; es: string };
export type NotificationAction = { redirect?: { id?: number; courseId?: number; lessonId?: number } };
/**
 * A title the description quotes ("… Buenos días …"), in both languages with the language it is
 * taught in, so the reader's description marks it with its own `lang` (WCAG 3.1.2).
 */
export type NotificationQuote = { en: string; es: string; taught?: "en" | "es" };

export const globalNotifications = pgTable("global_notifications", {
  id: serial().primaryKey(),
  title: jsonb().$type<LocalizedText>().notNull(),
  description: jsonb().$type<LocalizedText>().notNull(),
  showAsModal: boolean().notNull().default(false),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  publishedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const notifications = pgTable(
  "notifications",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: smallint().notNull(),
    title: jsonb().$type<LocalizedText>().notNull(),
    description: jsonb().$type<LocalizedText>().notNull(),
    action: jsonb().$type<NotificationAction>().notNull().default({}),
    quote: jsonb().$type<NotificationQuote>(),
    globalNotificationId: integer().references(() => globalNotifications.id, { onDelete: "cascade" }),
    readAt: timestamp({ withTimezone: true }),
    modalReadAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.id.desc().nullsFirst()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
    // The global-notification modal still to show a user: without it, "newest first, limit 1" walks
    // the whole table backwards by id (measured: 650 ms with a million rows).
    index("notifications_user_modal_idx")
      .on(t.userId, t.id.desc().nullsFirst())
      .where(sql`${t.readAt} IS NULL AND ${t.modalReadAt} IS NULL AND ${t.globalNotificationId} IS NOT NULL`),
    check("notifications_type_check", sql`${t.type} BETWEEN 1 AND 5`),
  ],
);
