/**
 * Weekly learning goal, the week's learning time, and the reminder and progress mails.
 * Days are UTC days; a week runs Monday to Sunday (UTC).
 *
 * Learner (role 1):
 *   GET /iu/learning/week      this week's minutes per day, the goal, whether it is met, the streak
 *   PUT /iu/learning/goal      { weekly_minutes }: set the goal (null removes it)
 *   GET /iu/learning/mails     the opt-ins to the reminder and the weekly progress mail
 *   PUT /iu/learning/mails     { reminder_after_days, weekly_progress }
 * Anyone holding a mail's link (no login):
 *   GET  /unsubscribe?token=   which mail the link stops, and whether it is still on
 *   POST /unsubscribe?token=   stop it (the page's button, and RFC 8058 one-click from the mail client)
 */
import { z } from "zod";
import { goalLimits } from "../domain/constants";
import { count } from "./validators";

export { goalLimits };

export const learningGoalUpdate = z.object({
  weekly_minutes: count(goalLimits.minWeeklyMinutes, goalLimits.maxWeeklyMinutes).nullable(),
});
export type LearningGoalUpdate = z.infer<typeof learningGoalUpdate>;

export const learningWeek = z.object({
  weekly_minutes: z.number().int().nullable(),
  /** The Monday of this week, YYYY-MM-DD (UTC). */
  week_start: z.string(),
  /** Today, YYYY-MM-DD (UTC), so the chart marks it and days after it. */
  today: z.string(),
  /** Monday to Sunday, minutes learned each day. */
  days: z.array(z.object({ date: z.string(), minutes: z.number().int() })),
  week_minutes: z.number().int(),
  goal_met: z.boolean(),
  /** Consecutive weeks that met the goal, ending last week, plus this week once met. */
  streak_weeks: z.number().int(),
});
export type LearningWeek = z.infer<typeof learningWeek>;

export const learningMailSettings = z.object({
  /** Remind after this many days without learning; null: no reminder. */
  reminder_after_days: count(goalLimits.minReminderDays, goalLimits.maxReminderDays).nullable(),
  weekly_progress: z.boolean(),
});
export type LearningMailSettings = z.infer<typeof learningMailSettings>;
export const learningMailSettingsBody = z.object({
  reminder_after_days: z.number().int().nullable(),
  weekly_progress: z.boolean(),
});

export const learningMailKind = z.enum(["reminder", "weekly"]);
export type LearningMailKind = z.infer<typeof learningMailKind>;
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(2_000) });
export const unsubscribeStatus = z.object({ kind: learningMailKind, subscribed: z.boolean() });
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatus>;
/** RFC 8058's one-click body (`List-Unsubscribe=One-Click`, form-encoded), or nothing from the page. */
export const unsubscribeBody = z.object({ "List-Unsubscribe": z.string().max(100).optional() });

export const learningGoalSaved = learningWeek.extend({ message: z.string() });
export const learningMailSettingsSaved = learningMailSettingsBody.extend({ message: z.string() });
export const unsubscribed = unsubscribeStatus.extend({ message: z.string() });
