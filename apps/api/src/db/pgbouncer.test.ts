/**
 * `?pgbouncer=true` on DATABASE_URL (PgBouncer in transaction mode) sends no
 * `options` startup parameter and no named prepared statements; without it both stay (they are
 * the hot path's speed). Checked on the test PostgreSQL, which shows what each connection holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-app";
import { behindPgBouncer, createDb } from "./client";
import { runNamed } from "./prepared";

let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createTestDatabase();
});

const pools: { end(): Promise<void> }[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.end();
});

/** One connection's plan cache mode and the named statements it holds after two named calls. */
async function sessionOf(url: string) {
  const { db, pool } = createDb(url, { max: 1 });
  pools.push(pool);
  for (let i = 0; i < 2; i++) await runNamed(db, "pgbouncer_probe", "SELECT $1::int AS n", [i]);
  const [mode] = await runNamed<{ plan_cache_mode: string }>(db, "probe_mode", "SHOW plan_cache_mode", []);
  const { rows } = await pool.query<{ name: string }>(
    "SELECT name FROM pg_prepared_statements ORDER BY name",
  );
  return { mode: mode!.plan_cache_mode, named: rows.map((row) => row.name) };
}

describe("DATABASE_URL ?pgbouncer=true", () => {
  it("drops the startup options and names no statement; the flag itself never reaches PostgreSQL", async () => {
    expect(await sessionOf(databaseUrl)).toEqual({
      mode: "force_generic_plan",
      named: ["pgbouncer_probe", "probe_mode"],
    });
    const separator = databaseUrl.includes("?") ? "&" : "?";
    expect(await sessionOf(`${databaseUrl}${separator}pgbouncer=true`)).toEqual({ mode: "auto", named: [] });
    expect(behindPgBouncer(`${databaseUrl}${separator}pgbouncer=true`)).toEqual({
      url: new URL(databaseUrl).toString(),
      pgbouncer: true,
    });
  });

  it("reads the embedded database's socket form (credentials, no host name) without refusing it", () => {
    const socket = "postgres://aprendo:secret@/aprendo?host=%2Ftmp%2Fdata%2Fpostgres&port=5433";
    expect(behindPgBouncer(socket)).toEqual({ url: socket, pgbouncer: false });
    expect(behindPgBouncer(`${socket}&pgbouncer=true`)).toEqual({ url: socket, pgbouncer: true });
    expect(behindPgBouncer("postgres://a:b@db.example/app?pgbouncer=true")).toEqual({
      url: "postgres://a:b@db.example/app",
      pgbouncer: true,
    });
  });
});
