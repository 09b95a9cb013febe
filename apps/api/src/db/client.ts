import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { piggybackTransactions } from "./pipeline";
import * as schema from "./schema/index";

/** The root database: its `$client` (drizzle's public field) is the pool. */
export type Db = ReturnType<typeof createDb>["db"];
/**
 * A transaction handle (db/transaction.ts): the same query API as the database, and `$client`, the
 * pooled connection it runs on, so named statements (db/prepared.ts) run inside the transaction.
 * drizzle's own transaction handle lacks `$client`, so one cannot be passed where a Tx is expected.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] & { readonly $client: pg.PoolClient };
export type DbOrTx = Db | Tx;

// Dates and timestamps come back as strings/Date by column type; bigint counts (COUNT(*)) as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * `?pgbouncer=true` on DATABASE_URL: the server is PgBouncer in transaction mode, where a
 * connection's session state does not survive the transaction (docs/deployment.md, "PgBouncer").
 * Then no `options` startup parameter (PgBouncer refuses it) and no named prepared statements (the
 * next transaction may run on a server connection that has it already, or lacks it).
 */
export function behindPgBouncer(url: string): { url: string; pgbouncer: boolean } {
  // Only the query string is read: WHATWG's URL refuses the embedded database's socket form
  // (`postgres://user:pass@/db?host=/socket/dir`, credentials without a host name).
  const at = url.indexOf("?");
  if (at < 0) return { url, pgbouncer: false };
  const params = new URLSearchParams(url.slice(at + 1));
  const pgbouncer = params.get("pgbouncer") === "true";
  params.delete("pgbouncer");
  const query = params.toString();
  return { url: query ? `${url.slice(0, at)}?${query}` : url.slice(0, at), pgbouncer };
}

/** Sends every statement unnamed: parsed and planned per call, but valid on any server connection. */
function unnamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config, ...rest) =>
    query(
      config && typeof config === "object" && "name" in config ? { ...config, name: undefined } : config,
      ...rest,
    );
}

export function createDb(databaseUrl: string, options: { max?: number } = {}) {
  const { url, pgbouncer } = behindPgBouncer(databaseUrl);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // Named prepared statements (db/prepared.ts) are the hot path's key lookups. Left to itself,
    // PostgreSQL may judge a statement's generic plan costlier than a custom one and then plan it
    // again on every call, which cost more than running it (measured: 0.85 ms of planning per
    // checkout). Unnamed statements are still planned per call, but generically too: a partial
    // index then serves only a query that states its condition as a literal, not as a parameter.
    // Behind PgBouncer the DBA sets it on the role instead (ALTER ROLE ... SET plan_cache_mode).
    ...(pgbouncer ? {} : { options: "-c plan_cache_mode=force_generic_plan" }),
    // Lets a transaction's BEGIN and COMMIT travel with its statements (db/pipeline.ts).
    pipeline: true,
  });
  pool.on("connect", (client) => {
    piggybackTransactions(client);
    if (pgbouncer) unnamedStatements(client);
  });
  // An idle client losing its connection (database restart) must not crash the process; the
  // running app adds a listener that logs it (runtime.ts), scripts and tests need not.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { pool, db };
}
