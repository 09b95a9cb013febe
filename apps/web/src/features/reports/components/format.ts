/** How report figures read: money with the app's one formatter, counts, rates and durations. */
import { formatMoney } from "@aprendo/contract/domain";
import type { TFunction } from "i18next";
import { formatMoney as dashboardMoney, formatNumber, shortMonth } from "../../backoffice/components/format";

export { formatNumber, shortMonth };

export const money = (pence: number, language: string, currency = "GBP") =>
  formatMoney(pence, language, currency);

/** A chart axis tick in whole pounds ("£40", "40 £"), as the dashboard's charts label theirs. */
export const compactMoney = (pence: number, language: string) => dashboardMoney(pence, language, true);

/** "62.5 %" / "62,5 %"; a dash when nothing was counted. */
export const percent = (rate: number | null, language: string) =>
  rate === null ? "–" : `${formatNumber(rate, language)} %`;

/** Minutes under two hours, hours under two days, days beyond; a dash without a value. */
export function duration(seconds: number | null, t: TFunction, language: string): string {
  if (seconds === null) return "–";
  const round = (value: number) => formatNumber(Math.round(value * 10) / 10, language);
  if (seconds < 7200) return t("duration.minutes", { value: round(seconds / 60) });
  if (seconds < 172_800) return t("duration.hours", { value: round(seconds / 3600) });
  return t("duration.days", { value: round(seconds / 86_400) });
}
