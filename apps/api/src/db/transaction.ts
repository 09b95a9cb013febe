/**
 * The one way the API opens a transaction (or a savepoint inside one). It checks a connection out
 * of the pool itself, so the transaction handle it gives the body carries that connection publicly
 * as `$client`, like the root database carries its pool: named statements (db/prepared.ts `runNamed`,
 * pg-boss's job insert through `sqlExecutorOf`) and db/pipeline.ts's last statement then run on the
 * transaction's connection without reading drizzle's private fields. quality/transactions.test.ts
 * keeps every other `.transaction(` call out of the API.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db, DbOrTx, Tx } from "./client";
import * as schema from "./schema/index";

type ConnectionDb = ReturnType<typeof connectionDb>;
type DrizzleTx = Parameters<Parameters<ConnectionDb["transaction"]>[0]>[0];

function connectionDb(client: pg.PoolClient) {
  return drizzle({ client, schema, casing: "snake_case" });
}

/**
 * One drizzle handle per physical connection, made on its first transaction: building one reads the
 * whole schema's relations (measured: about 2 ms of CPU), too much for every transaction, little
 * for a connection that lives for many of them. Keyed weakly, so a connection the pool drops takes its handle along.
 */
const handles = new WeakMap<pg.PoolClient, ConnectionDb>();

function handleOf(client: pg.PoolClient): ConnectionDb {
  let handle = handles.get(client);
  if (!handle) {
    handle = connectionDb(client);
    handles.set(client, handle);
  }
  return handle;
}

/** drizzle's transaction handle, given the connection it runs on (our own property, not drizzle's). */
function withClient(tx: DrizzleTx, client: pg.PoolClient): Tx {
  return Object.assign(tx, { $client: client }) as unknown as Tx;
}

const isRoot = (db: DbOrTx): db is Db => db.$client instanceof pg.Pool;

/**
 * Runs `body` in a transaction on a connection of the database's pool, or in a savepoint when `db`
 * is already a transaction (then `config` is refused: the outer transaction set its isolation).
 * drizzle sends BEGIN, COMMIT and ROLLBACK itself on that connection.
 */
export async function transaction<Value>(
  db: DbOrTx,
  body: (tx: Tx) => Promise<Value>,
  config?: PgTransactionConfig,
): Promise<Value> {
  if (!isRoot(db)) {
    if (config) throw new Error("a savepoint takes its transaction's settings; config is for top-level ones");
    const client = db.$client;
    return db.transaction((inner) => body(withClient(inner as DrizzleTx, client)));
  }
  const client = await db.$client.connect();
  let broken: Error | undefined;
  let bodyError: unknown;
  // A checked-out client has no listener of its own: a connection lost between two statements
  // (the server restarted, an administrator ended it) would otherwise be an uncaught error that ends
  // the process. The statement awaiting it fails anyway; the connection is then given up.
  const lost = (error: Error) => {
    broken = error;
  };
  client.on("error", lost);
  try {
    return await handleOf(client).transaction(async (tx) => {
      try {
        return await body(withClient(tx, client));
      } catch (error) {
        bodyError = error;
        throw error;
      }
    }, config);
  } catch (error) {
    // drizzle rethrows the body's error once its ROLLBACK went through, and a statement's error when
    // PostgreSQL answered it (a serialization failure at COMMIT): the connection is fine. Anything
    // else (BEGIN, COMMIT or ROLLBACK never answered) leaves it in an unknown state: pg then closes
    // it instead of handing it to the next caller.
    if (!broken && error !== bodyError && !answeredByServer(error)) broken = error as Error;
    throw error;
  } finally {
    client.off("error", lost);
    client.release(broken);
  }
}

/** A PostgreSQL error answer, as pg reports it, or wrapped by drizzle (its `cause`). */
function answeredByServer(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError ||
    (error instanceof Error && (error as { cause?: unknown }).cause instanceof pg.DatabaseError)
  );
}
