/**
 * The figures an operator looks at every morning and the platform-users counts.
 * Everything is computed by the database in a few aggregate queries; nothing is cached (the figures
 * must match what the other back-office lists show).
 */
import {
  type DashboardBody,
  type DashboardPeriod,
  type PlatformUsersBody,
  shopLimits,
} from "@aprendo/contract";
import { and, asc, eq, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productBindings, products } from "../../db/schema/index";

const periodDays: Record<DashboardPeriod, number> = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 };

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

/**
 * The one meaning of "active learner" behind every figure (issue 21: the dashboard said 1 while
 * Platform users said 0): a learner account in good standing that signed in or studied a lecture
 * in [from, to). `u` is the alias of the users row being counted.
 */
const activeLearner = (from: Date | SQL, to: Date | SQL) => sql`(u.role_id = 1 AND u.status = 'active' AND (
    (u.last_active_at >= ${from} AND u.last_active_at < ${to})
    OR EXISTS (SELECT 1 FROM lecture_progress p WHERE p.user_id = u.id AND p.last_report_at >= ${from} AND p.last_report_at < ${to})))`;

async function rows<T extends Row>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

const bindingNames: Record<"en" | "es", Record<string, string>> = {
  en: { paperback: "paperback", hardcover: "hardcover", spiral: "spiral-bound" },
  es: { paperback: "tapa blanda", hardcover: "tapa dura", spiral: "encuadernación en espiral" },
};

/**
 * Printed-book bindings of published or draft products at or under the shop's low-stock mark
 * (shopLimits.lowStock), fewest first. Null when the shop's tables are not migrated yet.
 */
async function lowStock(db: Db, language: "en" | "es"): Promise<DashboardBody["low_stock"]> {
  const [installed] = await rows<{ ok: string | null }>(
    db,
    sql`SELECT to_regclass('public.product_bindings') AS ok`,
  );
  if (!installed?.ok) return null;
  const list = await db
    .select({
      id: productBindings.id,
      title: language === "es" ? products.titleEs : products.titleEn,
      binding: productBindings.binding,
      stock: productBindings.stock,
    })
    .from(productBindings)
    .innerJoin(products, eq(products.id, productBindings.productId))
    .where(
      and(
        eq(productBindings.active, true),
        ne(products.status, "archived"),
        lte(productBindings.stock, shopLimits.lowStock),
      ),
    )
    .orderBy(asc(productBindings.stock), asc(products.id))
    .limit(10);
  return list.map((r) => ({
    id: r.id,
    name: `${r.title} (${bindingNames[language][r.binding] ?? r.binding})`,
    stock: r.stock,
    threshold: shopLimits.lowStock,
  }));
}

export async function dashboard(
  db: Db,
  period: DashboardPeriod,
  language: "en" | "es" = "en",
  now = new Date(),
): Promise<DashboardBody> {
  const days = periodDays[period];
  const to = new Date(now);
  const from = new Date(now.getTime() - days * 86_400_000);
  const previousFrom = new Date(from.getTime() - days * 86_400_000);
  const step = days > 90 ? "week" : "day";

  const [figures] = await rows<Row>(
    db,
    sql`SELECT
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
      (SELECT count(*) FROM external_login_issues WHERE status IN ('open', 'in_progress')) AS login_issues`,
  );
  const f = figures ?? {};

  const series = await rows<Row>(
    db,
    sql`WITH buckets AS (
        SELECT generate_series(date_trunc(${step}, ${from}::timestamptz), date_trunc(${step}, ${to}::timestamptz), ${`1 ${step}`}::interval) AS bucket)
      SELECT to_char(b.bucket, 'YYYY-MM-DD') AS date,
        (SELECT count(*) FROM users u WHERE u.role_id = 1 AND u.created_at >= greatest(b.bucket, ${from}::timestamptz)
            AND u.created_at < b.bucket + ${`1 ${step}`}::interval) AS registrations,
        (SELECT count(*) FROM enrolments e WHERE e.created_at >= greatest(b.bucket, ${from}::timestamptz)
            AND e.created_at < b.bucket + ${`1 ${step}`}::interval) AS enrolments,
        (SELECT coalesce(sum(o.total_pence - o.refunded_pence), 0) FROM orders o
            WHERE o.status IN ('paid', 'partially_refunded', 'refunded') AND o.paid_at >= greatest(b.bucket, ${from}::timestamptz)
            AND o.paid_at < b.bucket + ${`1 ${step}`}::interval) AS revenue
      FROM buckets b ORDER BY b.bucket`,
  );

  return {
    period,
    from: from.toISOString(),
    to: to.toISOString(),
    figures: {
      registrations: { value: num(f.registrations), previous: num(f.registrations_previous) },
      active_learners: { value: num(f.active), previous: num(f.active_previous) },
      enrolments: { value: num(f.enrolments), previous: num(f.enrolments_previous) },
      revenue_pence: { value: num(f.revenue), previous: num(f.revenue_previous) },
    },
    tickets: {
      open: num(f.unclaimed) + num(f.in_progress),
      unclaimed: num(f.unclaimed),
      in_progress: num(f.in_progress),
    },
    approvals: { photo: num(f.photo), identity: num(f.identity) },
    login_issues_open: num(f.login_issues),
    low_stock: await lowStock(db, language),
    series: series.map((r) => ({
      date: String(r.date),
      registrations: num(r.registrations),
      enrolments: num(r.enrolments),
      revenue_pence: num(r.revenue),
    })),
  };
}

