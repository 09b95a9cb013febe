/**
 * The readiness probe's statement: its text (a change is a visible diff), and that it answers on a
 * live pool and fails on one that cannot connect. health.test.ts asks /api/ready over HTTP.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { statementTexts } from "../db/statement-text";
import { PING, ping } from "./health.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health statements", () => {
  it("keep their text", () => {
    expect(statementTexts({ PING })).toMatchSnapshot();
  });

  it("answer on a live pool, and fail on a closed one", async () => {
    await expect(ping(t.deps.pool)).resolves.toBeUndefined();
    const closed = new pg.Pool({ connectionString: t.databaseUrl });
    await closed.end();
    await expect(ping(closed)).rejects.toThrow();
  });
});
