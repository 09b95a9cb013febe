/**
 * The reports' statements, pinned: a change to what a report counts is a visible diff in review.
 * They run against the real database, with rows of every kind they count, in reports.test.ts.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { learningByClassStatement, learningByTitleStatement } from "./learning.repository";
import type { ReportRange } from "./range";
import {
  couponUsageStatement,
  refundsByMonthStatement,
  salesByMonthStatement,
  salesByProductStatement,
  salesByTitleStatement,
  salesTotalsStatement,
} from "./sales.repository";
import {
  ticketsByMonthStatement,
  ticketsBySubjectStatement,
  ticketTotalsStatement,
} from "./support.repository";

const range: ReportRange = { from: "2026-01-01", to: "2026-03-31" };

describe("the reports' statements", () => {
  it("keep their text", () => {
    const dialect = new PgDialect();
    const text = (query: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(query).sql;
    expect({
      learningByTitle: text(learningByTitleStatement(range, "en")),
      learningByClass: text(learningByClassStatement(range)),
      salesByMonth: text(salesByMonthStatement(range)),
      salesTotals: text(salesTotalsStatement(range)),
      salesByTitle: text(salesByTitleStatement(range, "es")),
      salesByProduct: text(salesByProductStatement(range)),
      refundsByMonth: text(refundsByMonthStatement(range)),
      couponUsage: text(couponUsageStatement(range)),
      ticketTotals: text(ticketTotalsStatement(range)),
      ticketsByMonth: text(ticketsByMonthStatement(range)),
      ticketsBySubject: text(ticketsBySubjectStatement(range, "en")),
    }).toMatchSnapshot();
  });
});
