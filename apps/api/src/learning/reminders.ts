/**
 * The opt-in learning mails, run by pg-boss schedules:
 * - `learning.inactivity-reminders`, every day at 09:00 UTC: a learner who asked for it and has not
 *   learned for their number of days gets one reminder per inactive stretch (its period is the last
 *   day they learned, or the day they switched the reminder on);
 * - `learning.weekly-progress`, Mondays at 08:00 UTC: last week's minutes, the goal and the streak.
 * Both carry the next lecture to study and a signed one-click unsubscribe (link, `List-Unsubscribe`
 * and `List-Unsubscribe-Post`, RFC 8058). Each mail is written with its `learning_mails` row in one
 * transaction, whose unique (learner, kind, period) key makes a second run (two nodes, a retry)
 * send nothing more.
 */
import {
  type LanguageCode,
  type LearningMailKind,
  languageById,
  messageKey,
  messages,
  Role,
  translate,
} from "@aprendo/contract";
import { renderMail } from "../auth/auth.mails";
import { learningDashboard } from "../catalog/catalog.service";
import type { Deps } from "../context";
import { transaction } from "../db/transaction";
import {
  addDays,
  isoDay,
  loadLearningWeeks,
  minutesOf,
  STREAK_WEEKS_MAX,
  streakWeeks,
  weekStartOf,
} from "./activity.service";
import {
  claimLearningMail,
  type Recipient,
  selectDueReminders,
  selectDueWeeklyMails,
} from "./learning.repository";
import { signUnsubscribeToken } from "./reminders.token";

export const REMINDER_JOB = "learning.inactivity-reminders";
export const REMINDER_CRON = "0 9 * * *";
export const WEEKLY_JOB = "learning.weekly-progress";
export const WEEKLY_CRON = "0 8 * * 1";

/** Learners per query; a run goes on until none is left. */
const BATCH = 200;

export async function registerLearningMailJobs(deps: Deps): Promise<void> {
  await deps.jobs.work(REMINDER_JOB, async () => {
    await sendInactivityReminders(deps);
  });
  await deps.jobs.schedule(REMINDER_JOB, REMINDER_CRON);
  await deps.jobs.work(WEEKLY_JOB, async () => {
    await sendWeeklyProgress(deps);
  });
  await deps.jobs.schedule(WEEKLY_JOB, WEEKLY_CRON);
}

/** Sends the reminders due today; answers how many were sent. */
export async function sendInactivityReminders(deps: Deps, now = new Date()): Promise<number> {
  const today = isoDay(now);
  let sent = 0;
  for (let after = 0; ; ) {
    const rows = await selectDueReminders(deps.db, today, after, BATCH);
    for (const row of rows) if (await mailOnce(deps, "reminder", row, today)) sent++;
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.user_id;
  }
  if (sent) deps.log.info({ job: REMINDER_JOB, sent }, "inactivity reminders sent");
  return sent;
}

/** Sends last week's progress mails; answers how many were sent. */
export async function sendWeeklyProgress(deps: Deps, now = new Date()): Promise<number> {
  const lastWeek = addDays(weekStartOf(isoDay(now)), -7);
  let sent = 0;
  for (let after = 0; ; ) {
    const rows = await selectDueWeeklyMails(deps.db, lastWeek, after, BATCH);
    for (const row of rows) if (await mailOnce(deps, "weekly", row, lastWeek)) sent++;
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.user_id;
  }
  if (sent) deps.log.info({ job: WEEKLY_JOB, sent }, "weekly progress mails sent");
  return sent;
}

/**
 * Composes the mail (reads only), then claims the period and queues the mail in one transaction:
 * when another run claimed it first, nothing is written. A learner whose mail fails is logged and
 * skipped, so one bad row does not hold back everyone after it (the next run tries again).
 */
async function mailOnce(deps: Deps, kind: LearningMailKind, row: Recipient, day: string): Promise<boolean> {
  try {
    const mail = await compose(deps, kind, row, day);
    return await transaction(deps.db, async (tx) => {
      if (!(await claimLearningMail(tx, row.user_id, kind, row.period))) return false;
      await deps.mail.send(mail, tx);
      return true;
    });
  } catch (error) {
    deps.log.error({ err: error, userId: row.user_id, kind, period: row.period }, "learning mail not sent");
    return false;
  }
}

async function compose(deps: Deps, kind: LearningMailKind, row: Recipient, day: string) {
  const { config, db } = deps;
  const lang: LanguageCode = languageById(row.language_id);
  const brand = config.brandName;
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(messages, lang, messageKey(key, { brand, ...params }));
  const next = (
    await learningDashboard(
      db,
      {
        id: row.user_id,
        roleId: Role.learner,
        username: row.username,
        languageId: row.language_id,
        permissions: [],
      },
      lang,
    )
  ).continue;
  const base = config.publicUrl;
  const token = signUnsubscribeToken(config.jwtSecret, row.user_id, kind);
  const unsubscribePage = `${base}/unsubscribe?token=${encodeURIComponent(token)}`;
  const paragraphs: string[] = [];
  let subject: string;
  if (kind === "reminder") {
    const days = Math.round(
      (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${row.period}T00:00:00Z`)) / 86_400_000,
    );
    subject = t("mail.reminder.subject");
    paragraphs.push(t(next ? "mail.reminder.body" : "mail.reminder.bodyNoLecture", { days }));
  } else {
    const { weeks } = await loadLearningWeeks(db, row.user_id, day, addDays(day, -7 * STREAK_WEEKS_MAX));
    const minutes = minutesOf(weeks.get(day) ?? 0);
    const from = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${day}T00:00:00Z`));
    subject = t("mail.weekly.subject", { minutes });
    paragraphs.push(t("mail.weekly.minutes", { minutes, from }));
    if (row.goal !== null) {
      paragraphs.push(
        t(minutes >= row.goal ? "mail.weekly.goalMet" : "mail.weekly.goalMissed", { goal: row.goal }),
      );
      const streak = streakWeeks(weeks, row.goal, day);
      if (streak > 0) paragraphs.push(t("mail.weekly.streak", { weeks: streak }));
    }
  }
  if (next)
    paragraphs.push(t("mail.learning.continue", { lecture: next.lecture_title, course: next.course_title }));
  const link = next
    ? {
        url: `${base}/iu/courses/${next.course_id}/lesson/${next.lecture_id}`,
        label: t("mail.learning.open"),
      }
    : { url: `${base}/iu/courses`, label: t("mail.learning.browse") };
  const { text, html } = renderMail({
    lang,
    brand,
    greeting: row.first_name ? t("mail.greeting", { name: row.first_name }) : t("mail.greetingPlain"),
    paragraphs,
    link,
    footer: t("mail.learning.unsubscribe", { url: unsubscribePage }),
    signature: t("mail.signature"),
  });
  return {
    to: row.email,
    subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${base}/api/unsubscribe?token=${encodeURIComponent(token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    meta: { kind: `learning.${kind}`, userId: row.user_id, period: row.period },
  };
}
