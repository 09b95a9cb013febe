/**
 * Learning time, weekly goals and the reminder and progress mails.
 * Days are UTC calendar days and weeks ISO weeks (Monday to Sunday, UTC): accounts carry no time
 * zone, and one clock for every learner keeps "this week" the same on every node.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Seconds learned per learner per UTC day: the video seconds a progress report newly covered (a
 * second watched again or skipped adds nothing), added in the report's own statement.
 */
export const learningDays = pgTable(
  "learning_days",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    seconds: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check("learning_days_seconds_check", sql`${t.seconds} >= 0`),
  ],
);

/** A learner's weekly goal and their opt-ins to the reminder and progress mails; one row per learner. */
export const learningGoals = pgTable(
  "learning_goals",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Minutes per week; null: no goal set. */
    weeklyMinutes: integer(),
    /** Remind after this many days without learning; null: no reminder (opt-in). */
    reminderAfterDays: smallint(),
    /** A mail each Monday with the week before's minutes, streak and next lecture (opt-in). */
    weeklyProgressMail: boolean().notNull().default(false),
    /** When the reminder was switched on: a learner who never learned is counted inactive from here. */
    reminderSince: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("learning_goals_reminder_idx").on(t.userId).where(sql`${t.reminderAfterDays} IS NOT NULL`),
    index("learning_goals_weekly_idx").on(t.userId).where(sql`${t.weeklyProgressMail}`),
  ],
);

/**
 * Each reminder or progress mail sent: `period` is the inactive stretch's last learning day
 * (reminder) or the week's Monday (weekly). The unique key makes a job that runs twice (two nodes,
 * a retry) mail a learner at most once per period: the row is written with the mail, in one transaction.
 */
export const learningMails = pgTable(
  "learning_mails",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar({ length: 10 }).notNull(),
    period: date({ mode: "string" }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("learning_mails_period_unique").on(t.userId, t.kind, t.period),
    check("learning_mails_kind_check", sql`${t.kind} IN ('reminder', 'weekly')`),
  ],
);
