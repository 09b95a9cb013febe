/**
 * A learner's wish list and "notify me" requests on coming-soon titles.
 * A wish-list row leaves when the learner enrols (free, bought, sponsored or granted); a notify-me
 * row is stamped `notified_at` by the job that tells the learner the title is out, in the same
 * transaction as the notice and the mail, so each learner is told once.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { courses } from "./catalog";

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index("wishlist_items_course_idx").on(t.courseId)],
);

export const courseNotifyRequests = pgTable(
  "course_notify_requests",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the learner was told the title is published; null while waiting. */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("course_notify_requests_waiting_idx").on(t.courseId).where(sql`${t.notifiedAt} IS NULL`),
  ],
);
