/** /af/transactions: payments through the provider, searchable and filtered by status. */
import { ArrowLeftRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TableCell } from "../../../components/ui";
import { dateLanguage, formatDateTime, formatMoney, poundsToPence } from "../../../lib/format";
import { useTransactions } from "../api";
import { AdminList, useAdminListState } from "../components/AdminList";
import { StatusBadge } from "../components/StatusBadge";
import { TransactionId } from "../components/TransactionId";
import { orderLabel } from "../logic";

const statuses = ["succeeded", "requires_action", "failed", "refunded", "partially_refunded"];

export default function TransactionsPage() {
  const { t, i18n } = useTranslation("commerce");
  const listState = useAdminListState({ status: "" });
  const list = useTransactions(listState.params);
  return (
    <AdminList
      title={t("transactions.title")}
      subtitle={t("transactions.subtitle")}
      list={listState}
      statuses={statuses}
      query={list}
      emptyIcon={<ArrowLeftRight />}
      emptyTitle={t("transactions.empty")}
      columns={[
        { header: t("transactions.date"), sortKey: "created_at" },
        { header: t("transactions.reference"), sortKey: "reference" },
        { header: t("transactions.buyer"), sortKey: "buyer" },
        { header: t("transactions.types") },
        { header: t("transactions.card") },
        { header: t("transactions.amount"), sortKey: "amount", align: "right" },
        { header: t("admin.status"), sortKey: "status" },
      ]}
      cells={(row) => (
        <>
          <TableCell className="whitespace-nowrap">
            {formatDateTime(row.created_at, dateLanguage(i18n.language))}
          </TableCell>
          <TableCell className="max-w-56">
            <TransactionId id={row.transaction_id} />
            <span className="block text-xs text-fg-muted">
              {t("transactions.order", {
                order: orderLabel({ number: row.order_number, id: row.order_id }),
              })}{" "}
              · {row.provider}
            </span>
          </TableCell>
          <TableCell>{row.user?.username ?? row.email ?? "—"}</TableCell>
          <TableCell className="text-fg-muted">
            {row.payment_types.map((p) => t(`types.${p}`)).join(", ")}
          </TableCell>
          <TableCell className="whitespace-nowrap text-fg-muted">{row.card ?? "—"}</TableCell>
          <TableCell align="right" className="whitespace-nowrap tabular-nums">
            {formatMoney(poundsToPence(row.amount), i18n.language)}
            {row.refunded > 0 && (
              <span className="block text-xs text-danger">
                −{formatMoney(poundsToPence(row.refunded), i18n.language)}
              </span>
            )}
          </TableCell>
          <TableCell>
            <StatusBadge status={row.status} />
          </TableCell>
        </>
      )}
    />
  );
}
