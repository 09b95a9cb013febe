/**
 * Title search with PostgreSQL full text: a weighted tsvector per language (generated columns
 * `search_en` / `search_es` with GIN indexes, english / spanish configurations), queried with
 * prefix terms so "fotog" finds "Fotografía digital" while the learner types.
 */
import type { LanguageCode } from "@aprendo/contract";
import { type SQL, sql } from "drizzle-orm";
import { courses } from "../db/schema/index";

const configOf = (language: LanguageCode) => (language === "es" ? "spanish" : "english");

/** The words of a query as a prefix tsquery text (`foto:* & digital:*`), or null when none is left. */
export function prefixQuery(q: string): string | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** The match condition and rank expression for a query in a language; null for an empty query. */
export function titleSearch(q: string, language: LanguageCode): { where: SQL; rank: SQL<number> } | null {
  const terms = prefixQuery(q);
  if (!terms) return null;
  const config = configOf(language);
  const query = sql`to_tsquery(${config}::regconfig, ${terms})`;
  const vector = language === "es" ? courses.searchEs : courses.searchEn;
  return {
    where: sql`${vector} @@ ${query}`,
    rank: sql<number>`ts_rank(${vector}, ${query})`,
  };
}

/**
 * The catalogue's search: the accent-folded vector over both languages (`search_folded`,
 * one GIN index), queried with the folded prefix terms in the english and the spanish configuration
 * at once, so "programacion" finds "Programación" and "photo" finds "Photography" whatever the
 * interface language. Ranked with ts_rank (title weighs most).
 */
export function catalogueSearch(q: string): { where: SQL; rank: SQL<number> } | null {
  const terms = prefixQuery(q);
  if (!terms) return null;
  const folded = sql`search_fold(${terms})`;
  // A scalar subquery is an InitPlan: the folded query is built once per statement. Written inline,
  // a prepared (generic) plan rebuilt it for every candidate row in the index recheck and in ts_rank.
  const query = sql`(select to_tsquery('english'::regconfig, ${folded}) || to_tsquery('spanish'::regconfig, ${folded}))`;
  return {
    where: sql`${courses.searchFolded} @@ ${query}`,
    rank: sql<number>`ts_rank(${courses.searchFolded}, ${query})`,
  };
}
