/** /af/orders (isOrderManager): orders with their lines; details in a dialog, with a refund for refund managers. */
import { orderStatuses } from "@aprendo/contract";
import { Receipt, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, ErrorState, Quoting, Skeleton, TableCell } from "../../../components/ui";
import { dateLanguage, formatDateTime, formatMoney, poundsToPence } from "../../../lib/format";
import { useSession } from "../../../stores/session";
import { useOrder, useOrders } from "../api";
import { AdminList, useAdminListState } from "../components/AdminList";
import { RefundDialog } from "../components/RefundDialog";
import { StatusBadge } from "../components/StatusBadge";
import { TransactionId } from "../components/TransactionId";
import { orderLabel } from "../logic";

function OrderDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation("commerce");
  const order = useOrder(id);
  const canRefund = useSession((s) => s.permissions.includes("isRefundsManager"));
  const money = (v: number) => formatMoney(poundsToPence(v), i18n.language);
  const pence = (v: number) => formatMoney(v, i18n.language);
  const data = order.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("orders.detailTitle", { order: data ? orderLabel(data) : `#${id}` })}
      closeLabel={t("close")}
      size="lg"
      footer={
        data && canRefund && (data.status === "paid" || data.status === "partially_refunded") ? (
          <RefundDialog
            order={data}
            trigger={
              <Button variant="danger">
                <Undo2 aria-hidden="true" className="size-4" />
                {t("refunds.refund")}
              </Button>
            }
          />
        ) : undefined
      }
    >
      {order.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : order.isError || !data ? (
        <ErrorState message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void order.refetch()} />
      ) : (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-fg-muted">{t("admin.status")}</dt>
              <dd>
                <StatusBadge status={data.status} />
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("transactions.buyer")}</dt>
              <dd className="text-fg">{data.user?.username ?? data.email ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("transactions.date")}</dt>
              <dd className="text-fg">
                {formatDateTime(data.paid_at ?? data.created_at, dateLanguage(i18n.language))}
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("summary.subtotal")}</dt>
              <dd className="text-fg tabular-nums">{pence(data.figures.subtotal_pence)}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("orders.discount")}</dt>
              <dd className="text-fg tabular-nums">
                −{pence(data.figures.discount_pence)}
                {data.coupon_code && ` (${data.coupon_code})`}
                {data.salary_scale_percentage ? ` · ${data.salary_scale_percentage}%` : ""}
              </dd>
            </div>
            {data.figures.shipping_pence > 0 && (
              <div>
                <dt className="text-fg-muted">{t("summary.shipping")}</dt>
                <dd className="text-fg tabular-nums">{pence(data.figures.shipping_pence)}</dd>
              </div>
            )}
            {/* The money model: subtotal − discounts + shipping = total, as the receipt shows it. */}
            <div>
              <dt className="text-fg-muted">{t("summary.total")}</dt>
              <dd className="font-semibold text-fg tabular-nums">
                {pence(data.figures.total_pence)}
                {data.refunded > 0 && (
                  <span className="block text-xs text-danger">−{money(data.refunded)}</span>
                )}
              </dd>
            </div>
            {data.figures.credit_pence > 0 && (
              <div>
                <dt className="text-fg-muted">{t("history.charged")}</dt>
                <dd className="text-fg tabular-nums">
                  {pence(data.figures.charged_pence)} ({t("summary.credit")} −
                  {pence(data.figures.credit_pence)})
                </dd>
              </div>
            )}
            <div className="col-span-2 sm:col-span-3">
              <dt className="text-fg-muted">{t("history.transaction")}</dt>
              <dd>{data.transaction_id ? <TransactionId id={data.transaction_id} /> : "—"}</dd>
            </div>
          </dl>
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {data.lines.map((line) => (
              <li
                key={line.id}
                className={`flex items-center justify-between gap-3 px-3 py-2 ${line.parent_id ? "pl-8" : ""}`}
              >
                <span className="min-w-0">
                  <span
                    className={`block truncate ${line.refunded ? "text-fg-muted line-through" : "text-fg"}`}
                  >
                    <Quoting text={line.name} quote={line.name_title} lang={line.name_lang} />
                    {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                  </span>
                  <span className="text-xs text-fg-muted">
                    {t(`types.${line.type}`)}
                    {line.refunded ? ` · ${t("status.refunded")}` : ""}
                  </span>
                </span>
                <span className="shrink-0 tabular-nums">{money(line.paid)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}

export default function OrdersPage() {
  const { t, i18n } = useTranslation("commerce");
  const listState = useAdminListState({ status: "" });
  const [open, setOpen] = useState<number | null>(null);
  const list = useOrders(listState.params);
  return (
    <AdminList
      title={t("orders.title")}
      subtitle={t("orders.subtitle")}
      list={listState}
      statuses={orderStatuses}
      query={list}
      emptyIcon={<Receipt />}
      emptyTitle={t("orders.empty")}
      columns={[
        { header: t("orders.order"), sortKey: "number" },
        { header: t("transactions.date"), sortKey: "created_at" },
        { header: t("transactions.buyer"), sortKey: "buyer" },
        { header: t("orders.items"), sortKey: "lines", align: "right" },
        { header: t("summary.total"), sortKey: "total", align: "right" },
        { header: t("admin.status"), sortKey: "status" },
      ]}
      cells={(row) => (
        <>
          <TableCell>
            <Button variant="link" size="sm" onClick={() => setOpen(row.id)}>
              {orderLabel(row)}
            </Button>
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {formatDateTime(row.paid_at ?? row.created_at, dateLanguage(i18n.language))}
          </TableCell>
          <TableCell>{row.user?.username ?? row.email ?? "—"}</TableCell>
          <TableCell align="right" className="tabular-nums">
            {row.line_count}
          </TableCell>
          <TableCell align="right" className="whitespace-nowrap tabular-nums">
            {formatMoney(poundsToPence(row.total), i18n.language)}
          </TableCell>
          <TableCell>
            <StatusBadge status={row.status} />
          </TableCell>
        </>
      )}
    >
      {open !== null && <OrderDetail id={open} onClose={() => setOpen(null)} />}
    </AdminList>
  );
}
