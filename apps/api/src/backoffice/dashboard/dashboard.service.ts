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
import { and, asc, eq, lte, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productBindings, products } from "../../db/schema/index";
import {
  learnerFigures,
  monthlyTrend,
  periodFigures,
  periodSeries,
  rows,
  shopTablesInstalled,
  topCountries,
  usersByRole,
  usersByStatus,
} from "./dashboard.repository";

const periodDays: Record<DashboardPeriod, number> = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 };

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

const bindingNames: Record<"en" | "es", Record<string, string>> = {
  en: { paperback: "paperback", hardcover: "hardcover", spiral: "spiral-bound" },
  es: { paperback: "tapa blanda", hardcover: "tapa dura", spiral: "encuadernación en espiral" },
};

/**
 * Printed-book bindings of published or draft products at or under the shop's low-stock mark
 * (shopLimits.lowStock), fewest first. Null when the shop's tables are not migrated yet.
 */
async function lowStock(db: Db, language: "en" | "es"): Promise<DashboardBody["low_stock"]> {
  const [installed] = await rows<{ ok: string | null }>(db, shopTablesInstalled);
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

  const [figures] = await rows<Row>(db, periodFigures(from, to, previousFrom));
  const f = figures ?? {};

  const series = await rows<Row>(db, periodSeries(from, to, step));

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
    rows<Row>(db, usersByRole),
    rows<Row>(db, usersByStatus),
    rows<Row>(db, learnerFigures(childDate, monthAgo, now)),
    rows<Row>(db, topCountries),
    rows<Row>(db, monthlyTrend(now)),
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
