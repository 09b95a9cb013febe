/** Pure helpers of the weekly goal widget. */
import { goalLimits } from "@aprendo/contract";

/** A duration for people: "45 min", "1 h", "2 h 30 min" (the same in Spanish). */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The goal typed in the custom field, or null when it is not a whole number within the bounds. */
export function parseGoal(text: string): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= goalLimits.minWeeklyMinutes && value <= goalLimits.maxWeeklyMinutes ? value : null;
}

/** The bars' scale: the busiest day, or the goal's daily share when that is higher (at least 10 min). */
export function chartScale(days: ReadonlyArray<{ minutes: number }>, weeklyGoal: number | null): number {
  return Math.max(10, ...days.map((d) => d.minutes), weeklyGoal ? Math.ceil(weeklyGoal / 7) : 0);
}
