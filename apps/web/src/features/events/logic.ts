/**
 * Pure rules of the events page: the month grid (weeks from Monday, as in Britain and Spain), the
 * range asked of the server, which events fall on a day (in the reader's time zone), and names.
 */

/** A calendar day as YYYY-MM-DD (no time, no zone). */
export type Day = string;
export type Month = { year: number; month: number }; // month 1..12

const pad = (n: number) => String(n).padStart(2, "0");
export const dayOf = (year: number, month: number, date: number): Day => `${year}-${pad(month)}-${pad(date)}`;

/** The reader's local day of a moment. */
export function localDay(value: Date | string): Day {
  const d = typeof value === "string" ? new Date(value) : value;
  return dayOf(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

/** "2026-07" in the address, or this month. */
export function parseMonth(value: string | null, today: Date = new Date()): Month {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    if (year >= 1970 && year <= 9999 && month >= 1 && month <= 12) return { year, month };
  }
  return { year: today.getFullYear(), month: today.getMonth() + 1 };
}

export const formatMonth = ({ year, month }: Month) => `${year}-${pad(month)}`;

export function shiftMonth({ year, month }: Month, by: number): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function daysIn(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type GridDay = { day: Day; date: number; inMonth: boolean };

/** The weeks shown for a month: Monday to Sunday, from the week of the 1st to the week of the last day. */
export function monthGrid({ year, month }: Month): GridDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const lead = (first.getUTCDay() + 6) % 7; // days before the 1st since Monday
  const total = Math.ceil((lead + daysIn(year, month)) / 7) * 7;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < total; i++) {
    const d = new Date(Date.UTC(year, month - 1, 1 - lead + i));
    const cell = {
      day: dayOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()),
      date: d.getUTCDate(),
      inMonth: d.getUTCMonth() === month - 1,
    };
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push(cell);
  }
  return weeks;
}

/** The days to ask the server for: the whole grid, one day wider each side for time zones. */
export function gridRange(month: Month): { from: Day; to: Day } {
  const weeks = monthGrid(month);
  const first = weeks[0]?.[0]?.day ?? dayOf(month.year, month.month, 1);
  const last = weeks[weeks.length - 1]?.[6]?.day ?? first;
  const widen = (day: Day, by: number) => {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + by);
    return d.toISOString().slice(0, 10);
  };
  return { from: widen(first, -1), to: widen(last, 1) };
}

/** The days of the month itself, for the iCalendar export. */
export function monthRange({ year, month }: Month): { from: Day; to: Day } {
  return { from: dayOf(year, month, 1), to: dayOf(year, month, daysIn(year, month)) };
}

type Dated = { starts_at: string; ends_at: string };

/** Events on a day of the reader's calendar (an event spanning days shows on each). */
export function eventsOnDay<T extends Dated>(events: readonly T[], day: Day): T[] {
  return events.filter((e) => localDay(e.starts_at) <= day && day <= localDay(e.ends_at));
}

/** Events that touch a month, in start order. */
export function eventsInMonth<T extends Dated>(events: readonly T[], month: Month): T[] {
  const { from, to } = monthRange(month);
  return events
    .filter((e) => localDay(e.starts_at) <= to && from <= localDay(e.ends_at))
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

function slug(brand: string): string {
  return (
    brand
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "calendar"
  );
}

/** `aprendo-events-2026-07.ics`, with the scope when filtered: `aprendo-events-2026-07-national.ics`. */
export function icalFileName(brand: string, month: Month, scope: string): string {
  return `${slug(brand)}-events-${formatMonth(month)}${scope === "all" ? "" : `-${scope}`}.ics`;
}

/** `aprendo-event-12.ics` for one event. */
export function eventFileName(brand: string, id: number): string {
  return `${slug(brand)}-event-${id}.ics`;
}

/** An ISO moment as the value of a datetime-local input, in the reader's time zone ("2026-07-08T09:00"). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad2 = (n: number) => String(n).padStart(2, "0");
  return `${localDay(d)}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** A datetime-local value (the reader's time zone) as an ISO moment in UTC; empty stays undefined. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
