/** The rate limits' statements: their text (a change is a visible diff) and how they count in the database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { statementTexts } from "../db/statement-text";
import { countHit, INCREMENT, PRUNE, pruneOldWindows, READ, readHits } from "./rate-limit.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("rate limit statements", () => {
  it("keep their text", () => {
    expect(statementTexts({ INCREMENT, READ, PRUNE })).toMatchSnapshot();
  });

  it("count hits in a key's window, start again once it is over, and prune windows long over", async () => {
    const { pool } = t.deps;
    expect(await countHit(pool, "route|a", 60_000)).toMatchObject({ current: 1 });
    const second = await countHit(pool, "route|a", 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(50_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await readHits(pool, "route|a")).current).toBe(2);
    expect(await readHits(pool, "route|b")).toEqual({ current: 0, ttl: 0 });

    // A window of no length is over at once: not read, and the next hit starts a new one.
    await countHit(pool, "route|c", 0);
    expect(await readHits(pool, "route|c")).toEqual({ current: 0, ttl: 0 });
    expect(await countHit(pool, "route|c", 60_000)).toMatchObject({ current: 1 });

    // A window that ended two hours ago is pruned; live ones stay.
    await countHit(pool, "route|old", -2 * 3_600_000);
    expect(await pruneOldWindows(pool)).toBeGreaterThanOrEqual(1);
    expect(await countHit(pool, "route|old", 60_000)).toMatchObject({ current: 1 });
    expect((await readHits(pool, "route|a")).current).toBe(2);
  });
});
