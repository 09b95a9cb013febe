/** Date words of the events pages in the reader's language (British style in English). */
import { format } from "date-fns";
import { enGB } from "date-fns/locale/en-GB";
import { es } from "date-fns/locale/es";
import { localDay, type Month } from "./logic";

const locales = { en: enGB, es } as const;
const localeOf = (language: string) => (language === "es" ? locales.es : locales.en);

/**
 * "July 2026" / "Julio de 2026" as a heading; inside a sentence ("Eventos de julio de 2026") Spanish
 * keeps the month in lower case.
 */
export function monthTitle({ year, month }: Month, language: string, midSentence = false): string {
  const text = format(new Date(year, month - 1, 1), language === "es" ? "LLLL 'de' yyyy" : "LLLL yyyy", {
    locale: localeOf(language),
  });
  return midSentence ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** Monday to Sunday, short ("Mon") and long ("Monday"). */
export function weekdayNames(language: string): { short: string; long: string }[] {
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(2024, 0, 1 + i); // 1 January 2024 was a Monday
    return {
      short: format(day, "EEE", { locale: localeOf(language) }),
      long: format(day, "EEEE", { locale: localeOf(language) }),
    };
  });
}

/** "Tuesday 8 July 2026". */
export function longDay(day: string, language: string): string {
  return format(
    new Date(`${day}T12:00:00`),
    language === "es" ? "EEEE d 'de' MMMM 'de' yyyy" : "EEEE d MMMM yyyy",
    {
      locale: localeOf(language),
    },
  );
}

/** "Tue 8 Jul, 09:00–18:00" or "8 Jul, 09:00 – 14 Jul, 18:00" across days. */
export function eventWhen(startsAt: string, endsAt: string, language: string): string {
  const locale = localeOf(language);
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (localDay(start) === localDay(end))
    return `${format(start, "EEE d MMM, HH:mm", { locale })}–${format(end, "HH:mm", { locale })}`;
  return `${format(start, "d MMM, HH:mm", { locale })} – ${format(end, "d MMM yyyy, HH:mm", { locale })}`;
}

/** The date block of an event card: "8" and "Jul". */
export function dateBlock(startsAt: string, language: string): { day: string; month: string } {
  const date = new Date(startsAt);
  return {
    day: format(date, "d", { locale: localeOf(language) }),
    month: format(date, "MMM", { locale: localeOf(language) }).replace(".", ""),
  };
}

/** "Wednesday" of a day. */
export function weekdayOf(day: string, language: string): string {
  return format(new Date(`${day}T12:00:00`), "EEEE", { locale: localeOf(language) });
}

/** "July 2026" / "de julio de 2026" after a day number. */
export function monthYearOf(day: string, language: string): string {
  return format(new Date(`${day}T12:00:00`), language === "es" ? "'de' MMMM 'de' yyyy" : "MMMM yyyy", {
    locale: localeOf(language),
  });
}
