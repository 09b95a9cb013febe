/** /ha/dashboard: administrators by status, groups, requests waiting for a master, recent changes. */
import { Hourglass, Plus, ShieldCheck, UserPlus, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui";
import { useSession } from "../../../stores/session";
import { useHaDashboard } from "../api";
import { HierarchyDashboard } from "../components/HierarchyDashboard";
import { StatCard } from "../components/StatCard";

export default function HaDashboardPage() {
  const { t } = useTranslation("administration");
  const dashboard = useHaDashboard();
  const myId = useSession((s) => s.user?.id ?? null);
  return (
    <HierarchyDashboard
      title={t("haDashboard.title")}
      subtitle={t("haDashboard.subtitle")}
      actions={
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
      }
      query={dashboard}
      statsClassName="sm:grid-cols-3"
      stats={(data) => (
        <>
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
        </>
      )}
      requestMode="head"
      myId={myId}
      auditLogPath="/ha/audit-log"
    />
  );
}
