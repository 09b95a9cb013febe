/**
 * The CSV of one table of a report: a header row, then one line per row; UTF-8 with a byte-order mark
 * so spreadsheet programs read accents; money as decimals (12.34) beside its currency; rates as
 * percentages; durations in hours. Fields are quoted and defused like the users export.
 */
import { Readable } from "node:stream";
import type { ReportArea, ReportBody } from "@aprendo/contract";
import { csvField } from "../backoffice/users/users.export";

type Column<R> = [header: string, value: (row: R) => unknown];
type Row<A extends ReportArea, K extends keyof ReportBody[A]> =
  ReportBody[A][K] extends Array<infer R> ? R : never;

const decimal = (pence: number) => (pence / 100).toFixed(2);
const hours = (seconds: number | null) => (seconds === null ? null : (seconds / 3600).toFixed(2));

type MoneyRow = { currency: string; gross_pence: number; refunded_pence: number; net_pence: number };
const moneyColumns: Column<MoneyRow>[] = [
  ["currency", (r) => r.currency],
  ["gross", (r) => decimal(r.gross_pence)],
  ["refunded", (r) => decimal(r.refunded_pence)],
  ["net", (r) => decimal(r.net_pence)],
];
type LearningRow = Omit<Row<"learning", "titles">, "course_id" | "name">;
const learningColumns: Column<LearningRow>[] = [
  ["enrolled", (r) => r.enrolled],
  ["completed", (r) => r.completed],
  ["completion_rate_percent", (r) => r.completion_rate],
  ["exam_attempts", (r) => r.exam_attempts],
  ["exams_passed", (r) => r.exams_passed],
  ["pass_rate_percent", (r) => r.pass_rate],
];
type TicketRow = Omit<Row<"support", "months">, "month">;
const ticketColumns: Column<TicketRow>[] = [
  ["opened", (r) => r.opened],
  ["resolved", (r) => r.resolved],
  ["answered", (r) => r.answered],
  ["first_response_median_hours", (r) => hours(r.first_response_median_seconds)],
  ["resolution_median_hours", (r) => hours(r.resolution_median_seconds)],
];

// Each view: the rows it reads from the report and its columns (typed against the contract's rows).
const table = <R>(rows: (body: never) => R[], columns: Column<R>[]) => ({ rows, columns });
const views = {
  sales: {
    months: table(
      (b: ReportBody["sales"]) => b.months,
      [["month", (r) => r.month], ["orders", (r) => r.orders], ...moneyColumns],
    ),
    titles: table(
      (b: ReportBody["sales"]) => b.titles,
      [["course_id", (r) => r.course_id], ["title", (r) => r.name], ["sold", (r) => r.sold], ...moneyColumns],
    ),
    products: table(
      (b: ReportBody["sales"]) => b.products,
      [
        ["type", (r) => r.type],
        ["item_id", (r) => r.item_id],
        ["name", (r) => r.name],
        ["sold", (r) => r.sold],
        ...moneyColumns,
      ],
    ),
  },
  refunds: {
    months: table(
      (b: ReportBody["refunds"]) => b.months,
      [
        ["month", (r) => r.month],
        ["refunds", (r) => r.refunds],
        ["currency", (r) => r.currency],
        ["amount", (r) => decimal(r.amount_pence)],
        ["credit_part", (r) => decimal(r.credit_pence)],
      ],
    ),
  },
  coupons: {
    coupons: table(
      (b: ReportBody["coupons"]) => b.coupons,
      [
        ["coupon_id", (r) => r.coupon_id],
        ["code", (r) => r.code],
        ["uses", (r) => r.uses],
        ["buyers", (r) => r.buyers],
        ["currency", (r) => r.currency],
        ["discount", (r) => decimal(r.discount_pence)],
        ["orders_net", (r) => decimal(r.net_pence)],
      ],
    ),
  },
  learning: {
    titles: table(
      (b: ReportBody["learning"]) => b.titles,
      [["course_id", (r) => r.course_id], ["title", (r) => r.name], ...learningColumns],
    ),
    classes: table(
      (b: ReportBody["learning"]) => b.classes,
      [
        ["class_id", (r) => r.class_id],
        ["class", (r) => r.name],
        ["institution", (r) => r.institution],
        ["members", (r) => r.members],
        ...learningColumns,
      ],
    ),
  },
  support: {
    months: table((b: ReportBody["support"]) => b.months, [["month", (r) => r.month], ...ticketColumns]),
    subjects: table(
      (b: ReportBody["support"]) => b.subjects,
      [["subject_id", (r) => r.subject_id], ["subject", (r) => r.name], ...ticketColumns],
    ),
  },
};

const line = (fields: unknown[]) => `${fields.map(csvField).join(",")}\r\n`;

function* csvChunks(area: ReportArea, view: string, body: ReportBody[ReportArea]) {
  const { rows, columns } = (views[area] as Record<string, ReturnType<typeof table<unknown>>>)[view]!;
  yield `\uFEFF${line(columns.map(([header]) => header))}`;
  for (const row of rows(body as never)) yield line(columns.map(([, value]) => value(row)));
}

export const reportCsvStream = (area: ReportArea, view: string, body: ReportBody[ReportArea]) =>
  Readable.from(csvChunks(area, view, body), { objectMode: false });
