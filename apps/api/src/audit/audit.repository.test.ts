/** The audit log's statements: their text and the facets they read from the log. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { auditLog } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import { distinctActions, distinctEntities, selectAuditFacets } from "./audit.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("audit statements", () => {
  it("keep their text", () => {
    expect(
      statementTexts(
        {
          distinctActions,
          distinctEntities,
        },
        { params: true },
      ),
    ).toMatchSnapshot();
  });

  it("list each action and entity of the log once, alphabetically", async () => {
    await t.deps.db.insert(auditLog).values([
      { action: "user.update", entity: "user", entityId: "1" },
      { action: "faq.create", entity: "faq", entityId: "2" },
      { action: "user.update", entity: "user", entityId: "3" },
    ]);
    expect(await selectAuditFacets(t.deps.db)).toEqual({
      actions: ["faq.create", "user.update"],
      entities: ["faq", "user"],
    });
  });
});
