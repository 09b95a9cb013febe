import { dateLanguage, formatDayMonth, formatMonthYear } from "../../../lib/format";

/** Change and chart-label helpers of the back-office figures; money and numbers are in lib/format. */

/** The change against the previous period, in whole percent; null when there was nothing before. */
export function changePercent(value: number, previous: number): number | null {
  if (previous === 0) return value === 0 ? 0 : null;
  return Math.round(((value - previous) / previous) * 100);
}

export const shortDay = (iso: string, language: string) => formatDayMonth(iso, dateLanguage(language));

export const shortMonth = (yyyyMm: string, language: string) =>
  formatMonthYear(yyyyMm, dateLanguage(language));

export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
