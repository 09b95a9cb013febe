/** What every area's report shares: its props, chart helpers and the formatters in the reader's language. */
import { useTranslation } from "react-i18next";
import {
  dateLanguage,
  formatCompactMoney,
  formatMoney,
  formatMonthYear,
  formatNumber,
} from "../../../lib/format";
import type { ReportPeriod } from "../api";
import type { ReportColumn } from "./ReportSection";

export type Common = { prefix: string; period: ReportPeriod };
export const short = (text: string) => (text.length > 18 ? `${text.slice(0, 17)}…` : text);
export const top = <Row>(rows: Row[], by: (row: Row) => number) =>
  [...rows].sort((a, b) => by(b) - by(a)).slice(0, 8);

export function useFormat() {
  const { t, i18n } = useTranslation("reports");
  const lang = i18n.language;
  type Money = { currency: string; gross_pence: number; refunded_pence: number; net_pence: number };
  const moneyColumns: ReportColumn<Money>[] = [
    { header: t("gross"), cell: (r) => formatMoney(r.gross_pence, lang, r.currency), align: "right" },
    { header: t("refunded"), cell: (r) => formatMoney(r.refunded_pence, lang, r.currency), align: "right" },
    { header: t("net"), cell: (r) => formatMoney(r.net_pence, lang, r.currency), align: "right" },
  ];
  const count = (value: number) => formatNumber(value, lang);
  const month = (value: string) => formatMonthYear(value, dateLanguage(lang));
  /** Axis ticks: whole pounds, so the labels fit beside the chart. */
  const pounds = (value: number) => formatCompactMoney(value, lang);
  return { t, lang, moneyColumns, count, month, pounds };
}
