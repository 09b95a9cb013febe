/**
 * Privacy (GDPR) desk: a person's requests for a copy of their data, and the routing of ticket
 * subjects to the privacy or refund specialists (docs/privacy.md).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ticketSubjects } from "./support";

/**
 * A request for a copy of one's data. `pending` until the job has built the file, then `ready`
 * (downloadable until `expires_at`), `failed`, or `expired` (file deleted).
 */
export const privacyExports = pgTable(
  "privacy_exports",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `self` (from the profile) or `desk` (made by a privacy manager for a request received elsewhere). */
    via: varchar({ length: 8 }).notNull().default("self"),
    requestedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** For desk requests: where the request came from (a mail, a letter...). */
    reason: text(),
    status: varchar({ length: 10 }).notNull().default("pending"),
    fileKey: text(),
    fileBytes: integer(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    downloadedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("privacy_exports_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    index("privacy_exports_status_idx").on(t.status, t.id.desc().nullsFirst()),
    check("privacy_exports_status_check", sql`${t.status} IN ('pending', 'ready', 'failed', 'expired')`),
    check("privacy_exports_via_check", sql`${t.via} IN ('self', 'desk')`),
  ],
);

/** A ticket subject routed to specialists: its tickets are seen only by holders of the matching flag. */
export const ticketSubjectRoutes = pgTable(
  "ticket_subject_routes",
  {
    subjectId: integer()
      .primaryKey()
      .references(() => ticketSubjects.id, { onDelete: "cascade" }),
    routing: varchar({ length: 10 }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("ticket_subject_routes_routing_check", sql`${t.routing} IN ('privacy', 'refund')`)],
);
