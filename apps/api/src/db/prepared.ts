/**
 * Named prepared statements for the hot paths. PostgreSQL parses and plans a named statement once
 * per connection, and drizzle builds its SQL once instead of on every call; for the queries every
 * request runs (authentication, a learner's state in a title) that is most of their cost.
 */
import { createHash } from "node:crypto";
import type pg from "pg";
import type { DbOrTx } from "./client";

/** `build` runs once per database handle; the statement it returns is reused for every call. */
export function preparedFor<Statement>(build: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const statements = new WeakMap<object, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * The pg pool or pooled connection behind a handle: the root database's `$client` (drizzle's public
 * field) or a transaction's (db/transaction.ts sets it), so a transaction's statements stay on its
 * connection.
 */
export function clientOf(db: DbOrTx): pg.Pool | pg.PoolClient {
  return db.$client;
}

/**
 * Plain SQL with $1-style parameters on the handle's connection: how pg-boss writes a job inside the
 * caller's transaction, or on the app's pool (jobs/jobs.ts). Each text runs as a named prepared
 * statement (named by a hash of the text), so PostgreSQL parses and plans pg-boss's job insert once
 * per connection instead of on every job sent (planning it cost about as much as running it).
 * pg-boss's insert text is fixed per queue, so the names stay few.
 */
export function sqlExecutorOf(db: DbOrTx): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  const client = clientOf(db);
  return {
    executeSql: (text, values = []) => client.query({ name: statementName(text), text, values }),
  };
}

const statementName = (text: string) => `sql_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;

/**
 * Runs hand-written SQL as a named prepared statement on the handle's connection (the pool, or a
 * transaction's client). Each name must always have the same text; lists travel as array or JSON
 * parameters so the text never depends on the input. A transaction's last statement, sent with its
 * COMMIT, is run by db/pipeline.ts `transactionEndingWith` instead.
 */
export async function runNamed<Row>(
  db: DbOrTx,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const result = await clientOf(db).query({ name, text, values });
  return result.rows as Row[];
}
