/**
 * /af/privacy-requests (isGDPRManager): accounts pending deletion (erase now or cancel), copies of
 * personal data (see, download, prepare one on request) and, for isTicketGDPRManager holders, the
 * open privacy tickets. Every action is audited by the API.
 */
import type { PrivacyExportStatus } from "@aprendo/contract";
import { Download, FileJson, Plus, ShieldCheck, Trash2, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AdminTable, listTexts, SearchInput, urlSort, useUrlState } from "../../../components/admin";
import {
  Badge,
  type BadgeTone,
  Button,
  Container,
  Dialog,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Select,
  TableCell,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
} from "../../../components/ui";
import { dateLanguage, formatDate, formatDateTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import {
  downloadFile,
  useDeletionAction,
  useDeletions,
  useDeskExport,
  useExports,
  usePrivacyTickets,
} from "../api";
import { deskPaging } from "../components/Pager";
import { ReasonDialog } from "../components/ReasonDialog";

const statusTone: Record<PrivacyExportStatus, BadgeTone> = {
  pending: "info",
  ready: "success",
  failed: "danger",
  expired: "neutral",
};

type Deletion = { id: number; username: string };
type Run = (id: number, action: "erase" | "cancel", reason: string) => Promise<void>;

function DeletionActions({ row, run }: { row: Deletion; run: Run }) {
  const { t } = useTranslation("privacy");
  return (
    <span className="inline-flex flex-wrap justify-end gap-1">
      <ReasonDialog
        trigger={
          <Button size="sm" variant="secondary">
            <Undo2 aria-hidden="true" className="size-4" />
            {t("desk.deletions.cancel")}
          </Button>
        }
        tone="primary"
        title={t("desk.deletions.cancelTitle", { username: row.username })}
        description={t("desk.deletions.cancelText")}
        confirmLabel={t("desk.deletions.cancel")}
        onConfirm={(reason) => run(row.id, "cancel", reason)}
      />
      <ReasonDialog
        trigger={
          <Button size="sm" variant="danger">
            <Trash2 aria-hidden="true" className="size-4" />
            {t("desk.deletions.erase")}
          </Button>
        }
        title={t("desk.deletions.eraseTitle", { username: row.username })}
        description={t("desk.deletions.eraseText")}
        confirmLabel={t("desk.deletions.erase")}
        onConfirm={(reason) => run(row.id, "erase", reason)}
      />
    </span>
  );
}

function Deletions() {
  const { t, i18n } = useTranslation("privacy");
  const lang = dateLanguage(i18n.language);
  const [state, update] = useUrlState({ q: "", dpage: "1" });
  const page = Math.max(1, Number(state.dpage) || 1);
  const list = useDeletions(state.q, page);
  const act = useDeletionAction();
  const rows = list.data?.data ?? [];
  const run = async (id: number, action: "erase" | "cancel", reason: string) => {
    try {
      showSuccess((await act.mutateAsync({ id, action, reason })).message);
    } catch (error) {
      showError(error);
      throw error;
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <SearchInput
        value={state.q}
        onSearch={(q) => update({ q, dpage: "1" })}
        label={t("desk.search")}
        placeholder={t("desk.search")}
        className="sm:max-w-sm"
      />
      <AdminTable
        caption={t("desk.tabs.deletions")}
        query={list}
        rows={rows}
        texts={{ ...listTexts(t), actions: t("desk.deletions.erase") }}
        empty={
          <EmptyState
            icon={<ShieldCheck />}
            title={t("desk.deletions.empty")}
            text={t("desk.deletions.emptyText")}
          />
        }
        cardsBelow="md"
        cardClassName="flex flex-col gap-2"
        card={(row) => (
          <>
            <span className="font-medium break-all">{row.username}</span>
            <span className="text-xs text-fg-muted break-all">{row.email ?? row.name}</span>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-fg-muted">{t("desk.deletions.requested")}</dt>
                <dd>{formatDate(row.requested_at, lang)}</dd>
              </div>
              <div>
                <dt className="text-xs text-fg-muted">{t("desk.deletions.eraseAfter")}</dt>
                <dd>{formatDate(row.erase_after, lang)}</dd>
              </div>
            </dl>
            {row.feedback && <p className="text-sm text-fg-muted">{row.feedback}</p>}
            <DeletionActions row={row} run={run} />
          </>
        )}
        columns={[
          { header: t("desk.deletions.account") },
          { header: t("desk.deletions.requested") },
          { header: t("desk.deletions.eraseAfter") },
          { header: t("desk.deletions.feedback") },
        ]}
        cells={(row) => (
          <>
            <TableCell>
              <span className="block font-medium">{row.username}</span>
              <span className="block text-xs text-fg-muted">{row.email ?? row.name}</span>
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(row.requested_at, lang)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(row.erase_after, lang)}</TableCell>
            <TableCell className="max-w-xs text-fg-muted">
              <span className="line-clamp-2">{row.feedback ?? "—"}</span>
            </TableCell>
          </>
        )}
        rowActions={(row) => <DeletionActions row={row} run={run} />}
        paging={deskPaging(t, page, list.data?.total ?? 0, (p) => update({ dpage: String(p) }))}
      />
    </div>
  );
}

function NewExport() {
  const { t } = useTranslation("privacy");
  const [open, setOpen] = useState(false);
  const [login, setLogin] = useState("");
  const [reason, setReason] = useState("");
  const [loginError, setLoginError] = useState<string | undefined>();
  const make = useDeskExport();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setLoginError(undefined);
    try {
      showSuccess((await make.mutateAsync({ login: login.trim(), reason: reason.trim() })).message);
      setOpen(false);
      setLogin("");
      setReason("");
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors?.login?.[0] : undefined;
      if (field) setLoginError(field);
      else showError(error);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <Plus aria-hidden="true" className="size-4" />
          {t("desk.exports.new")}
        </Button>
      }
      title={t("desk.exports.newTitle")}
      description={t("desk.exports.newText")}
      closeLabel={t("close")}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
        <Field label={t("desk.exports.login")} error={loginError} required>
          <Input
            value={login}
            maxLength={254}
            onChange={(e) => setLogin(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <Field label={t("desk.exports.reason")} hint={t("desk.deletions.reasonHint")} required>
          <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button
            type="submit"
            loading={make.isPending}
            disabled={login.trim().length === 0 || reason.trim().length < 3}
          >
            {t("desk.exports.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Exports() {
  const { t, i18n } = useTranslation("privacy");
  const lang = dateLanguage(i18n.language);
  const [state, update] = useUrlState({ status: "", epage: "1", sort: "" });
  const page = Math.max(1, Number(state.epage) || 1);
  const list = useExports(state.status, state.sort, page);
  // This tab pages with its own `epage`: a new order starts again from its first page.
  const sort = urlSort(state, (patch) => update({ ...patch, epage: "1" }));
  const rows = list.data?.data ?? [];
  const statuses: PrivacyExportStatus[] = ["pending", "ready", "failed", "expired"];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Field label={t("desk.exports.status")} className="sm:w-56">
          <Select
            value={state.status}
            onChange={(e) => update({ status: e.target.value, epage: "1" })}
            options={[
              { value: "", label: t("desk.exports.all") },
              ...statuses.map((s) => ({ value: s, label: t(`desk.status.${s}`) })),
            ]}
          />
        </Field>
        <NewExport />
      </div>
      <AdminTable
        caption={t("desk.tabs.exports")}
        query={list}
        sort={sort}
        rows={rows}
        texts={{ ...listTexts(t), actions: t("desk.exports.download") }}
        empty={
          <EmptyState
            icon={<FileJson />}
            title={t("desk.exports.empty")}
            text={t("desk.exports.emptyText")}
          />
        }
        columns={[
          { header: t("desk.exports.learner"), sortKey: "learner" },
          { header: t("desk.exports.via"), className: "max-md:hidden", sortKey: "via" },
          { header: t("desk.exports.created"), className: "max-md:hidden", sortKey: "created_at" },
          { header: t("desk.exports.status"), sortKey: "status" },
          { header: t("desk.exports.expires"), className: "max-md:hidden", sortKey: "expires_at" },
        ]}
        cells={(row) => (
          <>
            <TableCell>
              <span className="block font-medium">{row.user.username}</span>
              <span className="block text-xs text-fg-muted">{row.user.email ?? ""}</span>
            </TableCell>
            <TableCell className="max-md:hidden">
              {row.via === "self"
                ? t("desk.exports.viaSelf")
                : t("desk.exports.viaDesk", { name: row.requested_by ?? "—" })}
              {row.reason && <span className="block text-xs text-fg-muted">{row.reason}</span>}
            </TableCell>
            <TableCell className="whitespace-nowrap max-md:hidden">
              {formatDateTime(row.created_at, lang)}
            </TableCell>
            <TableCell>
              <Badge tone={statusTone[row.status]}>{t(`desk.status.${row.status}`)}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap max-md:hidden">
              {row.status === "ready" && row.expires_at ? formatDate(row.expires_at, lang) : "—"}
            </TableCell>
          </>
        )}
        rowActions={(row) =>
          row.download_url && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`${t("desk.exports.download")} ${row.user.username}`}
              onClick={() =>
                downloadFile(
                  row.download_url!,
                  `data-${row.user.username}-${row.created_at.slice(0, 10)}.json`,
                ).catch(showError)
              }
            >
              <Download aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">{t("desk.exports.download")}</span>
            </Button>
          )
        }
        paging={deskPaging(t, page, list.data?.total ?? 0, (p) => update({ epage: String(p) }))}
      />
    </div>
  );
}

function PrivacyTickets() {
  const { t, i18n } = useTranslation("privacy");
  const lang = dateLanguage(i18n.language);
  const list = usePrivacyTickets(true);
  const rows = list.data?.data ?? [];
  return (
    <AdminTable
      caption={t("desk.tabs.tickets")}
      query={list}
      rows={rows}
      texts={listTexts(t)}
      empty={
        <EmptyState
          icon={<ShieldCheck />}
          title={t("desk.tickets.empty")}
          text={t("desk.tickets.emptyText")}
        />
      }
      columns={[
        { header: t("desk.tickets.ticket") },
        { header: t("desk.tickets.subject") },
        { header: t("desk.tickets.requester") },
        { header: t("desk.tickets.claimedBy"), className: "max-md:hidden" },
        { header: t("desk.exports.created"), className: "max-md:hidden" },
      ]}
      cells={(row) => (
        <>
          <TableCell>
            <Link
              to={`/af/tickets/${row.id}`}
              className="font-medium text-primary hover:underline focus-ring"
            >
              {row.reference}
            </Link>
          </TableCell>
          <TableCell>{row.subject}</TableCell>
          <TableCell>{row.requester}</TableCell>
          <TableCell className="max-md:hidden">{row.claimed_by ?? t("desk.tickets.unclaimed")}</TableCell>
          <TableCell className="whitespace-nowrap max-md:hidden">
            {formatDate(row.created_at, lang)}
          </TableCell>
        </>
      )}
    />
  );
}

export default function PrivacyRequestsPage() {
  const { t } = useTranslation("privacy");
  const ticketsTab = useSession((s) => s.permissions.includes("isTicketGDPRManager"));
  const [state, update] = useUrlState({ tab: "deletions" });
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("desk.title")} subtitle={t("desk.subtitle")} />
      <Tabs value={state.tab} onValueChange={(tab) => update({ tab })}>
        <TabsList aria-label={t("desk.title")} className="mb-4">
          <TabsTrigger value="deletions">{t("desk.tabs.deletions")}</TabsTrigger>
          <TabsTrigger value="exports">{t("desk.tabs.exports")}</TabsTrigger>
          {ticketsTab && <TabsTrigger value="tickets">{t("desk.tabs.tickets")}</TabsTrigger>}
        </TabsList>
        <TabsContent value="deletions">
          <Deletions />
        </TabsContent>
        <TabsContent value="exports">
          <Exports />
        </TabsContent>
        {ticketsTab && (
          <TabsContent value="tickets">
            <PrivacyTickets />
          </TabsContent>
        )}
      </Tabs>
    </Container>
  );
}
