/** Reports: each area's figures for a period, and one table of it as CSV. */
import type { ReportArea, ReportBody, ReportQuery } from "@aprendo/contract";
import type { RoleId } from "@aprendo/contract/domain";
import { Role } from "@aprendo/contract/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { get } from "../../lib/http";

/** The area prefix the caller reads reports under: administrators /af, head /ha, master /ma. */
export const reportsPrefix = (role: RoleId | null) =>
  role === Role.headAdmin ? "/ha" : role === Role.masterAdmin ? "/ma" : "/af";

/** A period with both days chosen (inclusive, UTC). */
export type ReportPeriod = Required<ReportQuery>;

const day = (date: Date) => date.toISOString().slice(0, 10);
/** The server's default period: the first day of the month eleven months ago, to today (UTC). */
export function defaultPeriod(now = new Date()): ReportPeriod {
  return { from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))), to: day(now) };
}

export function useReport<A extends ReportArea>(
  prefix: string,
  area: A,
  period: ReportPeriod,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ["reports", prefix, area, period.from, period.to],
    queryFn: ({ signal }) => get<ReportBody[A]>(`${prefix}/reports/${area}`, { query: period, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One table of a report as the server's CSV (a Blob to save). */
export async function exportReport(prefix: string, area: ReportArea, view: string, period: ReportPeriod) {
  const body = await get<unknown>(`${prefix}/reports/${area}/export.csv`, {
    query: { ...period, view },
    headers: { Accept: "text/csv" },
    responseType: "blob",
  });
  if (body instanceof Blob) return body;
  return new Blob([typeof body === "string" ? body : ""], { type: "text/csv;charset=utf-8" });
}
