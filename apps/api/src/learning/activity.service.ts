/**
 * Learning time per learner and UTC day. A progress report adds the video
 * seconds it newly credited (progress.store.ts): a second watched again, skipped or beyond what
 * the lecture view allows adds nothing, so replaying or forging reports cannot inflate the time.
 * A graded quiz attempt adds its time on the server's clock, capped (quizzes/attempts.learning.ts).
 * Weeks are ISO weeks, Monday to Sunday, in UTC.
 */
import type { DbOrTx } from "../db/client";
import { insertLearningSeconds, selectLearningDays } from "./learning.repository";

// The statement fragments other statements embed (progress.store.ts, quizzes/attempts.sql.ts).
export { LEARNED_TODAY, learnedInAttempt } from "./learning.repository";

/** Adds `seconds` to the learner's UTC day holding `at`, in the caller's transaction. */
export async function addLearningSeconds(db: DbOrTx, userId: number, at: Date, seconds: number) {
  if (seconds <= 0) return;
  await insertLearningSeconds(db, userId, at, seconds);
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of `date` in UTC. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `day` (YYYY-MM-DD) moved by `days`. */
export const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The Monday (YYYY-MM-DD) of the ISO week holding `day`. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday ... 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** Whole minutes in `seconds`: a minute counts once all of it was learned. */
export const minutesOf = (seconds: number) => Math.floor(seconds / 60);

/**
 * Consecutive weeks meeting `goalMinutes`, counted back from the week before `thisWeek`, plus this
 * week once it is met: an unfinished week does not break a streak until it is over.
 * `weekSeconds`: seconds learned per week, keyed by the week's Monday.
 */
export function streakWeeks(
  weekSeconds: ReadonlyMap<string, number>,
  goalMinutes: number,
  thisWeek: string,
): number {
  const met = (week: string) => (weekSeconds.get(week) ?? 0) >= goalMinutes * 60;
  let streak = met(thisWeek) ? 1 : 0;
  for (let week = addDays(thisWeek, -7); met(week); week = addDays(week, -7)) streak++;
  return streak;
}

/** How far back a streak is counted: two years of weeks, one short query. */
export const STREAK_WEEKS_MAX = 104;

/** Seconds learned per week (keyed by Monday) from `fromWeek` on, and per day of `thisWeek`. */
export async function loadLearningWeeks(
  db: DbOrTx,
  userId: number,
  thisWeek: string,
  fromWeek: string,
): Promise<{ weeks: Map<string, number>; days: Map<string, number> }> {
  const rows = await selectLearningDays(db, userId, fromWeek, addDays(thisWeek, 7));
  const weeks = new Map<string, number>();
  const days = new Map<string, number>();
  for (const row of rows) {
    const week = weekStartOf(row.day);
    weeks.set(week, (weeks.get(week) ?? 0) + row.seconds);
    if (week === thisWeek) days.set(row.day, row.seconds);
  }
  return { weeks, days };
}
