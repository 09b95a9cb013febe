/** Search suggestions while typing: up to six listed titles matching the words typed so far. */
import { and, desc, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { courses } from "../db/schema/index";
import { localized } from "../lib/text";
import { listedStatus } from "./catalog.presenter";
import { cached } from "./catalog-cache.service";
import { catalogueSearch } from "./search.service";

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
