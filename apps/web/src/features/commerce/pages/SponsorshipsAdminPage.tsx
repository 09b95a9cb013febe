/** /af/sponsorships (isSponsorshipManager): who sponsored whom, with what, and its state. */
import { HandHeart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TableCell } from "../../../components/ui";
import { dateLanguage, formatDateTime, formatMoney, poundsToPence } from "../../../lib/format";
import { useAdminSponsorships } from "../api";
import { AdminList, useAdminListState } from "../components/AdminList";
import { StatusBadge } from "../components/StatusBadge";

export default function SponsorshipsAdminPage() {
  const { t, i18n } = useTranslation("commerce");
  const listState = useAdminListState({});
  const list = useAdminSponsorships(listState.params);
  return (
    <AdminList
      title={t("sponsorships.title")}
      subtitle={t("sponsorships.subtitle")}
      list={listState}
      query={list}
      emptyIcon={<HandHeart />}
      emptyTitle={t("sponsorships.empty")}
      columns={[
        { header: t("transactions.date"), sortKey: "date" },
        { header: t("sponsorships.sponsor"), sortKey: "sponsor" },
        { header: t("sponsorships.recipient"), sortKey: "recipient" },
        { header: t("sponsorships.what") },
        { header: t("transactions.amount"), sortKey: "amount", align: "right" },
        { header: t("admin.status"), sortKey: "status" },
      ]}
      cells={(row) => (
        <>
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
        </>
      )}
    />
  );
}
