/**
 * Support reports in SQL: tickets opened in the period, by month and by subject, with the median
 * time to the first reply of staff (internal notes are not replies) and to resolution. A duplicate
 * merged into another ticket is not a ticket of its own here.
 */
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { monthOf, monthSeries, type ReportRange, within } from "./range";

type Figures = {
  opened: number;
  resolved: number;
  answered: number;
  first_response_median_seconds: number | null;
  resolution_median_seconds: number | null;
};

const opened = (range: ReportRange) => sql`
  opened AS (
    SELECT t.id, t.subject_id, t.created_at, t.resolved_at,
      (SELECT min(m.created_at) FROM ticket_messages m
        WHERE m.ticket_id = t.id AND m.author_kind = 'staff') AS first_reply
    FROM tickets t
    WHERE t.merged_into_id IS NULL AND ${within(sql`t.created_at`, range)}
  )`;

const median = (end: SQL) =>
  sql`round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${end} - t.created_at)))::float8`;
const figures = sql`
  count(t.id)::int AS opened, count(t.resolved_at)::int AS resolved, count(t.first_reply)::int AS answered,
  ${median(sql`t.first_reply`)} AS first_response_median_seconds,
  ${median(sql`t.resolved_at`)} AS resolution_median_seconds`;

export const ticketTotalsStatement = (range: ReportRange) =>
  sql`WITH ${opened(range)} SELECT ${figures} FROM opened t`;

export async function ticketTotals(db: DbOrTx, range: ReportRange) {
  const { rows } = await db.execute<Figures>(ticketTotalsStatement(range));
  return rows[0]!;
}

export const ticketsByMonthStatement = (range: ReportRange) => sql`
    WITH months AS (${monthSeries(range)}), ${opened(range)}
    SELECT m.month, ${figures}
    FROM months m LEFT JOIN opened t ON ${monthOf(sql`t.created_at`)} = m.month
    GROUP BY m.month ORDER BY m.month`;

export async function ticketsByMonth(db: DbOrTx, range: ReportRange) {
  const { rows } = await db.execute<Figures & { month: string }>(ticketsByMonthStatement(range));
  return rows;
}

export const ticketsBySubjectStatement = (range: ReportRange, language: "en" | "es") => {
  const title = language === "es" ? sql`s.title_es` : sql`s.title_en`;
  return sql`
    WITH ${opened(range)}
    SELECT t.subject_id, max(${title}) AS name, ${figures}
    FROM opened t LEFT JOIN ticket_subjects s ON s.id = t.subject_id
    GROUP BY t.subject_id
    ORDER BY opened DESC, name`;
};

export async function ticketsBySubject(db: DbOrTx, range: ReportRange, language: "en" | "es") {
  const { rows } = await db.execute<Figures & { subject_id: number | null; name: string | null }>(
    ticketsBySubjectStatement(range, language),
  );
  return rows;
}
