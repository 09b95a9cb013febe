import { dateLanguage, formatDayMonth, formatMonthYear } from "../../../lib/dates";

/** Number, money and change formatting of the back-office figures, in the reader's language. */
export const locale = (language: string) => (language === "es" ? "es-ES" : "en-GB");

export const formatNumber = (value: number, language: string) =>
  new Intl.NumberFormat(locale(language)).format(value);

/** Amounts are kept in pence; the platform charges in pounds (spec section 9). */
export const formatMoney = (pence: number, language: string, compact = false) =>
  new Intl.NumberFormat(locale(language), {
    style: "currency",
    currency: "GBP",
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: compact ? 0 : 2,
    notation: compact && Math.abs(pence) >= 100_000_00 ? "compact" : "standard",
  }).format(pence / 100);

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
