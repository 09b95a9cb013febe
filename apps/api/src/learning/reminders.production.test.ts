/**
 * The inactivity reminder as in production: pg-boss on this file's database fires the app's own
 * daily schedule (`learning.inactivity-reminders`, 09:00 UTC) on its test clock, the worker sends the
 * mails through the outbox. The app's code reads real time, so inactivity is set up in the data.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createProductionJobsApp, type ProductionJobsApp } from "../../test/production-jobs";
import { learningDays, learningGoals, outbox } from "../db/schema/index";
import { addDays, isoDay } from "./activity.service";
import { REMINDER_CRON, REMINDER_JOB, sendInactivityReminders } from "./reminders";

let t: ProductionJobsApp;
beforeAll(async () => {
  t = await createProductionJobsApp();
});
afterAll(() => t?.close());

const optIn = async (learner: BuiltUser, reminderAfterDays: number | null) => {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/iu/learning/mails",
    headers: learner.auth,
    payload: { reminder_after_days: reminderAfterDays, weekly_progress: false },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const learnedDaysAgo = (learner: BuiltUser, days: number) =>
  t.deps.db
    .insert(learningDays)
    .values({ userId: learner.id, day: addDays(isoDay(new Date()), -days), seconds: 600 });
/** As if the reminder had been switched on `days` ago. */
const optedInDaysAgo = (learner: BuiltUser, days: number) =>
  t.deps.db
    .update(learningGoals)
    .set({ reminderSince: new Date(Date.now() - days * 86_400_000) })
    .where(eq(learningGoals.userId, learner.id));

/**
 * How long one daily run may take to come round and complete on a loaded machine: pg-boss time moves
 * a second per poll through the cron pass, the send-it queue and the worker's poll. The first test
 * waits for two runs, and its own time limit leaves room for both and its set-up, so a slow run fails
 * naming the run it waited for rather than as a test timeout.
 */
const RUN_WAIT_MS = 45_000;

describe("inactivity reminder (pg-boss schedule)", () => {
  const timeout = 2 * RUN_WAIT_MS + 30_000;
  it("mails each inactive learner who opted in exactly once per inactive stretch, and nobody else", {
    timeout,
  }, async () => {
    const inactive = await buildLearner(t);
    await optIn(inactive, 3);
    await optedInDaysAgo(inactive, 30);
    await learnedDaysAgo(inactive, 5);

    const neverLearned = await buildLearner(t);
    await optIn(neverLearned, 2);
    await optedInDaysAgo(neverLearned, 4);

    const active = await buildLearner(t);
    await optIn(active, 3);
    await optedInDaysAgo(active, 30);
    await learnedDaysAgo(active, 1);

    const optedOut = await buildLearner(t);
    await learnedDaysAgo(optedOut, 20);

    const switchedOff = await buildLearner(t);
    await optIn(switchedOff, 3);
    await optedInDaysAgo(switchedOff, 30);
    await optIn(switchedOff, null);

    const everyone = [inactive, neverLearned, active, optedOut, switchedOff];
    const mails = () =>
      t.deps.db
        .select({ to: outbox.recipient, subject: outbox.subject })
        .from(outbox)
        .where(
          inArray(
            outbox.recipient,
            everyone.map((l) => l.email),
          ),
        );

    const occurrence = await t.beforeNext(REMINDER_CRON);
    await t.until(
      "the scheduled reminder job to complete",
      async () =>
        (await t.jobsOf(REMINDER_JOB)).find(
          (j) => j.state === "completed" && j.createdOn.getTime() >= occurrence.getTime(),
        ),
      { timeoutMs: RUN_WAIT_MS },
    );
    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual([inactive.email, neverLearned.email].sort());
    expect(sent[0]!.subject).toBe("Your next lecture is waiting");

    // The next day's run, and two nodes running at once, find the same stretch already mailed.
    const next = await t.beforeNext(REMINDER_CRON);
    await t.until(
      "the next day's reminder job to complete",
      async () =>
        (await t.jobsOf(REMINDER_JOB)).find(
          (j) => j.state === "completed" && j.createdOn.getTime() >= next.getTime(),
        ),
      { timeoutMs: RUN_WAIT_MS },
    );
    const races = await Promise.all([sendInactivityReminders(t.deps), sendInactivityReminders(t.deps)]);
    expect(races).toEqual([0, 0]);
    expect((await mails()).length).toBe(2);

    // Learning again and falling idle again is a new stretch: one more reminder.
    await learnedDaysAgo(inactive, 4);
    expect(await sendInactivityReminders(t.deps)).toBe(1);
    expect((await mails()).filter((m) => m.to === inactive.email)).toHaveLength(2);
  });

  it("sends one mail when two nodes race for the same learner and period", async () => {
    const learner = await buildLearner(t);
    await optIn(learner, 3);
    await optedInDaysAgo(learner, 10);
    const counts = await Promise.all([sendInactivityReminders(t.deps), sendInactivityReminders(t.deps)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await t.deps.db.select().from(outbox).where(eq(outbox.recipient, learner.email))).toHaveLength(1);
  });
});
