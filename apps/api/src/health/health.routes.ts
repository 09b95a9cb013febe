import { healthBody, readyBody } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { databaseAnswers } from "./health.service";

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["platform"], summary: "The process is alive", response: { 200: healthBody } } },
    async () => ({ status: "ok" as const, uptime_seconds: Math.round(process.uptime()) }),
  );

  app.get(
    "/ready",
    {
      schema: {
        tags: ["platform"],
        summary: "The database is reachable",
        response: { 200: readyBody, 503: readyBody },
      },
    },
    async (request, reply) => {
      if (await databaseAnswers(app.deps.pool, request.log))
        return { status: "ready" as const, database: true };
      return reply.status(503).send({ status: "unavailable" as const, database: false });
    },
  );
};
