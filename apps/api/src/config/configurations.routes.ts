import { configurationList, localeSchema } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { configurationsPolicy } from "./configurations.policy";
import { listLocales, publicConfigurations } from "./configurations.service";

/** Remote configuration read by the app (spec section 7: GET iu/configurations?searchText=) and locales. */
export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/iu/configurations",
    {
      onRequest: app.authorize(configurationsPolicy, "readPublic"),
      schema: {
        tags: ["configuration"],
        summary: "Public configuration entries whose key contains searchText",
        querystring: z.object({ searchText: z.string().max(80).optional() }),
        response: { 200: configurationList },
      },
    },
    async (request) => ({ data: await publicConfigurations(app.deps.db, request.query.searchText) }),
  );

  app.get(
    "/locales",
    {
      schema: {
        tags: ["configuration"],
        summary: "Interface languages",
        response: { 200: z.object({ data: z.array(localeSchema) }) },
      },
    },
    async () => ({ data: await listLocales(app.deps.db) }),
  );
};
