/** /ma/dashboard: the overview of the hierarchy, requests to decide and recent changes. */
import { ClipboardList, Gavel, Hourglass, ShieldCheck, UserCog, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card, Container, ErrorState, PageHeader } from "../../../components/ui";
import { useMaDashboard } from "../api";
import { AuditEntries } from "../components/AuditEntries";
import { RequestCard } from "../components/RequestCard";
import { StatCard } from "../components/StatCard";
import { DashboardSkeleton } from "./HaDashboardPage";

export default function MaDashboardPage() {
  const { t } = useTranslation("administration");
  const dashboard = useMaDashboard();
  const data = dashboard.data;
  const total = (c: { active: number; invited: number; disabled: number }) =>
    c.active + c.invited + c.disabled;
  const detail = (c: { active: number; invited: number; disabled: number }) =>
    [
      t("haDashboard.activeCount", { count: c.active }),
      t("haDashboard.invitedCount", { count: c.invited }),
      t("haDashboard.disabledCount", { count: c.disabled }),
    ].join(" · ");
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("maDashboard.title")}
        subtitle={t("maDashboard.subtitle")}
        actions={
          <Button asChild>
            <Link to="/ma/creation-requests">
              <Gavel aria-hidden="true" className="size-4" />
              {t("maDashboard.review")}
            </Link>
          </Button>
        }
      />
      {dashboard.isPending ? (
        <>
          <span className="sr-only" role="status">
            {t("common.loading")}
          </span>
          <DashboardSkeleton />
        </>
      ) : dashboard.isError || !data ? (
        <ErrorState
          message={t("common.loadFailed")}
          retryLabel={t("common.retry")}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              label={t("haDashboard.pending")}
              value={data.pending_requests}
              detail={t("maDashboard.review")}
              to="/ma/creation-requests"
              icon={<Hourglass />}
              highlight={data.pending_requests > 0}
            />
            <StatCard
              label={t("maDashboard.headAdmins")}
              value={total(data.head_administrators)}
              detail={detail(data.head_administrators)}
              to="/ma/ha"
              icon={<UserCog />}
            />
            <StatCard
              label={t("haDashboard.administrators")}
              value={total(data.administrators)}
              detail={detail(data.administrators)}
              icon={<Users />}
            />
            <StatCard
              label={t("maDashboard.decided")}
              value={data.decided_30d.approved + data.decided_30d.rejected}
              detail={t("maDashboard.decidedText", {
                approved: data.decided_30d.approved,
                rejected: data.decided_30d.rejected,
              })}
              icon={<ShieldCheck />}
            />
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <section aria-labelledby="pending-title" className="flex min-w-0 flex-col gap-3">
              <h2 id="pending-title" className="text-xl font-semibold text-fg">
                {t("haDashboard.latestRequests")}
              </h2>
              {data.latest_requests.length === 0 ? (
                <Card className="p-5 text-sm text-fg-muted">{t("haDashboard.noPending")}</Card>
              ) : (
                data.latest_requests.map((request) => (
                  <RequestCard key={request.id} request={request} mode="master" />
                ))
              )}
            </section>
            <section aria-labelledby="audit-title" className="flex min-w-0 flex-col gap-3">
              <div className="flex items-center justify-between gap-2">
                <h2 id="audit-title" className="text-xl font-semibold text-fg">
                  {t("haDashboard.recentAudit")}
                </h2>
                <Button asChild variant="link" size="sm">
                  <Link to="/ma/audit-log">
                    <ClipboardList aria-hidden="true" className="size-4" />
                    {t("common.viewAll")}
                  </Link>
                </Button>
              </div>
              <Card className="p-0">
                <AuditEntries entries={data.recent_audit} />
              </Card>
            </section>
          </div>
        </div>
      )}
    </Container>
  );
}
