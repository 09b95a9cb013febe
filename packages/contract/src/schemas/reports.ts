/**
 * Reports of the back office: one report per area, aggregated in SQL, each with
 * a CSV export of its tables. Money is integer pence with its currency; rates are percentages with one
 * decimal (null when nothing was counted); durations are seconds.
 *   GET /{af,ha,ma}/reports                          -> reportAreasBody (the areas the caller may open)
 *   GET /{af,ha,ma}/reports/{area}?from&to           -> the area's report (default: the last 12 months)
 *   GET /{af,ha,ma}/reports/{area}/export.csv?from&to&view   -> text/csv (UTF-8 with BOM)
 * /af needs the area's flags (`reportAreaPermissions`); head and master administrators read every area.
 */
import { z } from "zod";
import { dateField, msg } from "./validators";

export const reportAreas = ["sales", "refunds", "coupons", "learning", "support"] as const;
export const reportArea = z.enum(reportAreas);
export type ReportArea = z.infer<typeof reportArea>;

/** The tables of each report, in page order; each is one CSV (`view`), the first is the default. */
export const reportViews = {
  sales: ["months", "titles", "products"],
  refunds: ["months"],
  coupons: ["coupons"],
  learning: ["titles", "classes"],
  support: ["months", "subjects"],
} as const satisfies Record<ReportArea, readonly string[]>;
export type ReportView<A extends ReportArea = ReportArea> = (typeof reportViews)[A][number];

/** Inclusive days (UTC); either may be left out (defaults: the first day of the month 11 months ago, today). */
export const reportQuery = z
  .object({ from: dateField.optional(), to: dateField.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], error: "reports.rangeOrder" });
export type ReportQuery = z.infer<typeof reportQuery>;

/** The export of one table of an area's report (`view`, default the area's first). */
export const reportExportQuery = <A extends ReportArea>(area: A) =>
  z
    .object({
      from: dateField.optional(),
      to: dateField.optional(),
      view: z
        .enum(reportViews[area] as unknown as [ReportView<A>, ...ReportView<A>[]], { error: msg.oneOf })
        .optional(),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], error: "reports.rangeOrder" });
export type ReportExportQuery = { from?: string; to?: string; view?: string };

export const reportAreasBody = z.object({ areas: z.array(reportArea) });
export type ReportAreasBody = z.infer<typeof reportAreasBody>;

const range = z.object({ from: z.string(), to: z.string() });
const count = z.number().int();
const pence = z.number().int();
/** A percentage with one decimal; null when the denominator is zero. */
const rate = z.number().nullable();
/** Seconds; null when no ticket had one. */
const seconds = z.number().nullable();

const money = { currency: z.string(), gross_pence: pence, refunded_pence: pence, net_pence: pence };

export const salesReport = z.object({
  range,
  totals: z.array(z.object({ orders: count, ...money })),
  months: z.array(z.object({ month: z.string(), orders: count, ...money })),
  titles: z.array(z.object({ course_id: count, name: z.string(), sold: count, ...money })),
  products: z.array(
    z.object({ type: z.string(), item_id: count.nullable(), name: z.string(), sold: count, ...money }),
  ),
});
export type SalesReport = z.infer<typeof salesReport>;

export const refundsReport = z.object({
  range,
  totals: z.array(
    z.object({ currency: z.string(), refunds: count, amount_pence: pence, credit_pence: pence }),
  ),
  months: z.array(
    z.object({
      month: z.string(),
      currency: z.string(),
      refunds: count,
      amount_pence: pence,
      credit_pence: pence,
    }),
  ),
});
export type RefundsReport = z.infer<typeof refundsReport>;

export const couponsReport = z.object({
  range,
  coupons: z.array(
    z.object({
      coupon_id: count,
      code: z.string(),
      currency: z.string(),
      uses: count,
      buyers: count,
      discount_pence: pence,
      /** What the orders that used it brought in, net of their refunds. */
      net_pence: pence,
    }),
  ),
});
export type CouponsReport = z.infer<typeof couponsReport>;

const learningFigures = {
  enrolled: count,
  completed: count,
  completion_rate: rate,
  exam_attempts: count,
  exams_passed: count,
  pass_rate: rate,
};
export const learningReport = z.object({
  range,
  titles: z.array(z.object({ course_id: count, name: z.string(), ...learningFigures })),
  classes: z.array(
    z.object({
      class_id: count,
      name: z.string(),
      institution: z.string(),
      members: count,
      ...learningFigures,
    }),
  ),
});
export type LearningReport = z.infer<typeof learningReport>;

const ticketFigures = {
  opened: count,
  resolved: count,
  answered: count,
  /** Median time from opening to the first reply of staff. */
  first_response_median_seconds: seconds,
  /** Median time from opening to resolution. */
  resolution_median_seconds: seconds,
};
export const supportReport = z.object({
  range,
  totals: z.object(ticketFigures),
  months: z.array(z.object({ month: z.string(), ...ticketFigures })),
  subjects: z.array(z.object({ subject_id: count.nullable(), name: z.string(), ...ticketFigures })),
});
export type SupportReport = z.infer<typeof supportReport>;

export type ReportBody = {
  sales: SalesReport;
  refunds: RefundsReport;
  coupons: CouponsReport;
  learning: LearningReport;
  support: SupportReport;
};
