/**
 * db/transaction.ts: a transaction's handle carries the connection it runs on as `$client`, so a
 * named statement sent through it is part of the transaction (rolled back with it), savepoints keep
 * it, and a connection that broke inside a transaction is not handed to the next caller.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Tx } from "./client";
import { runNamed } from "./prepared";
import { transaction } from "./transaction";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.execute(sql`CREATE TABLE transaction_probe (id int PRIMARY KEY)`);
});
afterAll(() => t.close());

const INSERT = "INSERT INTO transaction_probe (id) VALUES ($1::int)";
const insert = (tx: Tx, id: number) => runNamed(tx, "transaction_probe_insert", INSERT, [id]);
const stored = async (id: number) =>
  (await t.deps.db.execute(sql`SELECT id FROM transaction_probe WHERE id = ${id}`)).rows.length === 1;
const backendOf = async (tx: Tx) =>
  Number((await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid);

describe("transaction()", () => {
  it("runs named statements on the transaction's own connection: they commit and roll back with it", async () => {
    const ids = await transaction(t.deps.db, async (tx) => {
      await insert(tx, 1);
      const viaClient = await tx.$client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      return { drizzle: await backendOf(tx), client: Number(viaClient.rows[0]!.pid) };
    });
    expect(ids.client).toBe(ids.drizzle);
    expect(await stored(1)).toBe(true);

    await expect(
      transaction(t.deps.db, async (tx) => {
        await insert(tx, 2);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await stored(2)).toBe(false);
  });

  it("nests as a savepoint on the same connection; a failed savepoint undoes only its own rows", async () => {
    await transaction(t.deps.db, async (tx) => {
      await insert(tx, 3);
      const inner = await transaction(tx, async (savepoint) => {
        await insert(savepoint, 4);
        return { same: savepoint.$client === tx.$client, backend: await backendOf(savepoint) };
      });
      expect(inner).toEqual({ same: true, backend: await backendOf(tx) });
      await expect(
        transaction(tx, async (savepoint) => {
          await insert(savepoint, 5);
          throw new Error("not this one");
        }),
      ).rejects.toThrow("not this one");
      // A savepoint cannot change the isolation level of the transaction it is in.
      await expect(transaction(tx, async () => null, { isolationLevel: "serializable" })).rejects.toThrow(
        "savepoint",
      );
    });
    expect([await stored(3), await stored(4), await stored(5)]).toEqual([true, true, false]);
  });

  it("does not hand a connection that broke inside a transaction to the next caller", async () => {
    await expect(
      transaction(t.deps.db, async (tx) => {
        // The server ends this very connection, as a restart or an administrator would.
        await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    // Every connection the pool now lends works, as many at once as it holds.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => transaction(t.deps.db, async (tx) => backendOf(tx))),
    );
    expect(answers.every((pid) => pid > 0)).toBe(true);
  });
});

/** Type-level only, never called: drizzle's own transaction handle lacks `$client`, so it cannot reach `runNamed`. */
export function handlesWithoutClientAreRefused(raw: Omit<Tx, "$client">) {
  // @ts-expect-error no $client: named statements would not know the transaction's connection
  return runNamed(raw, "n", "SELECT 1", []);
}
