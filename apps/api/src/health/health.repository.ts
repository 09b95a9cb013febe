/**
 * The readiness probe's statement, on the pool itself (not drizzle): the question is whether a
 * connection can be had and answers now. Its text is snapshotted in health.repository.test.ts.
 */
import type pg from "pg";

export const PING = "SELECT 1 AS ok";

/** Resolves when PostgreSQL answers; rejects with the driver's error when it does not. */
export async function ping(pool: pg.Pool): Promise<void> {
  await pool.query({ name: "health_ping", text: PING });
}
