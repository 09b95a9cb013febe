import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { learningDays } from "../db/schema/index";
import { addDays, isoDay, weekStartOf } from "./activity.service";
import { timePasses } from "./learning.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (user: BuiltUser, method: "GET" | "PUT", url: string, payload?: unknown, lang?: "2") =>
  t.app.inject({
    method,
    url,
    headers: { ...user.auth, ...(lang ? { "x-language-id": lang } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const week = async (user: BuiltUser) => {
  const res = await call(user, "GET", "/api/iu/learning/week");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    weekly_minutes: number | null;
    week_start: string;
    today: string;
    days: Array<{ date: string; minutes: number }>;
    week_minutes: number;
    goal_met: boolean;
    streak_weeks: number;
  };
};
const todayMinutes = async (user: BuiltUser) => {
  const w = await week(user);
  return w.days.find((d) => d.date === w.today)!.minutes;
};

describe("learning time", () => {
  it("counts only the video seconds a report newly covers: replays and skips add nothing", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 900 });
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const lectureId = course.lectureIds[0]!;
    expect((await call(learner, "GET", `/api/iu/lectures/${lectureId}`)).statusCode).toBe(200);
    await timePasses(t, learner.id, lectureId, 900);
    const report = async (ranges: Array<[number, number]>, position: number) => {
      const res = await call(learner, "PUT", `/api/iu/lectures/${lectureId}/progress`, { ranges, position });
      expect(res.statusCode, res.body).toBe(200);
    };

    expect(await todayMinutes(learner)).toBe(0);
    await report([[0, 180]], 180);
    expect(await todayMinutes(learner)).toBe(3);
    // Watching the same three minutes again adds nothing.
    await report([[0, 180]], 180);
    await report([[60, 120]], 120);
    expect(await todayMinutes(learner)).toBe(3);
    // Skipping ahead (a position with no range) adds nothing; only the new part of an overlap counts.
    await report([], 600);
    await report([[120, 330]], 330);
    const w = await week(learner);
    expect(w.days.find((d) => d.date === w.today)!.minutes).toBe(5);
    expect(w.week_minutes).toBe(5);
    expect(w.days).toHaveLength(7);
    expect(w.days[0]!.date).toBe(w.week_start);
    expect(new Date(`${w.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it("does not credit more than the time the lecture was open allows (a forged report)", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 3600 });
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const lectureId = course.lectureIds[0]!;
    expect((await call(learner, "GET", `/api/iu/lectures/${lectureId}`)).statusCode).toBe(200);
    const res = await call(learner, "PUT", `/api/iu/lectures/${lectureId}/progress`, {
      ranges: [[0, 3600]],
      position: 3600,
    });
    expect(res.statusCode).toBe(200);
    expect(await todayMinutes(learner)).toBeLessThan(2);
  });
});

describe("weekly goal", () => {
  it("validates the goal's bounds with translated messages, saves it and removes it", async () => {
    const learner = await buildLearner(t);
    for (const weekly_minutes of [5, 2_101, -30, 12.5, "many"]) {
      const res = await call(learner, "PUT", "/api/iu/learning/goal", { weekly_minutes });
      expect(res.statusCode, String(weekly_minutes)).toBe(422);
      expect(res.json().errors.weekly_minutes).toHaveLength(1);
    }
    const low = await call(learner, "PUT", "/api/iu/learning/goal", { weekly_minutes: 5 });
    expect(low.json().errors.weekly_minutes[0]).toMatch(/10/);
    const lowEs = await call(learner, "PUT", "/api/iu/learning/goal", { weekly_minutes: 5 }, "2");
    expect(lowEs.json().errors.weekly_minutes[0]).not.toBe(low.json().errors.weekly_minutes[0]);
    expect((await call(learner, "PUT", "/api/iu/learning/goal", {})).statusCode).toBe(422);

    const saved = await call(learner, "PUT", "/api/iu/learning/goal", { weekly_minutes: 90 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      weekly_minutes: 90,
      goal_met: false,
      message: "Your weekly goal is saved",
    });
    expect((await week(learner)).weekly_minutes).toBe(90);

    const removed = await call(learner, "PUT", "/api/iu/learning/goal", { weekly_minutes: null }, "2");
    expect(removed.json()).toMatchObject({
      weekly_minutes: null,
      message: "Tu objetivo semanal se ha eliminado",
    });
  });

  it("counts the streak in whole weeks, Monday to Sunday, across week boundaries", async () => {
    const learner = await buildLearner(t);
    const thisWeek = weekStartOf(isoDay(new Date()));
    const day = (weeksBack: number, weekday: number) => addDays(thisWeek, -7 * weeksBack + weekday);
    const learned = (entries: Array<[string, number]>) =>
      t.deps.db
        .insert(learningDays)
        .values(entries.map(([d, minutes]) => ({ userId: learner.id, day: d, seconds: minutes * 60 })));
    await learned([
      [day(1, 6), 60], // last week's Sunday: last week, not this one
      [day(2, 0), 30], // two weeks back, split over its Monday and its Sunday
      [day(2, 6), 30],
      [day(3, 3), 59], // one minute short: breaks the streak
      [day(4, 2), 120],
    ]);
    expect((await call(learner, "PUT", "/api/iu/learning/goal", { weekly_minutes: 60 })).statusCode).toBe(
      200,
    );
    let w = await week(learner);
    expect(w).toMatchObject({ week_minutes: 0, goal_met: false, streak_weeks: 2 });

    // This week counts once it is met, and then only then.
    await learned([[day(0, 0), 45]]);
    w = await week(learner);
    expect(w).toMatchObject({ week_minutes: 45, goal_met: false, streak_weeks: 2 });
    expect(w.days[0]).toEqual({ date: thisWeek, minutes: 45 });
    await learned([[day(0, 1), 15]]);
    w = await week(learner);
    expect(w).toMatchObject({ week_minutes: 60, goal_met: true, streak_weeks: 3 });

    // Against a higher goal, the weeks that met the old one no longer count.
    expect(
      (await call(learner, "PUT", "/api/iu/learning/goal", { weekly_minutes: 100 })).json(),
    ).toMatchObject({
      goal_met: false,
      streak_weeks: 0,
    });
  });

  it("keeps a learner's week to themselves and refuses guests", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/iu/learning/week" });
    expect(res.statusCode).toBe(401);
  });
});

describe("learning mail opt-ins", () => {
  it("are off until the learner opts in, with bounds on the reminder's days", async () => {
    const learner = await buildLearner(t);
    expect((await call(learner, "GET", "/api/iu/learning/mails")).json()).toEqual({
      reminder_after_days: null,
      weekly_progress: false,
    });
    for (const reminder_after_days of [0, 31, "x"]) {
      const res = await call(learner, "PUT", "/api/iu/learning/mails", {
        reminder_after_days,
        weekly_progress: true,
      });
      expect(res.statusCode, String(reminder_after_days)).toBe(422);
    }
    const saved = await call(learner, "PUT", "/api/iu/learning/mails", {
      reminder_after_days: 3,
      weekly_progress: true,
    });
    expect(saved.json()).toEqual({
      reminder_after_days: 3,
      weekly_progress: true,
      message: "Your email choices are saved",
    });
    expect((await call(learner, "GET", "/api/iu/learning/mails")).json()).toEqual({
      reminder_after_days: 3,
      weekly_progress: true,
    });
  });
});
