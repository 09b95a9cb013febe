/** The wish list and "notify me"; the endpoints are listed in contract schemas/wishlist.ts. */
import {
  catalogIdParams,
  pageQuery,
  wishlistIds,
  wishlistPage,
  wishlistToggle,
  wishlistToggleResult,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { nextPageUrl } from "../http/paging";
import { catalogPolicy } from "./catalog.policy";
import { listWishlist, wishlistIds as readIds, setNotifyMe, setWishlisted } from "./wishlist.service";

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ["wishlist"];
  const security = [{ bearer: [] }];
  const learner = app.authorize(catalogPolicy, "learn");

  app.get(
    "/iu/wishlist",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "The learner's wish list as title cards, newest addition first",
        querystring: pageQuery,
        response: { 200: wishlistPage },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { data, total } = await listWishlist(db, currentUser(request), {
        page,
        perPage: per_page,
        language: request.language,
      });
      return { data, total, next_page_url: nextPageUrl(request, page, per_page, total) };
    },
  );

  app.get(
    "/iu/wishlist/ids",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "Ids of the titles on the wish list and of the coming-soon titles awaiting a notice",
        response: { 200: wishlistIds },
      },
    },
    async (request) => readIds(db, currentUser(request).id),
  );

  for (const [path, toggle, summary] of [
    ["wishlist", setWishlisted, "Add (on) or remove a title from the wish list; idempotent"],
    ["notify", setNotifyMe, "Ask (on) or stop asking to be told when a coming-soon title is published"],
  ] as const)
    app.put(
      `/iu/courses/:id/${path}`,
      {
        onRequest: learner,
        config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
        schema: {
          tags,
          security,
          summary,
          params: catalogIdParams,
          body: wishlistToggle,
          response: { 200: wishlistToggleResult },
        },
      },
      async (request) => {
        const { on } = request.body;
        const message = await toggle(db, currentUser(request), request.params.id, on);
        return { message: request.t(message), on };
      },
    );
};
