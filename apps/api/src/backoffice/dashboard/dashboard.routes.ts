/** /af/dashboard and /af/platform-users: role-guarded pages (spec section 6), any administrator. */
import { dashboardBody, dashboardQuery, errorBody, platformUsersBody } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardPolicy } from "./dashboard.policy";
import { dashboard, platformUsers } from "./dashboard.service";

const errors = { 401: errorBody, 403: errorBody };
const tags = ["back-office dashboard"];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authorize(dashboardPolicy, "read");
  app.get(
    "/af/dashboard",
    {
      onRequest,
      schema: {
        tags,
        summary: "The morning figures for a period, compared with the period before, and their daily series",
        querystring: dashboardQuery,
        response: { 200: dashboardBody, ...errors },
      },
    },
    async (request) => dashboard(app.deps.db, request.query.period, request.language),
  );
  app.get(
    "/af/platform-users",
    {
      onRequest,
      schema: {
        tags,
        summary: "Counts of users and their 12-month trend",
        response: { 200: platformUsersBody, ...errors },
      },
    },
    async () => platformUsers(app.deps.db),
  );
};
