/** GET /ha/audit-log and /ma/audit-log (+ /facets): the searchable audit log for head and master administrators. */
import { auditLogFacets, auditLogList, auditLogQuery, errorBody } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pageUrlOf } from "../http/paging";
import { auditPolicy } from "./audit.policy";
import { auditFacets, searchAudit } from "./audit.service";

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ["audit log"];
  for (const [area, action] of [
    ["/ha", "readAsHead"],
    ["/ma", "readAsMaster"],
  ] as const) {
    const onRequest = app.authorize(auditPolicy, action);
    app.get(
      `${area}/audit-log`,
      {
        onRequest,
        schema: {
          tags,
          summary: "Audit entries, newest first, with before and after",
          querystring: auditLogQuery,
          response: { 200: auditLogList, ...errors },
        },
      },
      async (request) => {
        const { data, total } = await searchAudit(db, request.query);
        const { page, per_page } = request.query;
        return { data, total, next_page_url: page * per_page < total ? pageUrlOf(request)(page + 1) : null };
      },
    );
    app.get(
      `${area}/audit-log/facets`,
      {
        onRequest,
        schema: {
          tags,
          summary: "Actions and entities present",
          response: { 200: auditLogFacets, ...errors },
        },
      },
      async () => auditFacets(db),
    );
  }
};
