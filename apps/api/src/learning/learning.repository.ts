/**
 * Learning time and the learning mails' hand-written statements: each a named constant or `sql`
 * builder (their text is snapshotted in learning.repository.test.ts) run by one function here.
 */
import type { LearningMailKind } from "@aprendo/contract";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

const INTO_DAYS = "INSERT INTO learning_days (user_id, day, seconds)";
const ADD_TO_DAY =
  "ON CONFLICT (user_id, day) DO UPDATE SET seconds = learning_days.seconds + EXCLUDED.seconds";

/**
 * Adds seconds to learners' days, inside the statement that earns them, so they are added exactly
 * when that statement's write happens. `rows`: a SELECT of (user id, UTC day, seconds).
 */
export const addToLearningDays = (rows: string) => `${INTO_DAYS}
  ${rows}
  ${ADD_TO_DAY}`;

/**
 * A statement of progress.store.ts's write (its $1 user, $9 now, $12 newly credited seconds):
 * adds them to the day, only when the progress row was written.
 */
export const LEARNED_TODAY =
  addToLearningDays(`SELECT $1, ($9::timestamptz AT TIME ZONE 'UTC')::date, $12::int
  WHERE $12::int > 0 AND EXISTS (SELECT 1 FROM saved)`);

/**
 * A statement of a quiz attempt's grading (attempts.sql.ts; `done` is the graded row, `$param` the
 * attempt's seconds): adds them to the day the attempt started, only when the grade was stored.
 * Grading stores once (the status guard), so an attempt counts once whoever grades it.
 */
export const learnedInAttempt = (param: string) =>
  addToLearningDays(`SELECT done.user_id, (done.started_at AT TIME ZONE 'UTC')::date, ${param}::int
  FROM done WHERE ${param}::int > 0`);

/** `seconds` added to the learner's UTC day holding `at`. */
export const addToDay = (userId: number, at: Date, seconds: number) => sql`${sql.raw(INTO_DAYS)}
    VALUES (${userId}, (${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date, ${seconds})
    ${sql.raw(ADD_TO_DAY)}`;

export async function insertLearningSeconds(db: DbOrTx, userId: number, at: Date, seconds: number) {
  await db.execute(addToDay(userId, at, seconds));
}

/** The learner's days from `fromDay` (included) to `toDay` (excluded), as YYYY-MM-DD and seconds. */
export const learningDaysBetween = (userId: number, fromDay: string, toDay: string) => sql`
    SELECT day::text AS day, seconds FROM learning_days
    WHERE user_id = ${userId} AND day >= ${fromDay}::date AND day < ${toDay}::date`;

export async function selectLearningDays(db: DbOrTx, userId: number, fromDay: string, toDay: string) {
  const { rows } = await db.execute<{ day: string; seconds: number }>(
    learningDaysBetween(userId, fromDay, toDay),
  );
  return rows;
}

/** Someone a learning mail goes to, as the recipient statements answer them. */
export type Recipient = {
  user_id: number;
  email: string;
  first_name: string;
  username: string;
  language_id: number;
  /** Reminder: the period (last learning day) and the days asked for; weekly: the goal. */
  period: string;
  days: number | null;
  goal: number | null;
};

/** Active learners with an address. */
const recipientBase = sql`u.role_id = 1 AND u.status = 'active' AND u.erased_at IS NULL AND u.email IS NOT NULL`;

/**
 * Learners whose inactivity reminder is due on `today` and not yet sent for its period (the last
 * day they learned, or the day they switched the reminder on): `limit` of them after id `after`.
 */
export const dueReminders = (today: string, after: number, limit: number) => sql`
      SELECT * FROM (
        SELECT u.id AS user_id, u.email, u.first_name, u.username, u.language_id, g.reminder_after_days AS days,
          NULL::int AS goal,
          greatest((SELECT max(d.day) FROM learning_days d WHERE d.user_id = u.id),
            (g.reminder_since AT TIME ZONE 'UTC')::date)::text AS period
        FROM learning_goals g JOIN users u ON u.id = g.user_id
        WHERE g.reminder_after_days IS NOT NULL AND ${recipientBase} AND u.id > ${after}
      ) r
      WHERE r.period::date <= ${today}::date - r.days
        AND NOT EXISTS (SELECT 1 FROM learning_mails m
          WHERE m.user_id = r.user_id AND m.kind = 'reminder' AND m.period = r.period::date)
      ORDER BY r.user_id LIMIT ${limit}`;

export async function selectDueReminders(db: DbOrTx, today: string, after: number, limit: number) {
  const { rows } = await db.execute<Recipient>(dueReminders(today, after, limit));
  return rows;
}

/** Learners who asked for the weekly mail and have not had the one of `week` (its Monday). */
export const dueWeeklyMails = (week: string, after: number, limit: number) => sql`
      SELECT u.id AS user_id, u.email, u.first_name, u.username, u.language_id, NULL::int AS days,
        g.weekly_minutes AS goal, ${week}::text AS period
      FROM learning_goals g JOIN users u ON u.id = g.user_id
      WHERE g.weekly_progress_mail AND ${recipientBase} AND u.id > ${after}
        AND NOT EXISTS (SELECT 1 FROM learning_mails m
          WHERE m.user_id = u.id AND m.kind = 'weekly' AND m.period = ${week}::date)
      ORDER BY u.id LIMIT ${limit}`;

export async function selectDueWeeklyMails(db: DbOrTx, week: string, after: number, limit: number) {
  const { rows } = await db.execute<Recipient>(dueWeeklyMails(week, after, limit));
  return rows;
}

/** Claims a learner's mail of a kind and period; nothing when another run claimed it first. */
export const claimMail = (userId: number, kind: LearningMailKind, period: string) => sql`
        INSERT INTO learning_mails (user_id, kind, period) VALUES (${userId}, ${kind}, ${period}::date)
        ON CONFLICT (user_id, kind, period) DO NOTHING RETURNING id`;

/** True when this call claimed the period (the caller then sends the mail in the same transaction). */
export async function claimLearningMail(db: DbOrTx, userId: number, kind: LearningMailKind, period: string) {
  const { rows } = await db.execute(claimMail(userId, kind, period));
  return rows.length > 0;
}
