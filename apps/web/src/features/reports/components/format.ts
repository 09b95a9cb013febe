/** How report rates and durations read; money and counts use lib/format. */
import type { TFunction } from "i18next";
import { formatNumber } from "../../../lib/format";

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
