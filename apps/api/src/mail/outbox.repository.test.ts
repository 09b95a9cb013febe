/**
 * The outbox's statement: its text (a change is a visible diff) and what it erases in the database.
 * outbox-retention.test.ts runs it through the daily job as production schedules it.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { outbox } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import { ERASE_OLD_BODIES, eraseOldBodies } from "./outbox.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe("outbox statements", () => {
  it("keep their text", () => {
    expect(statementTexts({ ERASE_OLD_BODIES })).toMatchSnapshot();
  });

  it("empty the oldest bodies past the retention first, a batch at a time, and keep the rows", async () => {
    const mail = (createdAt: Date) => ({
      channel: "mail",
      recipient: "someone@example.test",
      subject: "Reset your password",
      bodyText: "secret-token",
      bodyHtml: "<a>secret-token</a>",
      createdAt,
    });
    const rows = await t.deps.db
      .insert(outbox)
      .values([mail(daysAgo(900)), mail(daysAgo(800)), mail(daysAgo(1))])
      .returning({ id: outbox.id });
    const bodies = async () =>
      (
        await t.deps.db
          .select({ id: outbox.id, bodyText: outbox.bodyText, bodyHtml: outbox.bodyHtml })
          .from(outbox)
          .where(
            inArray(
              outbox.id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(outbox.id)
      ).map((r) => [r.bodyText, r.bodyHtml]);

    expect(await eraseOldBodies(t.deps.db, 700, 1)).toBe(1);
    expect(await bodies()).toEqual([
      ["", null],
      ["secret-token", "<a>secret-token</a>"],
      ["secret-token", "<a>secret-token</a>"],
    ]);
    expect(await eraseOldBodies(t.deps.db, 700, 5)).toBe(1);
    expect(await eraseOldBodies(t.deps.db, 700, 5)).toBe(0);
    expect(await bodies()).toEqual([
      ["", null],
      ["", null],
      ["secret-token", "<a>secret-token</a>"],
    ]);
  });
});
