/** The help desk's statements: their text and the tags and response times they compute. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { ticketMessages, tickets } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import { responseTimeAverages, selectResponseTimes, selectTagCounts, tagCounts } from "./helpdesk.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("help desk statements", () => {
  it("keep their text", () => {
    const hidden = sql`tickets.priority <> ${"low"}`;
    expect(
      statementTexts(
        {
          tagCounts: tagCounts(undefined),
          tagCountsVisible: tagCounts(hidden),
          responseTimeAverages: responseTimeAverages(undefined),
        },
        { params: true },
      ),
    ).toMatchSnapshot();
  });

  it("count tags and average the first reply and resolution over the visible, unmerged tickets", async () => {
    const learner = await buildLearner(t);
    const staff = await buildAdmin(t);
    const opened = new Date("2026-02-01T10:00:00Z");
    const minutes = (n: number) => new Date(opened.getTime() + n * 60_000);
    const ticket = (values: Partial<typeof tickets.$inferInsert>) => ({
      userId: learner.id,
      description: "Help",
      createdAt: opened,
      ...values,
    });
    const [answered, resolved, low, merged] = await t.deps.db
      .insert(tickets)
      .values([
        ticket({ tags: ["billing", "video"] }),
        ticket({ tags: ["billing"], status: "resolved", resolvedAt: minutes(120) }),
        ticket({ tags: ["video"], priority: "low" }),
        ticket({ tags: [] }),
      ])
      .returning({ id: tickets.id });
    await t.deps.db
      .update(tickets)
      .set({ mergedIntoId: answered!.id })
      .where(sql`${tickets.id} = ${merged!.id}`);
    await t.deps.db.insert(ticketMessages).values([
      {
        ticketId: answered!.id,
        authorId: staff.id,
        authorKind: "staff",
        body: "On it",
        createdAt: minutes(10),
      },
      {
        ticketId: answered!.id,
        authorId: learner.id,
        authorKind: "requester",
        body: "Thanks",
        createdAt: minutes(5),
      },
      {
        ticketId: resolved!.id,
        authorId: staff.id,
        authorKind: "staff",
        body: "Done",
        createdAt: minutes(30),
      },
      { ticketId: merged!.id, authorId: staff.id, authorKind: "staff", body: "Dup", createdAt: minutes(1) },
    ]);

    expect(await selectTagCounts(t.deps.db, undefined)).toEqual([
      { tag: "billing", tickets: 2 },
      { tag: "video", tickets: 2 },
    ]);
    const notLow = sql`tickets.priority <> 'low'`;
    expect(await selectTagCounts(t.deps.db, notLow)).toEqual([
      { tag: "billing", tickets: 2 },
      { tag: "video", tickets: 1 },
    ]);

    const times = await selectResponseTimes(t.deps.db, notLow);
    expect(times).toMatchObject({ tickets: 2, responded: 2, resolved: 1 });
    expect(Number(times.first_avg)).toBe(20 * 60);
    expect(Number(times.resolution_avg)).toBe(120 * 60);
    expect(low).toBeDefined();
  });
});
