/** /ha/dashboard: administrators by status, groups, requests waiting for a master, recent changes. */
import { ClipboardList, Hourglass, Plus, ShieldCheck, UserPlus, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card, Container, ErrorState, PageHeader, Skeleton } from "../../../components/ui";
import { useSession } from "../../../stores/session";
import { useHaDashboard } from "../api";
import { AuditEntries } from "../components/AuditEntries";
import { RequestCard } from "../components/RequestCard";
import { StatCard } from "../components/StatCard";

export function DashboardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

export default function HaDashboardPage() {
  const { t } = useTranslation("administration");
  const dashboard = useHaDashboard();
  const myId = useSession((s) => s.user?.id ?? null);
  const data = dashboard.data;
  const actions = (
    <>
      <Button asChild variant="secondary">
        <Link to="/ha/permission-groups/create">
          <Plus aria-hidden="true" className="size-4" />
          {t("haDashboard.newGroup")}
        </Link>
      </Button>
      <Button asChild>
        <Link to="/ha/administrator-users/create">
          <UserPlus aria-hidden="true" className="size-4" />
          {t("haDashboard.invite")}
        </Link>
      </Button>
    </>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("haDashboard.title")} subtitle={t("haDashboard.subtitle")} actions={actions} />
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
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <StatCard
              label={t("haDashboard.administrators")}
              value={data.administrators.active + data.administrators.invited + data.administrators.disabled}
              detail={[
                t("haDashboard.activeCount", { count: data.administrators.active }),
                t("haDashboard.invitedCount", { count: data.administrators.invited }),
              ].join(" · ")}
              to="/ha/administrator-users"
              icon={<Users />}
            />
            <StatCard
              label={t("haDashboard.groups")}
              value={data.groups}
              to="/ha/permission-groups"
              detail={t("haDashboard.groupsOpen")}
              icon={<ShieldCheck />}
            />
            <StatCard
              label={t("haDashboard.pending")}
              value={data.pending_requests}
              detail={t("haDashboard.pendingHint")}
              icon={<Hourglass />}
              highlight={data.pending_requests > 0}
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
                  <RequestCard key={request.id} request={request} mode="head" myId={myId} />
                ))
              )}
            </section>
            <section aria-labelledby="audit-title" className="flex min-w-0 flex-col gap-3">
              <div className="flex items-center justify-between gap-2">
                <h2 id="audit-title" className="text-xl font-semibold text-fg">
                  {t("haDashboard.recentAudit")}
                </h2>
                <Button asChild variant="link" size="sm">
                  <Link to="/ha/audit-log">
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
