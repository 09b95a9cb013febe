/**
 * The frame both hierarchy dashboards share (/ha/dashboard, /ma/dashboard): the header, a row of
 * figures, then the latest creation requests beside the latest audited changes; a skeleton while
 * the figures load and an error with retry when they cannot.
 */
import type { AuditLogItem } from "@aprendo/contract";
import { ClipboardList } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card, Container, ErrorState, PageHeader, Skeleton } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { AuditEntries } from "./AuditEntries";
import { RequestCard } from "./RequestCard";

type RequestCardProps = ComponentProps<typeof RequestCard>;

function DashboardSkeleton() {
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

export function HierarchyDashboard<
  Data extends { latest_requests: RequestCardProps["request"][]; recent_audit: AuditLogItem[] },
>({
  title,
  subtitle,
  actions,
  query,
  statsClassName,
  stats,
  requestMode,
  myId,
  auditLogPath,
}: {
  title: string;
  subtitle: string;
  actions: ReactNode;
  query: { data?: Data; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** The columns of the figures' grid, e.g. "sm:grid-cols-3". */
  statsClassName: string;
  /** The figures (StatCards) of the loaded dashboard. */
  stats: (data: Data) => ReactNode;
  requestMode: RequestCardProps["mode"];
  myId?: number | null;
  /** The full audit log of this area ("View all"). */
  auditLogPath: string;
}) {
  const { t } = useTranslation("administration");
  const data = query.data;
  let body: ReactNode;
  if (query.isPending)
    body = (
      <>
        <span className="sr-only" role="status">
          {t("common.loading")}
        </span>
        <DashboardSkeleton />
      </>
    );
  else if (query.isError || !data)
    body = (
      <ErrorState
        message={t("common.loadFailed")}
        retryLabel={t("common.retry")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else
    body = (
      <div className="flex flex-col gap-6">
        <div className={cn("grid grid-cols-1 gap-4", statsClassName)}>{stats(data)}</div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <section aria-labelledby="pending-title" className="flex min-w-0 flex-col gap-3">
            <h2 id="pending-title" className="text-xl font-semibold text-fg">
              {t("haDashboard.latestRequests")}
            </h2>
            {data.latest_requests.length === 0 ? (
              <Card className="p-5 text-sm text-fg-muted">{t("haDashboard.noPending")}</Card>
            ) : (
              data.latest_requests.map((request) => (
                <RequestCard key={request.id} request={request} mode={requestMode} myId={myId} />
              ))
            )}
          </section>
          <section aria-labelledby="audit-title" className="flex min-w-0 flex-col gap-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="audit-title" className="text-xl font-semibold text-fg">
                {t("haDashboard.recentAudit")}
              </h2>
              <Button asChild variant="link" size="sm">
                <Link to={auditLogPath}>
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
    );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {body}
    </Container>
  );
}
