/**
 * A transaction's BEGIN travels with its first statement, and its COMMIT with its last one when the
 * transaction is run by `transactionEndingWith`: one round trip instead of two each. On the machines we measure, a round trip to PostgreSQL costs both processes more CPU (each
 * write wakes the other side) than most hot-path statements take to run; checkout went from 5 round
 * trips to 3.
 *
 * It relies only on node-postgres pipelining (`pipeline: true` on the pool, a public option: a query
 * is sent without waiting for the previous answer, each with its own Sync), so the queries leave in
 * one go and are answered in one round trip. Nothing changes for statements awaited one by one.
 */
import type pg from "pg";
import type { Db, Tx } from "./client";
import { clientOf } from "./prepared";
import { transaction } from "./transaction";

/** Marks a query as its transaction's last statement. Only `transactionEndingWith` sets it. */
const COMMIT_WITH = Symbol("commitWith");

/** A named statement described, not yet run (what `runNamed` runs). */
export type NamedStatement = { name: string; text: string; values: unknown[] };

/** What a transaction's body answers: its value, and the statement that ends it (none: a plain COMMIT). */
export type Ending<Value> = { value: Value; last: NamedStatement | null };

/**
 * Runs `body` in a transaction, then its last statement with the COMMIT. The body describes that
 * statement instead of running it, so no code of the caller can run after it: once the COMMIT has
 * left, a failure of the caller's code would be reported as an error while the rows stay written.
 * Answers the body's value and the last statement's rows. Top-level transactions only (a savepoint
 * cannot take its transaction's COMMIT): it takes the database, not a transaction.
 */
export function transactionEndingWith<Value>(
  db: Db,
  body: (tx: Tx) => Promise<Ending<Value>>,
): Promise<{ value: Value; rows: unknown[] }> {
  return transaction(db, async (tx) => {
    const { value, last } = await body(tx);
    if (!last) return { value, rows: [] };
    const marked: NamedStatement = Object.assign({ [COMMIT_WITH]: true }, last);
    const result = await clientOf(tx).query(marked);
    return { value, rows: result.rows };
  });
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => Promise<pg.QueryResult>;

/** What `begin`, `commit` and `rollback` answer when nothing needed sending. */
const done = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

/**
 * Wraps a pooled client's `query` (installed once per connection). States: `idle` (no transaction),
 * `begin-pending` (drizzle asked for BEGIN; it leaves with the next statement), `open`, and `ended`
 * (the last statement took the COMMIT with it: drizzle's own COMMIT, or its ROLLBACK after an
 * error, then has nothing left to do; PostgreSQL answers a COMMIT of a failed transaction by rolling
 * it back). A statement sent after the last one is refused, not run outside the transaction.
 */
export function piggybackTransactions(client: pg.PoolClient): void {
  // The class's query, looked up at each call (so a spy on the prototype still sees every statement).
  const send: Query = (config, values, callback) =>
    (Object.getPrototypeOf(client) as { query: Query }).query.call(client, config, values, callback);
  let state: "idle" | "begin-pending" | "open" | "ended" = "idle";

  /** Sends the queries together; answers the result at `index`, or the first error in order. */
  async function together(queries: Array<[unknown, unknown?]>, index: number): Promise<pg.QueryResult> {
    const sent = queries.map(([config, values]) => send(config, values));
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    return (settled[index] as PromiseFulfilledResult<pg.QueryResult>).value;
  }

  const query: Query = (config, values, callback) => {
    // Callback calls (pg-pool's own) and anything unusual pass straight through.
    if (callback !== undefined || typeof values === "function") return send(config, values, callback);
    const text = typeof config === "string" ? config : (config as { text?: string } | null)?.text;
    if (text === "begin") {
      state = "begin-pending";
      return Promise.resolve(done("BEGIN"));
    }
    if (text === "commit" || text === "rollback") {
      const before = state;
      state = "idle";
      if (before === "begin-pending" || before === "ended") return Promise.resolve(done(text.toUpperCase()));
      return send(config, values);
    }
    if (state === "ended")
      return Promise.reject(
        new Error("a statement after its transaction's last statement (transactionEndingWith)"),
      );
    const last = typeof config === "object" && config !== null && COMMIT_WITH in config && state !== "idle";
    if (state === "idle" || (state === "open" && !last)) return send(config, values);
    const queries: Array<[unknown, unknown?]> = [];
    if (state === "begin-pending") queries.push(["begin"]);
    queries.push([config, values]);
    if (last) queries.push(["commit"]);
    state = last ? "ended" : "open";
    return together(queries, queries.length - (last ? 2 : 1));
  };
  client.query = query as typeof client.query;
}
