/**
 * Outbox rows lose their bodies (reset links, codes) after OUTBOX_RETENTION_DAYS,
 * erased by the daily pg-boss job (mail.erase-old-bodies, 04:45 UTC) as production runs it.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductionJobsApp, type ProductionJobsApp } from "../../test/production-jobs";
import { ConfigError, loadConfig } from "../config/config";
import { outbox } from "../db/schema/index";

let t: ProductionJobsApp;
beforeAll(async () => {
  t = await createProductionJobsApp();
});
afterAll(() => t?.close());

/** A mail as the app sends it, then dated `days` ago. */
async function mailSent(to: string, days: number) {
  await t.deps.mail.send({
    to,
    subject: "Reset your password",
    text: "Open http://localhost/reset-password/secret-token to choose a new password.",
    html: "<a href='http://localhost/reset-password/secret-token'>Reset</a>",
  });
  await t.deps.db
    .update(outbox)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(outbox.recipient, to));
}

/** The development outbox as a local developer reads it (demo mode, loopback client). */
const outboxOf = async (to: string) => {
  const res = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { subject: string; body_text: string }[];
};

describe("outbox retention", () => {
  it("the daily job erases bodies older than 7 days and keeps the row, the recent ones untouched", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const old = `old-${suffix}@example.test`;
    const recent = `recent-${suffix}@example.test`;
    await mailSent(old, 8);
    await mailSent(recent, 6);
    const occurrence = await t.beforeNext("45 4 * * *");
    const [erased] = await t.until("the old body to be erased", async () => {
      const rows = await outboxOf(old);
      return rows[0]?.body_text === "" && rows;
    });
    expect(erased).toMatchObject({ subject: "Reset your password", body_text: "" });
    const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.recipient, old));
    expect(row).toMatchObject({ bodyText: "", bodyHtml: null });
    expect((await outboxOf(recent))[0]!.body_text).toContain("secret-token");
    // pg-boss records the job completed only after the handler returned, a moment after the erasure.
    await t.occurrenceCompleted("mail.erase-old-bodies", occurrence);
  });

  it("OUTBOX_RETENTION_DAYS sets the days (default 7) and refuses nonsense", () => {
    const base = { NODE_ENV: "test", JWT_SECRET: "x".repeat(32), DATA_DIR: "/tmp/aprendo-config-test" };
    expect(loadConfig(base).outboxRetentionDays).toBe(7);
    expect(loadConfig({ ...base, OUTBOX_RETENTION_DAYS: "30" }).outboxRetentionDays).toBe(30);
    for (const bad of ["0", "-1", "1.5", "seven", "99999"])
      expect(() => loadConfig({ ...base, OUTBOX_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
  });
});
