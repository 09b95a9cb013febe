/**
 * The reports' statements, pinned: a change to what a report counts is a visible diff in review.
 * They run against the real database, with rows of every kind they count, in reports.test.ts.
 */
import { describe, expect, it } from "vitest";
import { statementTexts } from "../db/statement-text";
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
    expect(
      statementTexts({
        learningByTitle: learningByTitleStatement(range, "en"),
        learningByClass: learningByClassStatement(range),
        salesByMonth: salesByMonthStatement(range),
        salesTotals: salesTotalsStatement(range),
        salesByTitle: salesByTitleStatement(range, "es"),
        salesByProduct: salesByProductStatement(range),
        refundsByMonth: refundsByMonthStatement(range),
        couponUsage: couponUsageStatement(range),
        ticketTotals: ticketTotalsStatement(range),
        ticketsByMonth: ticketsByMonthStatement(range),
        ticketsBySubject: ticketsBySubjectStatement(range, "en"),
      }),
    ).toMatchSnapshot();
  });
});
