/**
 * Transactions whose BEGIN travels with their first statement and whose COMMIT, when asked, with
 * their last (db/pipeline.ts): the same guarantees as before, in fewer writes to PostgreSQL.
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { runNamed } from "./prepared";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A deferred foreign key fails at COMMIT, not at the statement.
  await t.deps.db.execute(sql`
    CREATE TABLE pipeline_probe (
      id int PRIMARY KEY,
      parent int REFERENCES pipeline_probe (id) DEFERRABLE INITIALLY DEFERRED
    )`);
});
afterAll(() => t.close());

const INSERT = "INSERT INTO pipeline_probe (id, parent) VALUES ($1::int, $2::int)";
const insert = (db: Parameters<typeof runNamed>[0], id: number, parent: number | null, last = false) =>
  runNamed(db, "pipeline_probe_insert", INSERT, [id, parent], { last });
const stored = async (id: number) =>
  (await t.deps.db.execute(sql`SELECT id FROM pipeline_probe WHERE id = ${id}`)).rows.length === 1;

/** The writes to sockets (all of them PostgreSQL's here) while `run` runs. */
async function writesDuring(run: () => Promise<unknown>): Promise<number> {
  const proto = net.Socket.prototype as unknown as Record<"_write" | "_writev", (...a: unknown[]) => unknown>;
  const original = { _write: proto._write, _writev: proto._writev };
  let writes = 0;
  for (const name of ["_write", "_writev"] as const)
    proto[name] = function (this: unknown, ...args: unknown[]) {
      writes += 1;
      return original[name].apply(this, args);
    };
  try {
    await run();
  } finally {
    Object.assign(proto, original);
  }
  return writes;
}

describe("a transaction's BEGIN and COMMIT travel with its statements", () => {
  it("sends BEGIN with the first statement, and still rolls everything back on an error", async () => {
    await t.deps.db.execute(sql`SELECT 1`); // a warm connection: no connecting inside the count
    const writes = await writesDuring(() =>
      t.deps.db
        .transaction(async (tx) => {
          await insert(tx, 1, null);
          await insert(tx, 2, 1);
          throw new Error("changed my mind");
        })
        .catch((error: Error) => expect(error.message).toBe("changed my mind")),
    );
    // BEGIN + the first insert, the second insert, ROLLBACK.
    expect(writes).toBe(3);
    expect(await stored(1)).toBe(false);
    expect(await stored(2)).toBe(false);
  });

  it("commits with the last statement: one write for BEGIN, one for the last statement and COMMIT", async () => {
    const writes = await writesDuring(() =>
      t.deps.db.transaction(async (tx) => {
        await insert(tx, 10, null);
        await insert(tx, 11, 10, true);
      }),
    );
    expect(writes).toBe(2);
    expect(await stored(10)).toBe(true);
    expect(await stored(11)).toBe(true);
  });

  it("a whole transaction of one statement is one write", async () => {
    const writes = await writesDuring(() => t.deps.db.transaction((tx) => insert(tx, 20, null, true)));
    expect(writes).toBe(1);
    expect(await stored(20)).toBe(true);
  });

  it("reports a failing COMMIT and keeps nothing", async () => {
    // The parent does not exist: the deferred check fails at COMMIT, sent with the statement.
    const failed = await t.deps.db
      .transaction(async (tx) => {
        await insert(tx, 30, null);
        await insert(tx, 31, 999, true);
      })
      .then(
        () => null,
        (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
      );
    expect(failed).toBe("23503");
    expect(await stored(30)).toBe(false);
    expect(await stored(31)).toBe(false);
  });

  it("reports a failing last statement and keeps nothing", async () => {
    const failed = await t.deps.db
      .transaction(async (tx) => {
        await insert(tx, 40, null);
        await insert(tx, 40, null, true); // the same key again
      })
      .then(
        () => null,
        (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
      );
    expect(failed).toBe("23505");
    expect(await stored(40)).toBe(false);
    // The connection is clean for the next transaction.
    await t.deps.db.transaction((tx) => insert(tx, 41, null, true));
    expect(await stored(41)).toBe(true);
  });

  it("refuses a statement after the last one instead of running it outside the transaction", async () => {
    const failed = await t.deps.db
      .transaction(async (tx) => {
        await insert(tx, 50, null, true);
        await insert(tx, 51, null);
      })
      .then(
        () => null,
        (error: Error) => error.message,
      );
    expect(failed).toContain("after its transaction's last statement");
    expect(await stored(51)).toBe(false);
  });
});
