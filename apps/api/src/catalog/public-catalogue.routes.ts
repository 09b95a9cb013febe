/** The public catalogue's extras: search suggestions while typing. */
import { courseSuggestions, courseSuggestQuery } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { suggestTitles } from "./suggestions.service";

export const publicCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/courses/suggest",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Up to six listed titles matching what is typed (accent-insensitive, prefix words)",
        querystring: courseSuggestQuery,
        response: { 200: courseSuggestions },
      },
    },
    async (request) => ({ data: await suggestTitles(app.deps.db, request.query.q, request.language) }),
  );
};
