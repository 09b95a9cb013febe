/** /af/refunds: refunds made (view refunds); refund managers refund an order in full or by lines, with a reason. */
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { Banner, Button, Dialog, Field, Input, TableCell } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { dateLanguage, formatDateTime, formatMoney, poundsToPence } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { findOrderId, useOrder, useRefunds } from "../api";
import { AdminList, useAdminListState } from "../components/AdminList";
import { RefundDialog } from "../components/RefundDialog";
import { StatusBadge } from "../components/StatusBadge";
import { orderLabel } from "../logic";

function NewRefund() {
  const { t, i18n } = useTranslation("commerce");
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const [orderId, setOrderId] = useState<number | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [finding, setFinding] = useState(false);
  const order = useOrder(orderId);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setDraft("");
          setOrderId(null);
          setNotFound(false);
        }
      }}
      trigger={
        <Button>
          <Undo2 aria-hidden="true" className="size-4" />
          {t("refunds.new")}
        </Button>
      }
      title={t("refunds.new")}
      description={t("refunds.newText")}
      closeLabel={t("close")}
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!draft.trim()) return;
          setFinding(true);
          try {
            const id = await findOrderId(draft);
            setNotFound(id === null);
            setOrderId(id);
          } catch (error) {
            showError(error);
          } finally {
            setFinding(false);
          }
        }}
      >
        <div className="flex items-end gap-2">
          <Field label={t("refunds.orderNumber")} className="flex-1">
            <Input
              value={draft}
              placeholder="A-000123"
              onChange={(event) => setDraft(event.target.value)}
              data-testid="refund-order-number"
            />
          </Field>
          <Button type="submit" variant="secondary" loading={finding || order.isFetching} disabled={!draft}>
            {t("refunds.find")}
          </Button>
        </div>
        {notFound && <Banner tone="danger">{t("refunds.notFound")}</Banner>}
        {order.isError && (
          <Banner tone="danger">
            {order.error instanceof ApiError ? translateMessage(order.error.message) : t("loadFailed")}
          </Banner>
        )}
        {order.data && (
          <div className="flex flex-col gap-3 rounded-md border border-border p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium text-fg">
                {orderLabel(order.data)} · {order.data.user?.username ?? order.data.email}
              </span>
              <StatusBadge status={order.data.status} />
            </div>
            <p className="text-fg-muted">
              {formatMoney(poundsToPence(order.data.total), i18n.language)} ·{" "}
              {order.data.lines
                .filter((l) => l.parent_id === null)
                .map((l) => l.name)
                .join(", ")}
            </p>
            <RefundDialog
              order={order.data}
              trigger={
                <Button variant="danger" className="self-end">
                  {t("refunds.refund")}
                </Button>
              }
            />
          </div>
        )}
      </form>
    </Dialog>
  );
}

export default function RefundsPage() {
  const { t, i18n } = useTranslation("commerce");
  const canRefund = useSession((s) => s.permissions.includes("isRefundsManager"));
  const listState = useAdminListState({});
  const list = useRefunds(listState.params);
  return (
    <AdminList
      title={t("refunds.title")}
      subtitle={t("refunds.subtitle")}
      list={listState}
      actions={canRefund ? <NewRefund /> : undefined}
      query={list}
      emptyIcon={<Undo2 />}
      emptyTitle={t("refunds.empty")}
      columns={[
        { header: t("transactions.date"), sortKey: "created_at" },
        { header: t("orders.order"), sortKey: "order" },
        { header: t("transactions.amount"), sortKey: "amount", align: "right" },
        { header: t("refunds.reason") },
        { header: t("refunds.by"), sortKey: "by" },
        { header: t("admin.status") },
      ]}
      cells={(row) => (
        <>
          <TableCell className="whitespace-nowrap">
            {formatDateTime(row.created_at, dateLanguage(i18n.language))}
          </TableCell>
          <TableCell>
            {orderLabel({ number: row.order_number, id: row.order_id })}
            <span className="block text-xs text-fg-muted">
              {row.kind === "full" ? t("refunds.fullShort") : t("refunds.partialShort")}
            </span>
          </TableCell>
          <TableCell align="right" className="whitespace-nowrap tabular-nums">
            {formatMoney(poundsToPence(row.amount), i18n.language)}
          </TableCell>
          <TableCell className="max-w-xs">
            <span className="line-clamp-2">{row.reason}</span>
          </TableCell>
          <TableCell>{row.created_by?.username ?? "—"}</TableCell>
          <TableCell>
            <StatusBadge status={row.order_status} />
          </TableCell>
        </>
      )}
    />
  );
}
