/**
 * The helpdesk's staff-only tables (docs/support.md): internal notes on a ticket,
 * which no requester endpoint ever reads, and canned replies per language.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { tickets } from "./support";

export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: serial().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** The administrator who wrote it; null once that account is erased. */
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ticket_notes_ticket_idx").on(t.ticketId, t.id),
    check("ticket_notes_body_check", sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);

export const cannedReplies = pgTable(
  "canned_replies",
  {
    id: serial().primaryKey(),
    /** 1 English, 2 Spanish (languages table of the contract). */
    languageId: smallint().notNull(),
    title: varchar({ length: 80 }).notNull(),
    body: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("canned_replies_language_idx").on(t.languageId, t.title),
    check("canned_replies_body_check", sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);
