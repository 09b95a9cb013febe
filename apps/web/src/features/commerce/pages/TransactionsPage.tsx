/** /af/transactions: payments through the provider, searchable and filtered by status. */
import { ArrowLeftRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SortHeader, urlSort, useUrlState } from "../../../components/admin";
import {
  Field,
  Select,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDateTime, formatMoney, poundsToPence } from "../../../lib/format";
import { useTransactions } from "../api";
import { AdminList } from "../components/AdminList";
import { StatusBadge } from "../components/StatusBadge";
import { TransactionId } from "../components/TransactionId";
import { orderLabel } from "../logic";

const statuses = ["succeeded", "requires_action", "failed", "refunded", "partially_refunded"];

export default function TransactionsPage() {
  const { t, i18n } = useTranslation("commerce");
  const [state, update] = useUrlState({ search: "", status: "", page: "1", sort: "" });
  const page = Math.max(1, Number(state.page) || 1);
  const sort = urlSort(state, update);
  const list = useTransactions({
    search: state.search || undefined,
    status: state.status || undefined,
    page,
    sort: state.sort || undefined,
  });
  const rows = list.data?.data ?? [];
  return (
    <AdminList
      title={t("transactions.title")}
      subtitle={t("transactions.subtitle")}
      sort={{
        order: sort,
        columns: [
          { key: "created_at", label: t("transactions.date") },
          { key: "reference", label: t("transactions.reference") },
          { key: "buyer", label: t("transactions.buyer") },
          { key: "amount", label: t("transactions.amount") },
          { key: "status", label: t("admin.status") },
        ],
      }}
      search={state.search}
      onSearch={(search) => update({ search })}
      filters={
        <Field label={t("admin.status")} className="sm:w-52">
          <Select
            value={state.status}
            onChange={(e) => update({ status: e.target.value })}
            options={[
              { value: "", label: t("admin.all") },
              ...statuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
        </Field>
      }
      query={list}
      total={list.data?.total ?? 0}
      page={page}
      onPage={(p) => update({ page: String(p) })}
      emptyIcon={<ArrowLeftRight />}
      emptyTitle={t("transactions.empty")}
      head={
        <TableHead>
          <TableRow>
            <SortHeader sort={sort} sortKey="created_at">
              {t("transactions.date")}
            </SortHeader>
            <SortHeader sort={sort} sortKey="reference">
              {t("transactions.reference")}
            </SortHeader>
            <SortHeader sort={sort} sortKey="buyer">
              {t("transactions.buyer")}
            </SortHeader>
            <TableHeaderCell>{t("transactions.types")}</TableHeaderCell>
            <TableHeaderCell>{t("transactions.card")}</TableHeaderCell>
            <SortHeader sort={sort} sortKey="amount" align="right">
              {t("transactions.amount")}
            </SortHeader>
            <SortHeader sort={sort} sortKey="status">
              {t("admin.status")}
            </SortHeader>
          </TableRow>
        </TableHead>
      }
    >
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
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
          </TableRow>
        ))}
      </TableBody>
    </AdminList>
  );
}
