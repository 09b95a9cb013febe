/**
 * What db/pipeline.ts relies on from Drizzle: the exact texts it sends to open, end and nest a
 * transaction. The pipeline recognises a transaction by the lowercase `begin`, `commit` and
 * `rollback` alone; any other text (a BEGIN with an isolation level, a savepoint) must pass through
 * untouched. A Drizzle upgrade that changes these texts fails here, loudly, before it silently turns
 * the pipeline off or sends a COMMIT where none was expected.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { transaction } from "./transaction";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.execute(sql`CREATE TABLE pipeline_contract (id int PRIMARY KEY)`);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const insert = (id: number) => sql`INSERT INTO pipeline_contract (id) VALUES (${id})`;
const stored = async () =>
  (await t.deps.db.execute<{ id: number }>(sql`SELECT id FROM pipeline_contract ORDER BY id`)).rows.map(
    (r) => r.id,
  );

/** The texts that reached the connection (after the pipeline) while `run` ran, in order. */
async function textsSentDuring(run: () => Promise<unknown>): Promise<string[]> {
  await t.deps.db.execute(sql`SELECT 1`); // a warm connection: nothing about connecting in the list
  const spy = vi.spyOn(pg.Client.prototype, "query");
  await run();
  const texts = spy.mock.calls.map(([config]) =>
    typeof config === "string" ? config : ((config as { text?: string }).text ?? ""),
  );
  spy.mockRestore();
  return texts;
}

const INSERT_TEXT = "INSERT INTO pipeline_contract (id) VALUES ($1)";

describe("the transaction texts Drizzle sends", () => {
  it("opens with `begin` and ends with `commit`", async () => {
    const texts = await textsSentDuring(() => transaction(t.deps.db, async (tx) => tx.execute(insert(1))));
    expect(texts).toEqual(["begin", INSERT_TEXT, "commit"]);
    expect(await stored()).toContain(1);
  });

  it("ends with `rollback` when the callback throws, and keeps nothing", async () => {
    const texts = await textsSentDuring(() =>
      transaction(t.deps.db, async (tx) => {
        await tx.execute(insert(2));
        throw new Error("changed my mind");
      }).catch((error: Error) => expect(error.message).toBe("changed my mind")),
    );
    expect(texts).toEqual(["begin", INSERT_TEXT, "rollback"]);
    expect(await stored()).not.toContain(2);
  });

  it("nests with `savepoint sp1`, `release savepoint sp1` and `rollback to savepoint sp1`", async () => {
    const texts = await textsSentDuring(() =>
      transaction(t.deps.db, async (tx) => {
        await tx.execute(insert(3));
        await transaction(tx, async (inner) => inner.execute(insert(4)));
        await transaction(tx, async (inner) => {
          await inner.execute(insert(5));
          throw new Error("not this one");
        }).catch((error: Error) => expect(error.message).toBe("not this one"));
      }),
    );
    expect(texts).toEqual([
      "begin",
      INSERT_TEXT,
      "savepoint sp1",
      INSERT_TEXT,
      "release savepoint sp1",
      "savepoint sp1",
      INSERT_TEXT,
      "rollback to savepoint sp1",
      "commit",
    ]);
    // The savepoint's rollback undid only its own statement: the pipeline did not take it for the
    // transaction's `rollback`.
    expect(await stored()).toEqual(expect.arrayContaining([3, 4]));
    expect(await stored()).not.toContain(5);
  });

  it("sends an isolation level in the BEGIN itself, which passes through as an ordinary statement", async () => {
    const texts = await textsSentDuring(() =>
      transaction(t.deps.db, async (tx) => tx.execute(insert(6)), { isolationLevel: "serializable" }),
    );
    expect(texts).toEqual(["begin isolation level serializable", INSERT_TEXT, "commit"]);
    expect(await stored()).toContain(6);
    // And the transaction really ran at that level.
    const level = await transaction(
      t.deps.db,
      async (tx) =>
        (await tx.execute<{ level: string }>(sql`SELECT current_setting('transaction_isolation') AS level`))
          .rows[0]?.level,
      { isolationLevel: "serializable" },
    );
    expect(level).toBe("serializable");
  });

  it("rolls back an isolation-level transaction whose callback throws", async () => {
    await transaction(
      t.deps.db,
      async (tx) => {
        await tx.execute(insert(7));
        throw new Error("changed my mind");
      },
      { isolationLevel: "repeatable read" },
    ).catch((error: Error) => expect(error.message).toBe("changed my mind"));
    expect(await stored()).not.toContain(7);
  });
});
