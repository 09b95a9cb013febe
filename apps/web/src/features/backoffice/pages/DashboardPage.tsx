/**
 * /af/dashboard: the figures an operator looks at every morning for a chosen period, compared with
 * the period before, with the daily series as charts and the queues that wait for someone.
 */
import { type DashboardPeriod, dashboardPeriods } from "@aprendo/contract";
import {
  BadgeCheck,
  BookOpenCheck,
  CircleAlert,
  IdCard,
  KeyRound,
  LifeBuoy,
  PackageX,
  PoundSterling,
  UserPlus,
  Users,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { listTexts, QueryStates, useUrlState } from "../../../components/admin";
import { Badge, Card, Container, PageHeader, Select, Skeleton } from "../../../components/ui";
import { formatCompactMoney, formatMoney, formatNumber } from "../../../lib/format";
import { useDashboard } from "../api";
import { changePercent, shortDay } from "../components/format";
import { BarsChart, TrendChart } from "../components/LazyCharts";
import { Panel } from "../components/Panel";
import { StatCard } from "../components/StatCard";

const defaults = { period: "30d" };

function DashboardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Skeleton className="h-80" />
        <Skeleton className="h-80" />
      </div>
    </div>
  );
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation("backoffice");
  const lang = i18n.language;
  const [state, update] = useUrlState(defaults);
  const period = (dashboardPeriods as readonly string[]).includes(state.period)
    ? (state.period as DashboardPeriod)
    : "30d";
  const query = useDashboard(period);

  const change = (value: number, previous: number) => {
    const percent = changePercent(value, previous);
    return {
      change: percent,
      changeLabel:
        percent === null
          ? t("dashboard.noPrevious")
          : t("dashboard.change", { sign: percent > 0 ? "+" : "", percent }),
    };
  };

  const periodSelect = (
    <Select
      aria-label={t("dashboard.period")}
      value={period}
      onChange={(e) => update({ period: e.target.value })}
      options={dashboardPeriods.map((p) => ({ value: p, label: t(`dashboard.periods.${p}`) }))}
      className="sm:w-52"
    />
  );

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} actions={periodSelect} />
      <QueryStates query={query} texts={listTexts(t)} skeleton={<DashboardSkeleton />}>
        {(data) => (
          <div className="flex flex-col gap-6" aria-busy={query.isFetching || undefined}>
            <section aria-labelledby="figures-title">
              <h2 id="figures-title" className="sr-only">
                {t("dashboard.figures")}
              </h2>
              <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
                <StatCard
                  label={t("dashboard.registrations")}
                  value={formatNumber(data.figures.registrations.value, lang)}
                  icon={<UserPlus className="size-5" />}
                  {...change(data.figures.registrations.value, data.figures.registrations.previous)}
                  to="/af/platform-users"
                />
                <StatCard
                  label={t("dashboard.activeLearners")}
                  value={formatNumber(data.figures.active_learners.value, lang)}
                  icon={<Users className="size-5" />}
                  tone="info"
                  {...change(data.figures.active_learners.value, data.figures.active_learners.previous)}
                />
                <StatCard
                  label={t("dashboard.enrolments")}
                  value={formatNumber(data.figures.enrolments.value, lang)}
                  icon={<BookOpenCheck className="size-5" />}
                  tone="accent"
                  {...change(data.figures.enrolments.value, data.figures.enrolments.previous)}
                />
                <StatCard
                  label={t("dashboard.revenue")}
                  value={formatMoney(data.figures.revenue_pence.value, lang)}
                  icon={<PoundSterling className="size-5" />}
                  tone="success"
                  {...change(data.figures.revenue_pence.value, data.figures.revenue_pence.previous)}
                  to="/af/transactions"
                />
              </div>
            </section>

            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <Panel title={t("dashboard.growthChart")}>
                <TrendChart
                  label={t("dashboard.growthChartLabel")}
                  data={data.series}
                  x="date"
                  formatX={(v) => shortDay(v, lang)}
                  series={[
                    {
                      key: "registrations",
                      label: t("dashboard.registrations"),
                      colour: "var(--color-primary)",
                    },
                    { key: "enrolments", label: t("dashboard.enrolments"), colour: "var(--color-accent)" },
                  ]}
                />
              </Panel>
              <Panel title={t("dashboard.revenueChart")}>
                <BarsChart
                  label={t("dashboard.revenueChartLabel")}
                  data={data.series}
                  x="date"
                  formatX={(v) => shortDay(v, lang)}
                  formatY={(v) => formatCompactMoney(v, lang)}
                  minTop={10000}
                  series={[
                    { key: "revenue_pence", label: t("dashboard.revenue"), colour: "var(--color-success)" },
                  ]}
                />
              </Panel>
            </div>

            <section aria-labelledby="queues-title" className="flex flex-col gap-3">
              <h2 id="queues-title" className="text-xl font-semibold text-fg">
                {t("dashboard.waiting")}
              </h2>
              <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
                <StatCard
                  label={t("dashboard.openTickets")}
                  value={formatNumber(data.tickets.open, lang)}
                  icon={<LifeBuoy className="size-5" />}
                  tone="warning"
                  to="/af/tickets"
                  note={t("dashboard.unclaimedOf", { count: data.tickets.unclaimed })}
                />
                <StatCard
                  label={t("dashboard.photoApprovals")}
                  value={formatNumber(data.approvals.photo, lang)}
                  icon={<BadgeCheck className="size-5" />}
                  tone="info"
                  to="/af/pending-approval-requests"
                />
                <StatCard
                  label={t("dashboard.identityApprovals")}
                  value={formatNumber(data.approvals.identity, lang)}
                  icon={<IdCard className="size-5" />}
                  tone="info"
                  to="/af/pending-approval-requests"
                />
                <StatCard
                  label={t("dashboard.loginIssues")}
                  value={formatNumber(data.login_issues_open, lang)}
                  icon={<KeyRound className="size-5" />}
                  tone="danger"
                  to="/af/external-login-issues"
                />
              </div>
            </section>

            {data.low_stock !== null && (
              <Card className="gap-3 p-4">
                <div className="flex items-center gap-2">
                  <PackageX aria-hidden="true" className="size-5 text-warning" />
                  <h2 className="text-base font-semibold text-fg">{t("dashboard.lowStock")}</h2>
                </div>
                {data.low_stock.length === 0 ? (
                  <p className="text-sm text-fg-muted">{t("dashboard.lowStockNone")}</p>
                ) : (
                  <ul className="divide-y divide-border">
                    {data.low_stock.map((item) => (
                      <li key={item.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                        <span className="min-w-0 truncate text-fg">{item.name}</span>
                        <Badge tone={item.stock === 0 ? "danger" : "warning"}>
                          {item.stock === 0
                            ? t("dashboard.outOfStock")
                            : t("dashboard.inStock", { count: item.stock })}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            )}
            {data.tickets.unclaimed > 0 && (
              <p className="flex items-center gap-2 text-sm text-fg-muted">
                <CircleAlert aria-hidden="true" className="size-4 text-warning" />
                <Link to="/af/tickets?filter=unclaimed" className="text-primary hover:underline">
                  {t("dashboard.unclaimedHint", { count: data.tickets.unclaimed })}
                </Link>
              </p>
            )}
          </div>
        )}
      </QueryStates>
    </Container>
  );
}
