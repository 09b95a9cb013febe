/** Privacy's statement: its text and that it holds the person's row until the transaction ends. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { statementTexts } from "../db/statement-text";
import { transaction } from "../db/transaction";
import { lockPerson, lockPersonRow } from "./privacy.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("privacy statements", () => {
  it("keep their text", () => {
    expect(statementTexts(lockPerson(7), { params: true })).toMatchSnapshot();
  });

  it("lock the person's row until the transaction ends, and find no one for an unknown id", async () => {
    const learner = await buildLearner(t);
    expect(await transaction(t.deps.db, (tx) => lockPersonRow(tx, 2_000_000_000))).toBe(false);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const first = transaction(t.deps.db, async (tx) => {
      expect(await lockPersonRow(tx, learner.id)).toBe(true);
      locked();
      await held;
    });
    await isLocked;
    // A second taker waits for the first: NOWAIT shows the row is held without waiting.
    await expect(
      transaction(t.deps.db, async (tx) => {
        await tx.execute(`SELECT id FROM users WHERE id = ${learner.id} FOR UPDATE NOWAIT`);
      }),
    ).rejects.toThrow();
    release();
    await first;
    expect(await transaction(t.deps.db, (tx) => lockPersonRow(tx, learner.id))).toBe(true);
  });
});
