/**
 * /ha/administrator-users/{id}: an administrator's groups (removals at once, additions for
 * approval), effective permissions, requests waiting, the changes made to them; disable, enable
 * and a new invitation while it has not been accepted.
 */
import { ArrowLeft, Mail, Power, PowerOff, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { editId } from "../../../components/admin";
import {
  Avatar,
  Banner,
  Button,
  Card,
  ConfirmDialog,
  Container,
  EmptyState,
  ErrorState,
  PageHeader,
  Skeleton,
} from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { reportUnexpected } from "../../../lib/report-error";
import { showError, showInfo, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { useAccountAction, useAdministrator, useAuditLog, useSetAdministratorGroups } from "../api";
import { AuditDiff } from "../components/AuditDiff";
import { AuditEntries } from "../components/AuditEntries";
import { FlagList, PagesOpened } from "../components/FlagList";
import { GroupChooser } from "../components/GroupChooser";
import { RequestCard } from "../components/RequestCard";
import { StatusBadge } from "../components/StatusBadge";

function History({ id }: { id: number }) {
  const { t } = useTranslation("administration");
  const log = useAuditLog("ha", {
    actor: "",
    action: "",
    entity: "user",
    entity_id: String(id),
    from: "",
    to: "",
    page: 1,
  });
  const entries = log.data?.data ?? [];
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-xl font-semibold text-fg">
        {t("adminDetail.history")}
      </h2>
      <Card className="p-0">
        {log.isPending ? (
          <Skeleton className="m-5 h-20" />
        ) : (
          <>
            <AuditEntries entries={entries.slice(0, 5)} />
            {entries[0] && (
              <div className="border-t border-border p-5">
                <AuditDiff entry={entries[0]} />
              </div>
            )}
          </>
        )}
      </Card>
    </section>
  );
}

export default function AdministratorPage() {
  const { t } = useTranslation("administration");
  const id = editId(useParams().id) ?? -1;
  const myId = useSession((s) => s.user?.id ?? null);
  const record = useAdministrator(id);
  const setGroups = useSetAdministratorGroups(id);
  const action = useAccountAction("ha");
  const admin = record.data;
  const [groups, setGroupIds] = useState<number[]>([]);
  useEffect(() => {
    if (admin) setGroupIds(admin.groups.map((g) => g.id));
  }, [admin]);

  const back = (
    <Link
      to="/ha/administrator-users"
      className="inline-flex items-center gap-1.5 rounded-sm hover:text-fg focus-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("admins.title")}
    </Link>
  );

  if (record.isPending)
    return (
      <Container className="py-6 sm:py-8">
        <span className="sr-only" role="status">
          {t("common.loading")}
        </span>
        <Skeleton className="mb-6 h-16 w-72" />
        <Skeleton className="h-64" />
      </Container>
    );
  if (record.isError || !admin) {
    const missing = record.error instanceof ApiError && [404, 422].includes(record.error.status);
    return (
      <Container className="py-6 sm:py-8">
        <PageHeader above={back} title={t("admins.title")} />
        {missing ? (
          <EmptyState icon={<SearchX />} title={t("common.notFound")} />
        ) : (
          <ErrorState
            message={t("common.loadFailed")}
            retryLabel={t("common.retry")}
            onRetry={() => void record.refetch()}
            retrying={record.isFetching}
          />
        )}
      </Container>
    );
  }

  const pendingGroupIds = admin.pending_requests.flatMap((r) => r.groups.map((g) => g.id));
  const current = admin.groups.map((g) => g.id).sort((a, b) => a - b);
  const dirty = JSON.stringify([...groups].sort((a, b) => a - b)) !== JSON.stringify(current);
  const run = async (kind: "disable" | "enable" | "invitation") => {
    try {
      showSuccess((await action.mutateAsync({ id, action: kind })).message);
    } catch (error) {
      showError(error);
      throw error;
    }
  };

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        above={back}
        title={
          <span className="flex items-center gap-3">
            <Avatar name={admin.name} decorative />
            <span className="min-w-0 break-words">{admin.name}</span>
          </span>
        }
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <span>@{admin.username}</span>
            <span aria-hidden="true">·</span>
            <span className="break-all">{admin.email}</span>
            <StatusBadge status={admin.status} />
          </span>
        }
        actions={
          <>
            {admin.status === "invited" && (
              <Button
                variant="secondary"
                loading={action.isPending}
                onClick={() => void run("invitation").catch(reportUnexpected("resending an invitation"))}
              >
                <Mail aria-hidden="true" className="size-4" />
                {t("adminDetail.resend")}
              </Button>
            )}
            {admin.status === "disabled" ? (
              <ConfirmDialog
                tone="primary"
                trigger={
                  <Button variant="secondary">
                    <Power aria-hidden="true" className="size-4" />
                    {t("adminDetail.enable")}
                  </Button>
                }
                title={t("adminDetail.enableTitle")}
                description={t("adminDetail.enableText")}
                confirmLabel={t("adminDetail.enable")}
                cancelLabel={t("common.cancel")}
                onConfirm={() => run("enable")}
              />
            ) : (
              admin.id !== myId && (
                <ConfirmDialog
                  trigger={
                    <Button variant="danger">
                      <PowerOff aria-hidden="true" className="size-4" />
                      {t("adminDetail.disable")}
                    </Button>
                  }
                  title={t("adminDetail.disableTitle")}
                  description={t("adminDetail.disableText")}
                  confirmLabel={t("adminDetail.disable")}
                  cancelLabel={t("common.cancel")}
                  onConfirm={() => run("disable")}
                />
              )
            )}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        {admin.status === "invited" && <Banner tone="info">{t("adminDetail.invitedBanner")}</Banner>}
        {admin.status === "disabled" && <Banner tone="warning">{t("adminDetail.disabledBanner")}</Banner>}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card className="gap-4 p-5 sm:p-6">
            <GroupChooser
              value={groups}
              onChange={setGroupIds}
              pending={pendingGroupIds}
              legend={t("adminDetail.groups")}
              hint={t("adminDetail.groupsHint")}
            />
            <div className="flex justify-end">
              <Button
                disabled={!dirty}
                loading={setGroups.isPending}
                data-testid="save-groups"
                onClick={async () => {
                  try {
                    const answer = await setGroups.mutateAsync(groups);
                    if (answer.request_id) showInfo(answer.message);
                    else showSuccess(answer.message);
                  } catch (error) {
                    showError(error);
                  }
                }}
              >
                {t("adminDetail.saveGroups")}
              </Button>
            </div>
          </Card>
          <Card className="gap-4 p-5 sm:p-6">
            <div className="flex flex-col gap-1">
              <h2 className="text-base font-semibold text-fg">{t("adminDetail.permissions")}</h2>
              <p className="text-sm text-fg-muted">{t("adminDetail.permissionsHint")}</p>
            </div>
            <FlagList ids={admin.permissions} tone="success" empty={t("adminDetail.noPermissions")} />
            <PagesOpened ids={admin.permissions} />
          </Card>
        </div>
        {admin.pending_requests.length > 0 && (
          <section aria-labelledby="pending-title" className="flex flex-col gap-3">
            <h2 id="pending-title" className="text-xl font-semibold text-fg">
              {t("adminDetail.pending")}
            </h2>
            {admin.pending_requests.map((request) => (
              <RequestCard key={request.id} request={request} mode="head" myId={myId} />
            ))}
          </section>
        )}
        <History id={admin.id} />
      </div>
    </Container>
  );
}
