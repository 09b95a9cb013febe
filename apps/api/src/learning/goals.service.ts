/**
 * A learner's weekly goal and their week: minutes per day of this week against
 * the goal, and the streak of weeks that met it. The streak measures past weeks against the goal as
 * it is now (goals are not versioned): raising the goal can shorten a streak, which says honestly
 * how the learner is doing against what they now aim for.
 */
import type { LearningMailSettings, LearningWeek } from "@aprendo/contract";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { learningGoals } from "../db/schema/index";
import {
  addDays,
  isoDay,
  loadLearningWeeks,
  minutesOf,
  STREAK_WEEKS_MAX,
  streakWeeks,
  weekStartOf,
} from "./activity.service";

export async function learningWeekOf(db: DbOrTx, userId: number, now = new Date()): Promise<LearningWeek> {
  const today = isoDay(now);
  const thisWeek = weekStartOf(today);
  const [[goal], { weeks, days }] = await Promise.all([
    db
      .select({ weeklyMinutes: learningGoals.weeklyMinutes })
      .from(learningGoals)
      .where(eq(learningGoals.userId, userId)),
    loadLearningWeeks(db, userId, thisWeek, addDays(thisWeek, -7 * STREAK_WEEKS_MAX)),
  ]);
  const weeklyMinutes = goal?.weeklyMinutes ?? null;
  const weekSeconds = weeks.get(thisWeek) ?? 0;
  return {
    weekly_minutes: weeklyMinutes,
    week_start: thisWeek,
    today,
    days: Array.from({ length: 7 }, (_, i) => {
      const date = addDays(thisWeek, i);
      return { date, minutes: minutesOf(days.get(date) ?? 0) };
    }),
    week_minutes: minutesOf(weekSeconds),
    goal_met: weeklyMinutes !== null && weekSeconds >= weeklyMinutes * 60,
    streak_weeks: weeklyMinutes === null ? 0 : streakWeeks(weeks, weeklyMinutes, thisWeek),
  };
}

export async function setWeeklyGoal(db: DbOrTx, userId: number, weeklyMinutes: number | null): Promise<void> {
  await db
    .insert(learningGoals)
    .values({ userId, weeklyMinutes })
    .onConflictDoUpdate({ target: learningGoals.userId, set: { weeklyMinutes, updatedAt: sql`now()` } });
}

export async function mailSettingsOf(db: DbOrTx, userId: number): Promise<LearningMailSettings> {
  const [row] = await db
    .select({ days: learningGoals.reminderAfterDays, weekly: learningGoals.weeklyProgressMail })
    .from(learningGoals)
    .where(eq(learningGoals.userId, userId));
  return { reminder_after_days: row?.days ?? null, weekly_progress: row?.weekly ?? false };
}

export async function setMailSettings(
  db: DbOrTx,
  userId: number,
  settings: LearningMailSettings,
): Promise<void> {
  const reminderAfterDays = settings.reminder_after_days;
  const weeklyProgressMail = settings.weekly_progress;
  // Inactivity is counted from the day the reminder was switched on, for a learner who never learned
  // (kept while it stays on, so changing the number of days does not restart the count).
  const reminderSince = reminderAfterDays === null ? null : sql`now()`;
  await db
    .insert(learningGoals)
    .values({ userId, reminderAfterDays, weeklyProgressMail, reminderSince })
    .onConflictDoUpdate({
      target: learningGoals.userId,
      set: {
        reminderAfterDays,
        weeklyProgressMail,
        reminderSince:
          reminderAfterDays === null ? null : sql`coalesce(${learningGoals.reminderSince}, now())`,
        updatedAt: sql`now()`,
      },
    });
}
