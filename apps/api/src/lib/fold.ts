/**
 * Accent- and case-insensitive matching for the global search: `search_fold(text)` (migration
 * 0009: lower(unaccent(text)), IMMUTABLE) on both sides, so "programacion" finds "Programación"
 * and "PROGRAMACIÓN" finds "programación". Every word of the query must appear in one of the columns.
 */
import { type AnyColumn, or, type SQL, sql } from "drizzle-orm";

/** The words of a query (letters and digits), at most 8. */
export const queryWords = (q: string) => (q.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);

const pattern = (word: string) => `%${word.replace(/[%_\\]/g, "\\$&")}%`;

/** Every word in one of the columns, ignoring accents and case; null when the query has no word. */
export function foldedMatch(q: string, columns: Array<AnyColumn | SQL>): SQL | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const parts = words.map(
    (word) => or(...columns.map((column) => sql`search_fold(${column}) LIKE search_fold(${pattern(word)})`))!,
  );
  return sql.join(parts, sql` AND `);
}
