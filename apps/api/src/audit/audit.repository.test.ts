/** The audit log's statements: their text and the facets they read from the log. */
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { auditLog } from "../db/schema/index";
import { distinctActions, distinctEntities, selectAuditFacets } from "./audit.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("audit statements", () => {
  it("keep their text", () => {
    const dialect = new PgDialect();
    expect({
      distinctActions: dialect.sqlToQuery(distinctActions),
      distinctEntities: dialect.sqlToQuery(distinctEntities),
    }).toMatchSnapshot();
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
