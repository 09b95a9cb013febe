/**
 * The certificates' statements: their text (a change is a visible diff) and what they find and write
 * in the database. certificates.test.ts issues through them over HTTP (module and level exams too).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { statementTexts } from "../db/statement-text";
import { completeTitle } from "./certificates.fixtures";
import { DUE_ITEMS, dueItems, ISSUE, issueCertificates } from "./certificates.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("certificates statements", () => {
  it("keep their text", () => {
    expect(statementTexts({ DUE_ITEMS, ISSUE })).toMatchSnapshot();
  });

  it("find a completed title due once, and write its certificate once", async () => {
    const [ana, leo] = [await buildLearner(t), await buildLearner(t)];
    const course = await completeTitle(t, ana.id);
    const due = await dueItems(t.deps.db, [ana.id, leo.id]);
    expect(due).toEqual([
      {
        user_id: ana.id,
        kind: "title",
        course_id: course.id,
        item_id: course.id,
        en: expect.any(String),
        es: expect.any(String),
      },
    ]);
    const rows = due.map((item) => ({ ...item, code: `TEST${ana.id}`.padEnd(16, "X") }));
    const issued = await issueCertificates(t.deps.db, rows);
    expect(issued).toEqual([{ id: expect.any(Number), user_id: ana.id, kind: "title", item_id: course.id }]);
    // The same item again writes nothing, and nothing is due any more.
    expect(await issueCertificates(t.deps.db, rows)).toEqual([]);
    expect(await dueItems(t.deps.db, [ana.id])).toEqual([]);
  });
});
