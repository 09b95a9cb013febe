/** Each area's report, built from its SQL aggregates for a period and the reader's language. */
import type { ReportArea, ReportBody } from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { learningByClass, learningByTitle } from "./learning.repository";
import type { ReportRange } from "./range";
import {
  couponUsage,
  refundsByMonth,
  salesByMonth,
  salesByProduct,
  salesByTitle,
  salesTotals,
} from "./sales.repository";
import { ticketsByMonth, ticketsBySubject, ticketTotals } from "./support.repository";

type Build<A extends ReportArea> = (
  db: Db,
  range: ReportRange,
  request: FastifyRequest,
) => Promise<ReportBody[A]>;

const sales: Build<"sales"> = async (db, range, request) => {
  const [totals, months, titles, products] = await Promise.all([
    salesTotals(db, range),
    salesByMonth(db, range),
    salesByTitle(db, range, request.language),
    salesByProduct(db, range),
  ]);
  return { range, totals, months, titles, products };
};

const refunds: Build<"refunds"> = async (db, range) => {
  const months = await refundsByMonth(db, range);
  const totals = new Map<string, ReportBody["refunds"]["totals"][number]>();
  for (const m of months) {
    const total = totals.get(m.currency) ?? {
      currency: m.currency,
      refunds: 0,
      amount_pence: 0,
      credit_pence: 0,
    };
    total.refunds += m.refunds;
    total.amount_pence += m.amount_pence;
    total.credit_pence += m.credit_pence;
    totals.set(m.currency, total);
  }
  return { range, totals: [...totals.values()], months };
};

const coupons: Build<"coupons"> = async (db, range) => ({ range, coupons: await couponUsage(db, range) });

const learning: Build<"learning"> = async (db, range, request) => {
  const [titles, classes] = await Promise.all([
    learningByTitle(db, range, request.language),
    learningByClass(db, range),
  ]);
  return { range, titles, classes };
};

const support: Build<"support"> = async (db, range, request) => {
  const [totals, months, subjects] = await Promise.all([
    ticketTotals(db, range),
    ticketsByMonth(db, range),
    ticketsBySubject(db, range, request.language),
  ]);
  return {
    range,
    totals,
    months,
    subjects: subjects.map((s) => ({ ...s, name: s.name ?? request.t("reports.noSubject") })),
  };
};

export const buildReport: { [A in ReportArea]: Build<A> } = { sales, refunds, coupons, learning, support };
