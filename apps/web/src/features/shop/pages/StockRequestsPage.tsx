/**
 * /af/stock-requests-overview: copies asked of distributors; receive them (the copies that arrived
 * go into stock, audited) or cancel the request; ask for more.
 */
import type { StockRequestOut } from "@aprendo/contract";
import { ClipboardList, PackageCheck, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AdminListPage,
  CreateButton,
  listTexts,
  RowActions,
  StatusFilter,
  useUrlState,
} from "../../../components/admin";
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Field,
  NumberInput,
  TableCell,
} from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useCancelStockRequest, useReceiveStockRequest, useStockOverview, useStockRequests } from "../api";
import { AdminShopNav } from "../components/AdminShopNav";
import { RequestCopiesDialog } from "../components/StockDialogs";

const tone = { requested: "info", received: "success", cancelled: "neutral" } as const;

function ReceiveDialog({ request, onClose }: { request: StockRequestOut | null; onClose: () => void }) {
  const { t } = useTranslation("shop");
  const receive = useReceiveStockRequest();
  const [received, setReceived] = useState("");
  useEffect(() => setReceived(request ? String(request.quantity) : ""), [request]);
  const valid = received !== "" && Number(received) >= 0;
  const save = async () => {
    if (!request || !valid) return;
    try {
      showSuccess(
        (await receive.mutateAsync({ id: request.id, received_quantity: Number(received) })).message,
      );
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  const name = request ? `${request.title} · ${t(`binding.${request.binding}`)}` : "";
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("admin.requests.receiveTitle")}
      description={t("admin.requests.receiveText", { name })}
      closeLabel={t("admin.cancel")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button onClick={save} disabled={!valid} loading={receive.isPending}>
            {t("admin.requests.receive")}
          </Button>
        </>
      }
    >
      <Field label={t("admin.requests.received")} required>
        <NumberInput
          min={0}
          value={received}
          onChange={(e) => setReceived(e.target.value)}
          className="sm:max-w-40"
        />
      </Field>
    </Dialog>
  );
}

export default function StockRequestsPage() {
  const { t, i18n } = useTranslation("shop");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState({ status: "" });
  const requests = useStockRequests(state.status);
  const levels = useStockOverview();
  const cancel = useCancelStockRequest();
  const [creating, setCreating] = useState(false);
  const [receiving, setReceiving] = useState<StockRequestOut | null>(null);
  const create = <CreateButton onClick={() => setCreating(true)}>{t("admin.requests.create")}</CreateButton>;
  return (
    <AdminListPage
      title={t("admin.requests.title")}
      subtitle={t("admin.requests.subtitle")}
      actions={create}
      nav={<AdminShopNav className="mb-4" />}
      filters={
        <StatusFilter
          label={t("admin.requests.status")}
          className="sm:w-56"
          all={t("admin.requests.all")}
          values={["requested", "received", "cancelled"]}
          labelOf={(status) => t(`admin.requests.statuses.${status}`)}
          value={state.status}
          onChange={(status) => update({ status })}
        />
      }
      query={requests}
      rows={requests.data ?? []}
      texts={listTexts(t, "admin.")}
      empty={
        <EmptyState
          icon={<ClipboardList />}
          title={t("admin.requests.empty")}
          text={t("admin.requests.emptyText")}
          action={create}
        />
      }
      columns={[
        { header: t("admin.requests.columns.product") },
        { header: t("admin.requests.columns.distributor") },
        { header: t("admin.requests.columns.quantity"), align: "right" },
        { header: t("admin.requests.columns.status") },
        { header: t("admin.requests.columns.requested") },
      ]}
      cells={(r) => (
        <>
          <TableCell className="max-w-xs">
            <span className="flex flex-col">
              <span className="font-medium text-fg">{r.title}</span>
              <span className="text-xs text-fg-muted">
                {t(`binding.${r.binding}`)}
                {r.note ? ` · ${r.note}` : ""}
              </span>
            </span>
          </TableCell>
          <TableCell>{r.distributor?.name ?? "—"}</TableCell>
          <TableCell align="right" className="tabular-nums">
            {r.status === "received"
              ? t("admin.requests.receivedOf", {
                  received: r.received_quantity ?? 0,
                  quantity: r.quantity,
                })
              : r.quantity}
          </TableCell>
          <TableCell>
            <Badge tone={tone[r.status]}>{t(`admin.requests.statuses.${r.status}`)}</Badge>
          </TableCell>
          <TableCell className="whitespace-nowrap">
            <span className="flex flex-col">
              <span className="tabular-nums">{formatDateTime(r.created_at, language)}</span>
              {r.requested_by && <span className="text-xs text-fg-muted">{r.requested_by}</span>}
            </span>
          </TableCell>
        </>
      )}
      rowActions={(r) =>
        r.status === "requested" && (
          <RowActions>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setReceiving(r)}
              aria-label={t("admin.requests.receiveOne", { id: r.id })}
            >
              <PackageCheck aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">{t("admin.requests.receive")}</span>
            </Button>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="ghost" aria-label={t("admin.requests.cancelRequest")}>
                  <X aria-hidden="true" className="size-4" />
                </Button>
              }
              title={t("admin.requests.cancelTitle")}
              description={t("admin.requests.cancelText", {
                name: `${r.title} · ${t(`binding.${r.binding}`)}`,
              })}
              confirmLabel={t("admin.requests.cancelRequest")}
              cancelLabel={t("admin.requests.keep")}
              onConfirm={async () => {
                try {
                  showSuccess((await cancel.mutateAsync(r.id)).message);
                } catch (error) {
                  showError(error);
                  throw error;
                }
              }}
            />
          </RowActions>
        )
      }
    >
      <ReceiveDialog request={receiving} onClose={() => setReceiving(null)} />
      <RequestCopiesDialog
        open={creating}
        initial={null}
        levels={levels.data?.data ?? []}
        onClose={() => setCreating(false)}
      />
    </AdminListPage>
  );
}
