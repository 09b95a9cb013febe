/** /af/platform-users: how many people use the platform, who they are, and the 12-month trend. */
import { Baby, MailCheck, Newspaper, UserCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { listTexts, QueryStates } from "../../../components/admin";
import { Container, PageHeader, ProgressBar, Skeleton } from "../../../components/ui";
import { formatNumber } from "../../../lib/format";
import { usePlatformUsers } from "../api";
import { countryName, shortMonth } from "../components/format";
import { TrendChart } from "../components/LazyCharts";
import { Panel } from "../components/Panel";
import { StatCard } from "../components/StatCard";

export default function PlatformUsersPage() {
  const { t, i18n } = useTranslation("backoffice");
  const lang = i18n.language;
  const query = usePlatformUsers();
  const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("platformUsers.title")} subtitle={t("platformUsers.subtitle")} />
      <QueryStates
        query={query}
        texts={listTexts(t)}
        skeleton={
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-32" />
            ))}
            <Skeleton className="h-80 sm:col-span-2 xl:col-span-4" />
          </div>
        }
      >
        {(data) => (
          <div className="flex flex-col gap-6">
            <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
              <StatCard
                label={t("platformUsers.learners")}
                value={formatNumber(data.learners.total, lang)}
                icon={<Users className="size-5" />}
                note={t("platformUsers.ofAll", { count: data.total })}
                to="/af/users?role=1"
              />
              <StatCard
                label={t("platformUsers.active30")}
                value={formatNumber(data.learners.active_30d, lang)}
                icon={<UserCheck className="size-5" />}
                tone="info"
                note={t("platformUsers.percentOfLearners", {
                  percent: share(data.learners.active_30d, data.learners.total),
                })}
              />
              <StatCard
                label={t("platformUsers.children")}
                value={formatNumber(data.learners.children, lang)}
                icon={<Baby className="size-5" />}
                tone="accent"
                note={t("platformUsers.percentOfLearners", {
                  percent: share(data.learners.children, data.learners.total),
                })}
                to="/af/users?child=yes"
              />
              <StatCard
                label={t("platformUsers.verified")}
                value={formatNumber(data.learners.verified_email, lang)}
                icon={<MailCheck className="size-5" />}
                tone="success"
                note={t("platformUsers.percentOfLearners", {
                  percent: share(data.learners.verified_email, data.learners.total),
                })}
              />
            </div>
            <Panel title={t("platformUsers.trend")}>
              <TrendChart
                label={t("platformUsers.trendLabel")}
                data={data.trend}
                x="month"
                formatX={(v) => shortMonth(v, lang)}
                series={[
                  {
                    key: "registrations",
                    label: t("platformUsers.registrations"),
                    colour: "var(--color-primary)",
                  },
                  { key: "active", label: t("platformUsers.active"), colour: "var(--color-accent)" },
                ]}
              />
            </Panel>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
              <Panel title={t("platformUsers.byRole")} className="gap-3">
                <ul className="flex flex-col gap-3">
                  {data.by_role.map((r) => (
                    <li key={r.role_id} className="flex flex-col gap-1 text-sm">
                      <span className="flex justify-between gap-2">
                        <span className="text-fg">{t(`roles.${r.role_id}`)}</span>
                        <span className="font-medium tabular-nums">{formatNumber(r.count, lang)}</span>
                      </span>
                      <ProgressBar value={share(r.count, data.total)} label={t(`roles.${r.role_id}`)} />
                    </li>
                  ))}
                </ul>
              </Panel>
              <Panel title={t("platformUsers.byStatus")} className="gap-3">
                <ul className="divide-y divide-border text-sm">
                  {data.by_status.map((s) => (
                    <li key={s.status} className="flex justify-between gap-2 py-2">
                      <span className="text-fg">{t(`status.${s.status}`)}</span>
                      <span className="font-medium tabular-nums">{formatNumber(s.count, lang)}</span>
                    </li>
                  ))}
                </ul>
                <p className="flex items-center gap-2 text-xs text-fg-muted">
                  <Newspaper aria-hidden="true" className="size-4" />
                  {t("platformUsers.newsletter", { count: data.learners.newsletter })}
                </p>
              </Panel>
              <Panel title={t("platformUsers.countries")} className="gap-3">
                {data.top_countries.length === 0 ? (
                  <p className="text-sm text-fg-muted">{t("platformUsers.noCountries")}</p>
                ) : (
                  <ul className="divide-y divide-border text-sm">
                    {data.top_countries.map((c) => (
                      <li key={c.country} className="flex justify-between gap-2 py-2">
                        <span className="text-fg">{countryName(c.country, lang)}</span>
                        <span className="font-medium tabular-nums">{formatNumber(c.count, lang)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
            </div>
          </div>
        )}
      </QueryStates>
    </Container>
  );
}
