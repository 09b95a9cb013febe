import { searchQuery, searchResults } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { searchPolicy } from "./search.policy";
import { search } from "./search.service";

/** GET iu/search?q=&source= : the learner's global search box. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/iu/search",
    {
      onRequest: app.authorize(searchPolicy, "search"),
      schema: {
        tags: ["search"],
        security: [{ bearer: [] }],
        summary: "Search titles and products (source: all, courses or products; anything else means all)",
        querystring: searchQuery,
        response: { 200: searchResults },
      },
    },
    async (request) => {
      const data = await search(app.deps, request.query.source, {
        q: request.query.q,
        language: request.language,
        user: currentUser(request),
      });
      return { data, next_page_url: null, total: data.length };
    },
  );
};
