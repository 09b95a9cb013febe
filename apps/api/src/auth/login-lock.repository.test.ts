/** The login lock's statements: their text (a change is a visible diff) and what they count in the database. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { loginFailures } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import {
  addLoginFailure,
  CLEAR_FAILURES,
  COUNT_FAILURE,
  deleteLoginFailures,
  LOCKED_SECONDS,
  lockSecondsLeft,
} from "./login-lock.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WINDOW = 600;

describe("login lock statements", () => {
  it("keep their text", () => {
    expect(statementTexts({ LOCKED_SECONDS, COUNT_FAILURE, CLEAR_FAILURES })).toMatchSnapshot();
  });

  it("lock at the limit for the rest of the window, start a new window once it ran out, and clear", async () => {
    const [ana, leo] = [await buildLearner(t), await buildLearner(t)];
    const failuresOf = async (userId: number) =>
      (await t.deps.db.select().from(loginFailures).where(eq(loginFailures.userId, userId)))[0]?.failures;
    await addLoginFailure(t.deps.db, ana.id, WINDOW);
    expect(await lockSecondsLeft(t.deps.db, ana.id, 2, WINDOW)).toBeNull();
    await addLoginFailure(t.deps.db, ana.id, WINDOW);
    const left = await lockSecondsLeft(t.deps.db, ana.id, 2, WINDOW);
    expect(left).toBeGreaterThan(WINDOW - 60);
    expect(left).toBeLessThanOrEqual(WINDOW);
    // Another account's count is its own.
    expect(await lockSecondsLeft(t.deps.db, leo.id, 1, WINDOW)).toBeNull();

    // The window ran out: no lock, and the next failure is the first of a new window.
    await t.deps.db
      .update(loginFailures)
      .set({ windowStartedAt: new Date(Date.now() - (WINDOW + 5) * 1000) })
      .where(eq(loginFailures.userId, ana.id));
    expect(await lockSecondsLeft(t.deps.db, ana.id, 2, WINDOW)).toBeNull();
    await addLoginFailure(t.deps.db, ana.id, WINDOW);
    expect(await failuresOf(ana.id)).toBe(1);

    await deleteLoginFailures(t.deps.db, ana.id);
    expect(await failuresOf(ana.id)).toBeUndefined();
  });
});
