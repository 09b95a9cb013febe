/** The public catalogue's extras (issue 25, point 1): search suggestions while typing. */
import { courseSuggestions, courseSuggestQuery } from "@aprendo/contract";
import { and, desc, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/client";
import { courses } from "../db/schema/index";
import { cached } from "./catalog.cache";
import { listedStatus } from "./catalog.presenter";
import { localized } from "./catalog.text";
import { catalogueSearch } from "./search";

const SUGGESTIONS = 6;

export async function suggestTitles(db: Db, q: string, language: "en" | "es") {
  const match = catalogueSearch(q);
  if (!match) return [];
  // Typing repeats the same prefixes across visitors; a short cache spares the index the repeats.
  return cached(db, `suggest:${language}:${q.toLowerCase()}`, async () => {
    const rows = await db
      .select({ id: courses.id, titleEn: courses.titleEn, titleEs: courses.titleEs })
      .from(courses)
      .where(and(listedStatus, match.where))
      .orderBy(desc(match.rank) as SQL, desc(courses.enrolmentCount), courses.id)
      .limit(SUGGESTIONS);
    return rows.map((r) => ({ id: r.id, title: localized(language, r.titleEn, r.titleEs) }));
  });
}

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
