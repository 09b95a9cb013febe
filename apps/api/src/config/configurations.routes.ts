import { localeSchema } from "@aprendo/contract";
import { and, asc, eq, ilike } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { configurations, locales } from "../db/schema/index";

const configurationEntry = z.object({
  id: z.number(),
  key: z.string(),
  status: z.number(),
  value: z.record(z.string(), z.unknown()),
});

/** Remote configuration read by the app (spec section 7: GET iu/configurations?searchText=) and locales. */
export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/iu/configurations",
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ["configuration"],
        summary: "Public configuration entries whose key contains searchText",
        querystring: z.object({ searchText: z.string().max(80).optional() }),
        response: { 200: z.object({ data: z.array(configurationEntry) }) },
      },
    },
    async (request) => {
      const search = request.query.searchText?.trim();
      const rows = await app.deps.db
        .select({
          id: configurations.id,
          key: configurations.key,
          status: configurations.status,
          value: configurations.value,
        })
        .from(configurations)
        .where(
          and(
            eq(configurations.isPublic, 1),
            search ? ilike(configurations.key, `%${search.replace(/[%_\\]/g, "\\$&")}%`) : undefined,
          ),
        )
        .orderBy(asc(configurations.key));
      return { data: rows };
    },
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
    async () => ({ data: await app.deps.db.select().from(locales).orderBy(asc(locales.id)) }),
  );
};
