/**
 * The back office's reports, the same routes behind three doors: /af for
 * administrators by the area's flag, /ha and /ma for head and master administrators (every area).
 */
import {
  couponsReport,
  errorBody,
  learningReport,
  type ReportArea,
  refundsReport,
  reportAreasBody,
  reportAreasFor,
  reportExportQuery,
  reportQuery,
  reportViews,
  salesReport,
  supportReport,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { reportRange } from "./range";
import { reportCsvStream } from "./reports.csv";
import { reportDoors, reportsPolicy } from "./reports.policy";
import { buildReport } from "./reports.service";

const tags = ["reports"];
const errors = { 401: errorBody, 403: errorBody, 422: errorBody };
const bodies = {
  sales: salesReport,
  refunds: refundsReport,
  coupons: couponsReport,
  learning: learningReport,
  support: supportReport,
} as const;

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  for (const door of reportDoors) {
    app.get(
      `${door.prefix}/reports`,
      {
        onRequest: app.authorize(reportsPolicy, door.action("any")),
        schema: {
          tags,
          summary: "The report areas the caller may open",
          response: { 200: reportAreasBody, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return { areas: reportAreasFor(user.roleId, user.permissions) };
      },
    );
    for (const area of Object.keys(bodies) as ReportArea[]) {
      const onRequest = app.authorize(reportsPolicy, door.action(area));
      app.get(
        `${door.prefix}/reports/${area}`,
        { onRequest, schema: { tags, querystring: reportQuery, response: { 200: bodies[area], ...errors } } },
        async (request) => buildReport[area](db, reportRange(request.query), request),
      );
      app.get(
        `${door.prefix}/reports/${area}/export.csv`,
        {
          onRequest,
          schema: {
            tags,
            summary: "One table of the report as CSV (header row, UTF-8 with BOM, decimal amounts)",
            querystring: reportExportQuery(area),
            response: errors,
          },
        },
        async (request, reply) => {
          const range = reportRange(request.query);
          const view = request.query.view ?? reportViews[area][0];
          const body = await buildReport[area](db, range, request);
          return (
            reply
              .header("content-type", "text/csv; charset=utf-8")
              .header(
                "content-disposition",
                `attachment; filename="${area}-${view}-${range.from}-${range.to}.csv"`,
              )
              .header("cache-control", "private, no-store")
              // A stream, not a JSON body: the response schemas describe only the error answers.
              .send(reportCsvStream(area, view, body) as never)
          );
        },
      );
    }
  }
};
