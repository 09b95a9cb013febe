/**
 * Demo learning time: the demo learners' weekly goals and minutes per day over the past
 * weeks, relative to the UTC day the seed runs, so the dashboard's chart and streak show a real
 * week after `npm start` instead of an empty one.
 */
import { inArray } from "drizzle-orm";
import { learningDays, learningGoals, users } from "../db/schema/index";
import { addDays, isoDay, weekStartOf } from "../learning/activity.service";
import type { Seeder } from "./seed";

type LearnerWeeks = {
  username: string;
  weeklyMinutes: number;
  /** Minutes per day (Monday first) of each past week, the last week first. */
  pastWeeks: ReadonlyArray<readonly number[]>;
  /** Minutes per day of this week, Monday first; only the days up to today are written. */
  thisWeek: readonly number[];
};

const demoWeeks: readonly LearnerWeeks[] = [
  {
    // Six weeks met in a row, the two before them short of the goal: a streak of six (seven once
    // this week's goal is met, by Saturday).
    username: "ana",
    weeklyMinutes: 60,
    pastWeeks: [
      [20, 15, 0, 25, 0, 18, 0],
      [0, 30, 12, 0, 22, 0, 9],
      [25, 0, 20, 0, 0, 35, 0],
      [15, 15, 0, 15, 0, 0, 20],
      [0, 40, 0, 0, 18, 12, 0],
      [22, 0, 18, 0, 25, 0, 0],
      [10, 0, 0, 15, 0, 0, 0],
      [0, 12, 0, 0, 20, 0, 0],
    ],
    thisWeek: [14, 21, 0, 17, 0, 26, 0],
  },
  {
    // Last week met, the one before missed: a streak of one.
    username: "leo",
    weeklyMinutes: 30,
    pastWeeks: [
      [10, 0, 12, 0, 15, 0, 0],
      [0, 8, 0, 0, 0, 0, 0],
      [12, 0, 10, 0, 11, 0, 0],
    ],
    thisWeek: [9, 0, 11, 0, 8, 0, 0],
  },
];

/** The days (YYYY-MM-DD) and seconds of a learner's weeks, up to `today`; a minute's odd seconds vary. */
function daysOf(learner: LearnerWeeks, today: string): Array<{ day: string; seconds: number }> {
  const thisMonday = weekStartOf(today);
  const weeks = [learner.thisWeek, ...learner.pastWeeks];
  return weeks.flatMap((minutes, back) =>
    minutes.flatMap((m, weekday) => {
      const day = addDays(thisMonday, weekday - 7 * back);
      return m > 0 && day <= today ? [{ day, seconds: m * 60 + ((weekday * 7 + back * 13) % 60) }] : [];
    }),
  );
}

export const seedLearningTime: Seeder = async ({ db }) => {
  const today = isoDay(new Date());
  const found = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        demoWeeks.map((l) => l.username),
      ),
    );
  for (const learner of demoWeeks) {
    const user = found.find((u) => u.username === learner.username);
    // The demo accounts are seeded just before; a database seeded without one has nothing to show.
    if (!user) continue;
    await db
      .insert(learningGoals)
      .values({ userId: user.id, weeklyMinutes: learner.weeklyMinutes })
      .onConflictDoNothing();
    await db
      .insert(learningDays)
      .values(daysOf(learner, today).map((d) => ({ userId: user.id, ...d })))
      .onConflictDoNothing();
  }
};
