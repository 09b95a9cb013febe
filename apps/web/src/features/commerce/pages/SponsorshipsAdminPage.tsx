/** /af/sponsorships (isSponsorshipManager): who sponsored whom, with what, and its state. */
import { HandHeart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SortHeader, urlSort, useUrlState } from "../../../components/admin";
import { TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../../components/ui";
import { dateLanguage, formatDateTime, formatMoney, poundsToPence } from "../../../lib/format";
import { useAdminSponsorships } from "../api";
import { AdminList } from "../components/AdminList";
import { StatusBadge } from "../components/StatusBadge";

export default function SponsorshipsAdminPage() {
  const { t, i18n } = useTranslation("commerce");
  const [state, update] = useUrlState({ search: "", page: "1", sort: "" });
  const sort = urlSort(state, update);
  const page = Math.max(1, Number(state.page) || 1);
  const list = useAdminSponsorships({
    search: state.search || undefined,
    page,
    sort: state.sort || undefined,
  });
  const rows = list.data?.data ?? [];
  return (
    <AdminList
      title={t("sponsorships.title")}
      subtitle={t("sponsorships.subtitle")}
      sort={{
        order: sort,
        columns: [
          { key: "date", label: t("transactions.date") },
          { key: "sponsor", label: t("sponsorships.sponsor") },
          { key: "recipient", label: t("sponsorships.recipient") },
          { key: "amount", label: t("transactions.amount") },
          { key: "status", label: t("admin.status") },
        ],
      }}
      search={state.search}
      onSearch={(search) => update({ search })}
      query={list}
      total={list.data?.total ?? 0}
      page={page}
      onPage={(p) => update({ page: String(p) })}
      emptyIcon={<HandHeart />}
      emptyTitle={t("sponsorships.empty")}
      head={
        <TableHead>
          <TableRow>
            <SortHeader sort={sort} sortKey="date">
              {t("transactions.date")}
            </SortHeader>
            <SortHeader sort={sort} sortKey="sponsor">
              {t("sponsorships.sponsor")}
            </SortHeader>
            <SortHeader sort={sort} sortKey="recipient">
              {t("sponsorships.recipient")}
            </SortHeader>
            <TableHeaderCell>{t("sponsorships.what")}</TableHeaderCell>
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
              {formatDateTime(row.paid_at ?? row.created_at, dateLanguage(i18n.language))}
            </TableCell>
            <TableCell>{row.sponsor.username ?? row.sponsor.email ?? "—"}</TableCell>
            <TableCell>{row.recipient.username}</TableCell>
            <TableCell>
              {row.course ? row.course.title : t("sponsor.credit")}
              {row.message && (
                <span className="block max-w-xs truncate text-xs text-fg-muted">“{row.message}”</span>
              )}
            </TableCell>
            <TableCell align="right" className="whitespace-nowrap tabular-nums">
              {formatMoney(poundsToPence(row.amount), i18n.language)}
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
