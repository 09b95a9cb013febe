/**
 * The dashboard's and platform users' aggregate statements: each a named `sql` builder (their text
 * is snapshotted in dashboard.repository.test.ts), run by `rows`.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

type Row = Record<string, unknown>;

export async function rows<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/**
 * The one meaning of "active learner" behind every figure (the dashboard and Platform users must
 * agree): a learner account in good standing that signed in or studied a lecture in [from, to).
 * `u` is the alias of the users row being counted.
 */
const activeLearner = (from: Date | SQL, to: Date | SQL) => sql`(u.role_id = 1 AND u.status = 'active' AND (
    (u.last_active_at >= ${from} AND u.last_active_at < ${to})
    OR EXISTS (SELECT 1 FROM lecture_progress p WHERE p.user_id = u.id AND p.last_report_at >= ${from} AND p.last_report_at < ${to})))`;

/** Whether the shop's tables are migrated (`ok` null when not). */
export const shopTablesInstalled = sql`SELECT to_regclass('public.product_bindings') AS ok`;

/** The period's figures beside the period before, and what waits for an operator now. */
export const periodFigures = (from: Date, to: Date, previousFrom: Date) => sql`SELECT
      (SELECT count(*) FROM users WHERE role_id = 1 AND created_at >= ${from} AND created_at < ${to}) AS registrations,
      (SELECT count(*) FROM users WHERE role_id = 1 AND created_at >= ${previousFrom} AND created_at < ${from}) AS registrations_previous,
      (SELECT count(*) FROM users u WHERE ${activeLearner(from, to)}) AS active,
      (SELECT count(*) FROM users u WHERE ${activeLearner(previousFrom, from)}) AS active_previous,
      (SELECT count(*) FROM enrolments WHERE created_at >= ${from} AND created_at < ${to}) AS enrolments,
      (SELECT count(*) FROM enrolments WHERE created_at >= ${previousFrom} AND created_at < ${from}) AS enrolments_previous,
      (SELECT coalesce(sum(total_pence - refunded_pence), 0) FROM orders
          WHERE status IN ('paid', 'partially_refunded', 'refunded') AND paid_at >= ${from} AND paid_at < ${to}) AS revenue,
      (SELECT coalesce(sum(total_pence - refunded_pence), 0) FROM orders
          WHERE status IN ('paid', 'partially_refunded', 'refunded') AND paid_at >= ${previousFrom} AND paid_at < ${from}) AS revenue_previous,
      (SELECT count(*) FROM tickets WHERE status = 'unclaimed') AS unclaimed,
      (SELECT count(*) FROM tickets WHERE status = 'in_progress') AS in_progress,
      (SELECT count(*) FROM user_profiles WHERE photo_status = 'processing') AS photo,
      (SELECT count(*) FROM user_profiles WHERE identity_status = 'processing') AS identity,
      (SELECT count(*) FROM external_login_issues WHERE status IN ('open', 'in_progress')) AS login_issues`;

/** Registrations, enrolments and revenue per day (or week) of the period. */
export const periodSeries = (from: Date, to: Date, step: "day" | "week") => sql`WITH buckets AS (
        SELECT generate_series(date_trunc(${step}, ${from}::timestamptz), date_trunc(${step}, ${to}::timestamptz), ${`1 ${step}`}::interval) AS bucket)
      SELECT to_char(b.bucket, 'YYYY-MM-DD') AS date,
        (SELECT count(*) FROM users u WHERE u.role_id = 1 AND u.created_at >= greatest(b.bucket, ${from}::timestamptz)
            AND u.created_at < b.bucket + ${`1 ${step}`}::interval) AS registrations,
        (SELECT count(*) FROM enrolments e WHERE e.created_at >= greatest(b.bucket, ${from}::timestamptz)
            AND e.created_at < b.bucket + ${`1 ${step}`}::interval) AS enrolments,
        (SELECT coalesce(sum(o.total_pence - o.refunded_pence), 0) FROM orders o
            WHERE o.status IN ('paid', 'partially_refunded', 'refunded') AND o.paid_at >= greatest(b.bucket, ${from}::timestamptz)
            AND o.paid_at < b.bucket + ${`1 ${step}`}::interval) AS revenue
      FROM buckets b ORDER BY b.bucket`;

export const usersByRole = sql`SELECT role_id, count(*) AS count FROM users WHERE status <> 'erased' GROUP BY role_id ORDER BY role_id`;

export const usersByStatus = sql`SELECT status, count(*) AS count FROM users GROUP BY status ORDER BY status`;

/** Learners (not erased): all, children (born after `childDate`), verified, active since `monthAgo`, newsletter. */
export const learnerFigures = (childDate: string, monthAgo: Date, now: Date) => sql`SELECT count(*) AS total,
        count(*) FILTER (WHERE date_of_birth > ${childDate}::date) AS children,
        count(*) FILTER (WHERE email_verified_at IS NOT NULL) AS verified_email,
        count(*) FILTER (WHERE ${activeLearner(monthAgo, now)}) AS active_30d,
        count(*) FILTER (WHERE newsletter_consent) AS newsletter
        FROM users u WHERE role_id = 1 AND status <> 'erased'`;

export const topCountries = sql`SELECT p.country, count(*) AS count FROM user_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.country IS NOT NULL AND u.status <> 'erased' GROUP BY p.country ORDER BY count(*) DESC, p.country LIMIT 8`;

/** Registrations and active learners per month, the twelve months up to `now`. */
export const monthlyTrend = (now: Date) => sql`WITH months AS (
          SELECT generate_series(date_trunc('month', ${now}::timestamptz) - interval '11 months', date_trunc('month', ${now}::timestamptz), interval '1 month') AS month)
        SELECT to_char(m.month, 'YYYY-MM') AS month,
          (SELECT count(*) FROM users u WHERE u.role_id = 1 AND u.created_at >= m.month AND u.created_at < m.month + interval '1 month') AS registrations,
          (SELECT count(*) FROM users u WHERE ${activeLearner(sql`m.month`, sql`m.month + interval '1 month'`)}) AS active
        FROM months m ORDER BY m.month`;
