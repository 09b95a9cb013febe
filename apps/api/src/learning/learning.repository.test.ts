/** Learning time's and the learning mails' statements: their text and what they answer in the database. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { learningDays, learningGoals, users } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import {
  addToDay,
  claimLearningMail,
  claimMail,
  dueReminders,
  dueWeeklyMails,
  insertLearningSeconds,
  LEARNED_TODAY,
  learnedInAttempt,
  learningDaysBetween,
  selectDueReminders,
  selectDueWeeklyMails,
  selectLearningDays,
} from "./learning.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("learning statements", () => {
  it("keep their text", () => {
    expect(
      statementTexts({
        LEARNED_TODAY,
        learnedInAttempt: learnedInAttempt("$11"),
        addToDay: addToDay(1, new Date("2026-01-05T10:00:00Z"), 60),
        learningDaysBetween: learningDaysBetween(1, "2026-01-05", "2026-01-12"),
        dueReminders: dueReminders("2026-01-05", 0, 200),
        dueWeeklyMails: dueWeeklyMails("2026-01-05", 0, 200),
        claimMail: claimMail(1, "weekly", "2026-01-05"),
      }),
    ).toMatchSnapshot();
  });

  it("add seconds to the learner's UTC day and read the days of a span back", async () => {
    const learner = await buildLearner(t);
    await insertLearningSeconds(t.deps.db, learner.id, new Date("2026-01-05T23:30:00Z"), 60);
    await insertLearningSeconds(t.deps.db, learner.id, new Date("2026-01-05T08:00:00Z"), 30);
    await insertLearningSeconds(t.deps.db, learner.id, new Date("2026-01-12T00:10:00Z"), 45);
    expect(await selectLearningDays(t.deps.db, learner.id, "2026-01-05", "2026-01-12")).toEqual([
      { day: "2026-01-05", seconds: 90 },
    ]);
    expect(await selectLearningDays(t.deps.db, learner.id, "2026-01-06", "2026-01-13")).toEqual([
      { day: "2026-01-12", seconds: 45 },
    ]);
  });

  it("find the reminders and weekly mails due, and claim each period once", async () => {
    const idle = await buildLearner(t);
    const recent = await buildLearner(t);
    const weekly = await buildLearner(t);
    const disabled = await buildLearner(t);
    await t.deps.db.update(users).set({ status: "disabled" }).where(eq(users.id, disabled.id));
    await t.deps.db.insert(learningGoals).values([
      { userId: idle.id, reminderAfterDays: 3, reminderSince: new Date("2026-01-01T09:00:00Z") },
      { userId: recent.id, reminderAfterDays: 3, reminderSince: new Date("2026-01-01T09:00:00Z") },
      { userId: weekly.id, weeklyProgressMail: true, weeklyMinutes: 60 },
      { userId: disabled.id, reminderAfterDays: 1, weeklyProgressMail: true },
    ]);
    await t.deps.db.insert(learningDays).values({ userId: recent.id, day: "2026-01-09", seconds: 600 });

    const due = await selectDueReminders(t.deps.db, "2026-01-10", 0, 200);
    expect(due.map((r) => [r.user_id, r.period, r.days])).toEqual([[idle.id, "2026-01-01", 3]]);
    expect(await selectDueReminders(t.deps.db, "2026-01-10", idle.id, 200)).toEqual([]);

    const weeklies = await selectDueWeeklyMails(t.deps.db, "2026-01-05", 0, 200);
    expect(weeklies).toEqual([
      expect.objectContaining({ user_id: weekly.id, email: weekly.email, goal: 60, period: "2026-01-05" }),
    ]);

    expect(await claimLearningMail(t.deps.db, idle.id, "reminder", "2026-01-01")).toBe(true);
    expect(await claimLearningMail(t.deps.db, idle.id, "reminder", "2026-01-01")).toBe(false);
    expect(await selectDueReminders(t.deps.db, "2026-01-10", 0, 200)).toEqual([]);
    expect(await claimLearningMail(t.deps.db, weekly.id, "weekly", "2026-01-05")).toBe(true);
    expect(await selectDueWeeklyMails(t.deps.db, "2026-01-05", 0, 200)).toEqual([]);
  });
});
