/**
 * The web app's one place for how figures read (spec section 9), in the reader's language:
 * - money: integer pence → "£58.27" / "58,27 £" (the contract's formatter, shared with the receipt PDF);
 *   amounts that arrive in pounds go through `poundsToPence` first, so there is one unit;
 * - numbers: "1,234" / "1234", percentages, compact chart ticks;
 * - dates: British style (22 Nov 2026, 22/11/2026, 24-hour clock) and relative times without the
 *   word "about" ("5 minutes ago", "hace 5 minutos").
 * Biome (tools/biome/no-ad-hoc-date-format.grit) forbids ad-hoc Intl/toLocale* formatting elsewhere.
 */
import { formatMoney, numberFormat } from "@aprendo/contract/domain";
import { format, formatDistanceToNowStrict, isValid, parseISO } from "date-fns";
import { enGB } from "date-fns/locale/en-GB";
import { es } from "date-fns/locale/es";

export type DateLanguage = "en" | "es";
/** The Intl locale of a reader's language: British English or Spain's Spanish. */
export const numberLocale = (language: string | undefined) => (language === "es" ? "es-ES" : "en-GB");
const locales = { en: enGB, es } as const;

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** "22 Nov 2026" / "22 nov 2026". */
export function formatDate(value: Date | string | number, language: DateLanguage): string {
  const date = toDate(value);
  return date ? format(date, "d MMM yyyy", { locale: locales[language] }) : "";
}

/** "22 November 2026" / "22 de noviembre de 2026": certificates and other formal documents. */
export function formatLongDate(value: Date | string | number, language: DateLanguage): string {
  const date = toDate(value);
  const pattern = language === "es" ? "d 'de' MMMM 'de' yyyy" : "d MMMM yyyy";
  return date ? format(date, pattern, { locale: locales[language] }) : "";
}

/**
 * Chart axis labels of a calendar day "2026-11-22" → "22 Nov" and a month "2026-11" → "Nov 26".
 * Parsed as local calendar dates (not UTC instants), so the label is the bucket's own day anywhere.
 */
export function formatDayMonth(isoDay: string, language: DateLanguage): string {
  const date = parseISO(isoDay.slice(0, 10));
  return isValid(date) ? format(date, "d MMM", { locale: locales[language] }) : "";
}
export function formatMonthYear(yyyyMm: string, language: DateLanguage): string {
  const date = parseISO(`${yyyyMm.slice(0, 7)}-01`);
  return isValid(date) ? format(date, "MMM yy", { locale: locales[language] }) : "";
}

/** A calendar day "2026-11-23" as a chart's weekday label: "Mon" / "lun". */
export function formatWeekdayShort(isoDay: string, language: DateLanguage): string {
  const date = parseISO(isoDay.slice(0, 10));
  return isValid(date) ? format(date, "EEE", { locale: locales[language] }) : "";
}

/** A calendar day "2026-11-23" in full: "Monday 23 November" / "lunes, 23 de noviembre". */
export function formatWeekdayLong(isoDay: string, language: DateLanguage): string {
  const date = parseISO(isoDay.slice(0, 10));
  const pattern = language === "es" ? "EEEE, d 'de' MMMM" : "EEEE d MMMM";
  return isValid(date) ? format(date, pattern, { locale: locales[language] }) : "";
}

/** "22/11/2026". */
export function formatShortDate(value: Date | string | number, language: DateLanguage): string {
  const date = toDate(value);
  return date ? format(date, "dd/MM/yyyy", { locale: locales[language] }) : "";
}

/** "22 Nov 2026, 14:05" (24-hour clock, as British readers expect). */
export function formatDateTime(value: Date | string | number, language: DateLanguage): string {
  const date = toDate(value);
  return date ? format(date, "d MMM yyyy, HH:mm", { locale: locales[language] }) : "";
}

/** "5 minutes ago", "in 2 days"; never "about". */
export function relativeTime(
  value: Date | string | number,
  language: DateLanguage,
  now = new Date(),
): string {
  const date = toDate(value);
  if (!date) return "";
  // Under a minute reads better as "just now" than "0 seconds ago".
  if (Math.abs(now.getTime() - date.getTime()) < 45_000)
    return language === "es" ? "justo ahora" : "just now";
  const text = formatDistanceToNowStrict(date, { addSuffix: true, locale: locales[language] });
  return text.replace(/\b(about|alrededor de|aproximadamente) /gi, "");
}

export const dateLanguage = (language: string | undefined): DateLanguage => (language === "es" ? "es" : "en");

// ---------------------------------------------------------------- money and numbers

/** "£58.27" in English, "58,27 £" in Spanish, from integer pence. */
export { formatMoney };

/** An amount the API sends in pounds (the commerce and shop wire format) as integer pence. */
export const poundsToPence = (pounds: number) => Math.round(pounds * 100);

/** A chart tick in whole pounds ("£40", "40 £"); millions read "£1.2M" so the axis stays narrow. */
export function formatCompactMoney(pence: number, language: string, currency = "GBP"): string {
  return numberFormat(numberLocale(language), {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
    notation: Math.abs(pence) >= 100_000_00 ? "compact" : "standard",
  }).format(pence / 100);
}

/** A count or measure with the reader's grouping: 1,234 / 1234 (Spanish groups from five digits). */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(numberLocale(language), options).format(value);
}
