/**
 * The global search's titles (source `courses`): the catalogue's full-text search (stemmed, prefix
 * terms) OR an accent-insensitive match of every word in a title or its short description, so
 * "programacion" finds "Programación" (the Spanish stemmer keeps accents). Best full-text rank
 * first, then titles whose folded text starts with the query, then the most enrolled.
 */
import type { LanguageCode, SearchHit } from "@aprendo/contract";
import { and, desc, inArray, or, sql } from "drizzle-orm";
import { titleSearch } from "../catalog/search.service";
import type { Deps } from "../context";
import { courses } from "../db/schema/index";
import { foldedMatch } from "../lib/fold";
import { localized } from "../lib/text";

export async function searchTitlesFolded(
  deps: Pick<Deps, "db">,
  request: { q: string; language: LanguageCode; limit: number },
): Promise<SearchHit[]> {
  const fullText = titleSearch(request.q, request.language);
  const folded = foldedMatch(request.q, [
    courses.titleEn,
    courses.titleEs,
    courses.shortDescriptionEn,
    courses.shortDescriptionEs,
  ]);
  if (!fullText && !folded) return [];
  const title = request.language === "es" ? courses.titleEs : courses.titleEn;
  const rows = await deps.db
    .select({
      id: courses.id,
      titleEn: courses.titleEn,
      titleEs: courses.titleEs,
      shortEn: courses.shortDescriptionEn,
      shortEs: courses.shortDescriptionEs,
    })
    .from(courses)
    .where(
      and(inArray(courses.status, ["published", "coming_soon"]), or(fullText?.where, folded ?? undefined)),
    )
    .orderBy(
      desc(fullText ? sql`CASE WHEN ${fullText.where} THEN ${fullText.rank} ELSE 0 END` : sql`0`),
      desc(sql`search_fold(${title}) LIKE search_fold(${`${request.q.trim().replace(/[%_\\]/g, "\\$&")}%`})`),
      desc(courses.enrolmentCount),
      courses.id,
    )
    .limit(request.limit);
  return rows.map((r) => ({
    source: "courses" as const,
    id: r.id,
    title: localized(request.language, r.titleEn, r.titleEs),
    description: localized(request.language, r.shortEn, r.shortEs),
    url: `/iu/courses/${r.id}`,
  }));
}
