/** The notifications' statements: their text (a change is a visible diff) and what they do in the database. */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { globalNotifications, notifications } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import {
  fanOutGlobal,
  INBOX_PAGE,
  INSERT_AND_PUBLISH,
  insertAndPublish,
  insertGlobalForLearners,
  notifyChannel,
  sendOnChannel,
} from "./notifications.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const text = (en: string) => ({ en, es: `${en} (es)` });

describe("notifications statements", () => {
  it("keep their text", () => {
    expect(
      statementTexts(
        {
          INSERT_AND_PUBLISH,
          notifyChannel: notifyChannel("a_channel", '{"kind":"changed"}'),
          fanOutGlobal: fanOutGlobal(7),
        },
        { params: true },
      ),
    ).toMatchSnapshot();
  });

  it("keep the inbox page's text (notifications.test.ts reads inboxes through it over HTTP)", () => {
    expect(statementTexts({ INBOX_PAGE })).toMatchSnapshot();
  });

  it("insert rows in the order given and announce each on the channel when committed", async () => {
    const [ana, leo] = [await buildLearner(t), await buildLearner(t)];
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (m) => heard.push(m.payload ?? ""));
    await listener.query("LISTEN repository_test");
    try {
      const row = (userId: number, en: string) => ({
        user_id: userId,
        type: 1,
        title: text(en),
        description: text(`${en} body`),
        action: {},
      });
      const ids = await insertAndPublish(
        t.deps.db,
        [row(leo.id, "second"), row(ana.id, "first")],
        "repository_test",
      );
      expect(ids).toHaveLength(2);
      expect(ids[0]!.id).toBeLessThan(ids[1]!.id);
      const stored = await t.deps.db.select().from(notifications).where(eq(notifications.id, ids[0]!.id));
      expect(stored[0]).toMatchObject({ userId: leo.id, title: text("second") });
      await sendOnChannel(t.deps.db, "repository_test", "plain event");
      await expect.poll(() => heard.length).toBe(3);
      expect(heard.slice(0, 2).map((p) => JSON.parse(p))).toEqual([
        { kind: "notification", userId: leo.id, id: ids[0]!.id },
        { kind: "notification", userId: ana.id, id: ids[1]!.id },
      ]);
      expect(heard[2]).toBe("plain event");
    } finally {
      await listener.end();
    }
  });

  it("fan a global notification out to every active learner only", async () => {
    const learner = await buildLearner(t);
    const disabled = await buildLearner(t, { overrides: { status: "disabled" } });
    const admin = await buildAdmin(t);
    const [global] = await t.deps.db
      .insert(globalNotifications)
      .values({ title: text("Maintenance"), description: text("Tonight") })
      .returning({ id: globalNotifications.id });
    const recipients = await insertGlobalForLearners(t.deps.db, global!.id);
    const got = await t.deps.db
      .select({ userId: notifications.userId, action: notifications.action })
      .from(notifications)
      .where(eq(notifications.globalNotificationId, global!.id));
    expect(recipients).toBe(got.length);
    const ids = got.map((r) => r.userId);
    expect(ids).toContain(learner.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(admin.id);
    expect(got[0]!.action).toEqual({ redirect: { id: global!.id } });
  });
});
