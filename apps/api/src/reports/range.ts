/**
 * The period of a report: inclusive UTC days. Without `from`, the first day of the month eleven months
 * before `to`'s, so the default is the last twelve calendar months with the current one.
 */
import { type SQL, sql } from "drizzle-orm";

export type ReportRange = { from: string; to: string };

const day = (date: Date) => date.toISOString().slice(0, 10);

export function reportRange(query: { from?: string; to?: string }, now = new Date()): ReportRange {
  const to = query.to ?? day(now);
  if (query.from) return { from: query.from, to };
  const end = new Date(`${to}T00:00:00Z`);
  return { from: day(new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 11, 1))), to };
}

/** `column` falls on one of the range's days (UTC), whatever the session's time zone. */
export const within = (column: SQL, range: ReportRange): SQL =>
  sql`${column} >= (${range.from}::date::timestamp AT TIME ZONE 'UTC') AND ${column} < ((${range.to}::date + 1)::timestamp AT TIME ZONE 'UTC')`;

/** The month (YYYY-MM, UTC) of a timestamp. */
export const monthOf = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;

/** Every month the range touches, so a month without activity is a zero in the chart, not a gap. */
export const monthSeries = (range: ReportRange): SQL =>
  sql`SELECT to_char(m, 'YYYY-MM') AS month FROM generate_series(date_trunc('month', ${range.from}::date), date_trunc('month', ${range.to}::date), interval '1 month') AS m`;

/** A percentage with one decimal, null over zero. */
export const rateOf = (part: SQL, whole: SQL): SQL =>
  sql`round(100.0 * ${part} / NULLIF(${whole}, 0), 1)::float8`;
