/**
 * Transactions whose BEGIN travels with their first statement and whose COMMIT, when run by
 * `transactionEndingWith`, with their last (db/pipeline.ts): the same guarantees as before, in fewer
 * round trips to PostgreSQL, and no code of the caller running once the COMMIT has left.
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Tx } from "./client";
import { type NamedStatement, transactionEndingWith } from "./pipeline";
import { runNamed } from "./prepared";
import { transaction } from "./transaction";

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
const insertOf = (id: number, parent: number | null): NamedStatement => ({
  name: "pipeline_probe_insert",
  text: INSERT,
  values: [id, parent],
});
const insert = (db: Parameters<typeof runNamed>[0], id: number, parent: number | null) =>
  runNamed(db, "pipeline_probe_insert", INSERT, [id, parent]);
/** A transaction of `first` statements run by the body, ended by `last` sent with its COMMIT. */
const endingWith = (last: NamedStatement, body: (tx: Tx) => Promise<unknown> = async () => null) =>
  transactionEndingWith(t.deps.db, async (tx) => {
    await body(tx);
    return { value: "answered", last };
  });
const stored = async (id: number) =>
  (await t.deps.db.execute(sql`SELECT id FROM pipeline_probe WHERE id = ${id}`)).rows.length === 1;

/**
 * The round trips to PostgreSQL while `run` runs: groups of writes to a socket with no answer read in
 * between (queries sent together are written in the same tick, before any answer can be read).
 */
async function roundTripsDuring(run: () => Promise<unknown>): Promise<number> {
  const proto = net.Socket.prototype as unknown as Record<
    "_write" | "_writev" | "push",
    (...a: unknown[]) => unknown
  >;
  const original = { _write: proto._write, _writev: proto._writev, push: proto.push };
  let trips = 0;
  let answered = true;
  for (const name of ["_write", "_writev"] as const)
    proto[name] = function (this: unknown, ...args: unknown[]) {
      if (answered) trips += 1;
      answered = false;
      return original[name].apply(this, args);
    };
  proto.push = function (this: unknown, ...args: unknown[]) {
    answered = true;
    return original.push.apply(this, args);
  };
  try {
    await run();
  } finally {
    Object.assign(proto, original);
  }
  return trips;
}

describe("a transaction's BEGIN and COMMIT travel with its statements", () => {
  it("sends BEGIN with the first statement, and still rolls everything back on an error", async () => {
    await t.deps.db.execute(sql`SELECT 1`); // a warm connection: no connecting inside the count
    const trips = await roundTripsDuring(() =>
      transaction(t.deps.db, async (tx) => {
        await insert(tx, 1, null);
        await insert(tx, 2, 1);
        throw new Error("changed my mind");
      }).catch((error: Error) => expect(error.message).toBe("changed my mind")),
    );
    // BEGIN with the first insert, the second insert, ROLLBACK.
    expect(trips).toBe(3);
    expect(await stored(1)).toBe(false);
    expect(await stored(2)).toBe(false);
  });

  it("commits with the last statement: one round trip for BEGIN, one for the last statement and COMMIT", async () => {
    const trips = await roundTripsDuring(() => endingWith(insertOf(11, 10), (tx) => insert(tx, 10, null)));
    expect(trips).toBe(2);
    expect(await stored(10)).toBe(true);
    expect(await stored(11)).toBe(true);
  });

  it("a whole transaction of one statement is one round trip", async () => {
    const trips = await roundTripsDuring(() => endingWith(insertOf(20, null)));
    expect(trips).toBe(1);
    expect(await stored(20)).toBe(true);
  });

  it("reports a failing COMMIT and keeps nothing", async () => {
    // The parent does not exist: the deferred check fails at COMMIT, sent with the statement.
    const failed = await endingWith(insertOf(31, 999), (tx) => insert(tx, 30, null)).then(
      () => null,
      (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
    );
    expect(failed).toBe("23503");
    expect(await stored(30)).toBe(false);
    expect(await stored(31)).toBe(false);
  });

  it("reports a failing last statement and keeps nothing", async () => {
    // The same key again.
    const failed = await endingWith(insertOf(40, null), (tx) => insert(tx, 40, null)).then(
      () => null,
      (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
    );
    expect(failed).toBe("23505");
    expect(await stored(40)).toBe(false);
    // The connection is clean for the next transaction.
    await endingWith(insertOf(41, null));
    expect(await stored(41)).toBe(true);
  });

  it("answers the body's value and the last statement's rows", async () => {
    const ended = await transactionEndingWith(t.deps.db, async () => ({
      value: 42,
      last: { name: "pipeline_probe_returning", text: `${INSERT} RETURNING id`, values: [60, null] },
    }));
    expect(ended).toEqual({ value: 42, rows: [{ id: 60 }] });
    expect(await stored(60)).toBe(true);
  });

  it("a transaction with no last statement commits as usual", async () => {
    const ended = await transactionEndingWith(t.deps.db, async (tx) => {
      await insert(tx, 70, null);
      return { value: "no last", last: null };
    });
    expect(ended).toEqual({ value: "no last", rows: [] });
    expect(await stored(70)).toBe(true);
  });

  it("no caller code can mark a statement last: runNamed takes no marker", () => {
    // Compile-time proof (tsc checks this file): the only way to end a transaction with its COMMIT
    // is to hand transactionEndingWith the statement's description.
    const markLast = (tx: Tx) =>
      // @ts-expect-error runNamed has no `last` option
      runNamed(tx, "pipeline_probe_insert", INSERT, [0, null], { last: true });
    expect(markLast).toBeTypeOf("function");
  });

  it("refuses a statement that leaked code sends after the last one, instead of running it outside the transaction", async () => {
    let leaked: Promise<unknown> = Promise.resolve();
    await transactionEndingWith(t.deps.db, async (tx) => {
      // Not awaited by the body: it runs after the body answered, once the last statement has left
      // (a few microtasks later; the last statement's answer needs the network, so it is not back yet).
      leaked = (async () => {
        for (let i = 0; i < 20; i++) await null;
        return insert(tx, 51, null);
      })().then(
        () => "ran",
        (error: Error) => error.message,
      );
      return { value: null, last: insertOf(50, null) };
    });
    expect(await leaked).toContain("after its transaction's last statement");
    expect(await stored(50)).toBe(true);
    expect(await stored(51)).toBe(false);
  });
});
