/**
 * The rate limits' counters (rate-limit-store.ts says how @fastify/rate-limit uses them): each
 * statement a named constant, its text snapshotted in rate-limit.repository.test.ts, run on the
 * app's pool by one function here. The table is UNLOGGED (migration 0022) and not in the Drizzle
 * schema: only this file reads or writes it. Times are the database's clock, shared by every node.
 */
import type pg from "pg";

/** $1 key, $2 window in milliseconds: one more hit in the key's window, or the first of a new one. */
export const INCREMENT = `
  INSERT INTO rate_limit_hits AS r (key, hits, window_end)
  VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_end <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
    window_end = CASE WHEN r.window_end <= clock_timestamp() THEN excluded.window_end ELSE r.window_end END
  RETURNING hits, ceil(extract(epoch FROM window_end - clock_timestamp()) * 1000)::int AS ttl`;
/** $1 key: the live window's hits and milliseconds left, no row when none is live. */
export const READ = `
  SELECT hits, ceil(extract(epoch FROM window_end - clock_timestamp()) * 1000)::int AS ttl
  FROM rate_limit_hits WHERE key = $1 AND window_end > clock_timestamp()`;
/** Windows over for an hour. */
export const PRUNE = "DELETE FROM rate_limit_hits WHERE window_end < clock_timestamp() - interval '1 hour'";

/** A key's hits in its window and the milliseconds left of it (never negative). */
export type Hits = { current: number; ttl: number };

const hitsOf = (row: { hits: number; ttl: number }): Hits => ({
  current: row.hits,
  ttl: Math.max(0, row.ttl),
});

export async function countHit(pool: pg.Pool, key: string, windowMs: number): Promise<Hits> {
  const { rows } = await pool.query({
    name: "rate_limit_increment",
    text: INCREMENT,
    values: [key, windowMs],
  });
  return hitsOf(rows[0]);
}

/** The key's live window; no hits and no time left when none is live. */
export async function readHits(pool: pg.Pool, key: string): Promise<Hits> {
  const { rows } = await pool.query({ name: "rate_limit_read", text: READ, values: [key] });
  return rows[0] ? hitsOf(rows[0]) : { current: 0, ttl: 0 };
}

/** Deletes the windows over for an hour; answers how many. */
export async function pruneOldWindows(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query({ name: "rate_limit_prune", text: PRUNE });
  return rowCount ?? 0;
}
