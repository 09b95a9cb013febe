/** /af/certificates: administrators search issued certificates, open their PDF, revoke, suspend or reinstate them. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { SortHeader, SortSelect, urlSort, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  Content,
  Dialog,
  EmptyState,
  ErrorState,
  Field,
  Input,
  PageHeader,
  Pagination,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Textarea,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { get } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { type AdminCertificate, useAdminCertificates, useRevoke } from "../api";
import { formatDay } from "../logic";

const PER_PAGE = 20;

export default function AdminCertificatesPage() {
  const { t, i18n } = useTranslation("certificates");
  // ?q= opens the page already searching (links from elsewhere in the back office).
  const [params] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get("q") ?? "");
  const [q, setQ] = useState(() => (params.get("q") ?? "").trim());
  const [status, setStatus] = useState("all");
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<{
    certificate: AdminCertificate;
    action: "revoke" | "suspend";
  } | null>(null);
  const reinstate = useRevoke();
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  // The order is kept in the address (shareable, saved with a reload); a new order starts at page 1.
  const [sortState, updateSort] = useUrlState({ sort: "" });
  const sort = urlSort(sortState, (patch) => {
    updateSort(patch);
    setPage(1);
  });
  const list = useAdminCertificates(q, status, page, sortState.sort);

  const openPdf = async (c: AdminCertificate) => {
    try {
      const blob = await get<Blob>(`/af/certificates/${c.id}/pdf`, { responseType: "blob" });
      window.open(URL.createObjectURL(blob), "_blank", "noopener");
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-page flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <PageHeader title={t("admin.title")} subtitle={t("admin.subtitle")} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t("admin.search")} className="flex-1">
          <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        <Field label={t("admin.status")} className="sm:w-48">
          <Select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
            options={(["all", "valid", "suspended", "revoked"] as const).map((s) => ({
              value: s,
              label: t(`admin.${s}`),
            }))}
          />
        </Field>
      </div>
      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <ErrorState
          message={translateMessage("error.somethingWrong")}
          title={t("loadError")}
          retryLabel={t("retry")}
          onRetry={() => list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={t("admin.empty")} />
      ) : (
        <>
          <p className="text-sm text-fg-muted">{t("admin.total", { count: list.data.total })}</p>
          <SortSelect
            sort={sort}
            className="mb-3 md:hidden"
            columns={[
              { key: "learner", label: t("admin.learner") },
              { key: "item", label: t("admin.item") },
              { key: "issued_at", label: t("admin.issued") },
              { key: "code", label: t("code") },
              { key: "status", label: t("admin.status") },
            ]}
          />
          <Table caption={t("admin.title")}>
            <TableHead>
              <TableRow>
                <SortHeader sort={sort} sortKey="learner">
                  {t("admin.learner")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="item">
                  {t("admin.item")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="issued_at">
                  {t("admin.issued")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="code">
                  {t("code")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="status">
                  {t("admin.status")}
                </SortHeader>
                <TableHeaderCell align="right">{t("admin.actions")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.data.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <span className="font-medium">{c.learner_name}</span>
                    <span className="block text-xs text-fg-muted">@{c.username}</span>
                  </TableCell>
                  <TableCell>
                    <Content lang={c.item_lang}>{c.item}</Content>
                    <span className="block text-xs text-fg-muted">{t(`kind.${c.kind}`)}</span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDay(c.issued_at, i18n.language)}</TableCell>
                  <TableCell className="font-mono text-xs">{c.code}</TableCell>
                  <TableCell>
                    <Badge
                      tone={c.revoked_at ? "danger" : c.suspended_at ? "warning" : "success"}
                      title={c.revoke_reason ?? undefined}
                    >
                      {c.revoked_at ? t("revoked") : c.suspended_at ? t("suspended") : t("valid")}
                    </Badge>
                  </TableCell>
                  <TableCell align="right">
                    <div className="flex justify-end gap-2">
                      <Button size="sm" variant="secondary" onClick={() => openPdf(c)}>
                        {t("admin.pdf")}
                      </Button>
                      {!c.revoked_at &&
                        (c.suspended_at ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            loading={reinstate.isPending && reinstate.variables?.id === c.id}
                            onClick={() =>
                              reinstate.mutate(
                                { id: c.id, action: "reinstate" },
                                { onSuccess: (r) => showSuccess(r.message), onError: showError },
                              )
                            }
                          >
                            {t("admin.reinstate")}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setRevoking({ certificate: c, action: "suspend" })}
                          >
                            {t("admin.suspend")}
                          </Button>
                        ))}
                      {!c.revoked_at && (
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => setRevoking({ certificate: c, action: "revoke" })}
                        >
                          {t("admin.revoke")}
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageCount={Math.ceil(list.data.total / PER_PAGE)}
            onPageChange={setPage}
            label={t("admin.pagination")}
            previousLabel={t("admin.previous")}
            nextLabel={t("admin.next")}
            pageLabel={(p, count) => t("admin.page", { page: p, count })}
          />
        </>
      )}
      <RevokeDialog
        certificate={revoking?.certificate ?? null}
        action={revoking?.action ?? "revoke"}
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}

function RevokeDialog({
  certificate,
  action,
  onClose,
}: {
  certificate: AdminCertificate | null;
  action: "revoke" | "suspend";
  onClose: () => void;
}) {
  const { t } = useTranslation("certificates");
  const revoke = useRevoke();
  const [reason, setReason] = useState("");
  const confirm = async () => {
    if (!certificate) return;
    try {
      showSuccess((await revoke.mutateAsync({ id: certificate.id, action, reason })).message);
      setReason("");
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog
      open={certificate !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t(`admin.${action}Title`)}
      description={t(`admin.${action}Text`)}
      closeLabel={t("admin.close")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button
            variant={action === "revoke" ? "danger" : "primary"}
            disabled={reason.trim().length < 3}
            loading={revoke.isPending}
            onClick={confirm}
          >
            {t(`admin.${action}`)}
          </Button>
        </>
      }
    >
      {certificate && (
        <p className="mb-3 text-sm">
          {certificate.learner_name} · <Content lang={certificate.item_lang}>{certificate.item}</Content> ·{" "}
          <span className="font-mono">{certificate.code}</span>
        </p>
      )}
      <Field label={t("admin.reason")} required>
        <Textarea value={reason} maxLength={300} rows={3} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </Dialog>
  );
}
