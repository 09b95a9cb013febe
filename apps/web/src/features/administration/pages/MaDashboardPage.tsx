/** /ma/dashboard: the overview of the hierarchy, requests to decide and recent changes. */
import { Gavel, Hourglass, ShieldCheck, UserCog, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui";
import { useMaDashboard } from "../api";
import { HierarchyDashboard } from "../components/HierarchyDashboard";
import { StatCard } from "../components/StatCard";

type Counts = { active: number; invited: number; disabled: number };

export default function MaDashboardPage() {
  const { t } = useTranslation("administration");
  const dashboard = useMaDashboard();
  const total = (c: Counts) => c.active + c.invited + c.disabled;
  const detail = (c: Counts) =>
    [
      t("haDashboard.activeCount", { count: c.active }),
      t("haDashboard.invitedCount", { count: c.invited }),
      t("haDashboard.disabledCount", { count: c.disabled }),
    ].join(" · ");
  return (
    <HierarchyDashboard
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
      query={dashboard}
      statsClassName="sm:grid-cols-2 xl:grid-cols-4"
      stats={(data) => (
        <>
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
        </>
      )}
      requestMode="master"
      auditLogPath="/ma/audit-log"
    />
  );
}
