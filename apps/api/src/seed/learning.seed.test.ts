import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionToken } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { seedAccounts } from "./accounts.seed";
import { seedLearningTime } from "./learning.seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const context = { db: t.deps.db, storage: t.deps.storage };
  await seedAccounts(context);
  await seedLearningTime(context);
  // A second run (another node starting) adds nothing.
  await seedLearningTime(context);
});
afterAll(() => t.close());

async function weekOf(username: string) {
  const user = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, username) });
  const res = await t.app.inject({
    url: "/api/iu/learning/week",
    headers: { authorization: `Bearer ${await sessionToken(t, { id: user!.id, roleId: 1 })}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("the demo learners' learning time", () => {
  it("gives ana a goal, minutes this week up to today, and a streak of six weeks or more", async () => {
    const week = await weekOf("ana");
    expect(week.weekly_minutes).toBe(60);
    // Monday's 14 minutes at the least: the chart is never empty, whichever day the seed ran.
    expect(week.week_minutes).toBeGreaterThanOrEqual(14);
    expect(
      week.days
        .filter((d: { date: string }) => d.date > week.today)
        .every((d: { minutes: number }) => d.minutes === 0),
    ).toBe(true);
    expect(week.streak_weeks).toBe(week.goal_met ? 7 : 6);
  });

  it("gives leo a shorter streak against a smaller goal", async () => {
    const week = await weekOf("leo");
    expect(week).toMatchObject({ weekly_minutes: 30, streak_weeks: week.goal_met ? 2 : 1 });
    expect(week.week_minutes).toBeGreaterThan(0);
  });
});
