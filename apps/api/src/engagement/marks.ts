/**
 * A learner's mark on a thing, on or off: a wish-list heart, a "notify me", a Q&A upvote or follow.
 * Each is one row of its own table keyed by (learner, thing) while on; setting it twice keeps one
 * row (the key collapses concurrent requests) and removing what is not there changes nothing.
 */
import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client";

/**
 * Sets the mark `key` (its key columns and values, e.g. `{ userId, courseId }`) on or off in
 * `table`; `removable` narrows which rows turning it off deletes. Answers whether a row was really
 * added or removed, for a counter kept beside the marks (a question's votes).
 */
export async function setMark<T extends PgTable>(
  db: DbOrTx,
  table: T,
  key: PgInsertValue<T> & Record<string, number>,
  on: boolean,
  removable?: SQL,
): Promise<boolean> {
  if (on) {
    const added = await db.insert(table).values(key).onConflictDoNothing();
    return (added.rowCount ?? 0) > 0;
  }
  const columns = getTableColumns(table);
  const matches = Object.entries(key).map(([name, value]) => eq(columns[name]!, value));
  const removed = await db.delete(table).where(and(...matches, removable));
  return (removed.rowCount ?? 0) > 0;
}