export async function platformUsers(db: Db, now = new Date()): Promise<PlatformUsersBody> {
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const childBorn = new Date(now);
  childBorn.setUTCFullYear(childBorn.getUTCFullYear() - 13);
  const childDate = childBorn.toISOString().slice(0, 10);
  const [byRole, byStatus, [learners], countries, trend] = await Promise.all([
    rows<Row>(
      db,
      sql`SELECT role_id, count(*) AS count FROM users WHERE status <> 'erased' GROUP BY role_id ORDER BY role_id`,
    ),
    rows<Row>(db, sql`SELECT status, count(*) AS count FROM users GROUP BY status ORDER BY status`),
    rows<Row>(
      db,
      sql`SELECT count(*) AS total,
        count(*) FILTER (WHERE date_of_birth > ${childDate}::date) AS children,
        count(*) FILTER (WHERE email_verified_at IS NOT NULL) AS verified_email,
        count(*) FILTER (WHERE ${activeLearner(monthAgo, now)}) AS active_30d,
        count(*) FILTER (WHERE newsletter_consent) AS newsletter
        FROM users u WHERE role_id = 1 AND status <> 'erased'`,
    ),
    rows<Row>(
      db,
      sql`SELECT p.country, count(*) AS count FROM user_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.country IS NOT NULL AND u.status <> 'erased' GROUP BY p.country ORDER BY count(*) DESC, p.country LIMIT 8`,
    ),
    rows<Row>(
      db,
      sql`WITH months AS (
          SELECT generate_series(date_trunc('month', ${now}::timestamptz) - interval '11 months', date_trunc('month', ${now}::timestamptz), interval '1 month') AS month)
        SELECT to_char(m.month, 'YYYY-MM') AS month,
          (SELECT count(*) FROM users u WHERE u.role_id = 1 AND u.created_at >= m.month AND u.created_at < m.month + interval '1 month') AS registrations,
          (SELECT count(*) FROM users u WHERE ${activeLearner(sql`m.month`, sql`m.month + interval '1 month'`)}) AS active
        FROM months m ORDER BY m.month`,
    ),
  ]);
  return {
    total: byRole.reduce((sum, r) => sum + num(r.count), 0),
    by_role: byRole.map((r) => ({ role_id: num(r.role_id), count: num(r.count) })),
    by_status: byStatus.map((r) => ({ status: String(r.status), count: num(r.count) })),
    learners: {
      total: num(learners?.total),
      children: num(learners?.children),
      verified_email: num(learners?.verified_email),
      active_30d: num(learners?.active_30d),
      newsletter: num(learners?.newsletter),
    },
    top_countries: countries.map((r) => ({ country: String(r.country), count: num(r.count) })),
    trend: trend.map((r) => ({
      month: String(r.month),
      registrations: num(r.registrations),
      active: num(r.active),
    })),
  };
}
