/**
 * "Notify me" answered: when a coming-soon title is published, each learner who
 * asked gets a notice and a mail in their language. Never inside the publishing request: the status
 * route queues `catalog.course-published` (keyed by the title) and the job tells the learners in
 * batches; `catalog.course-published-sweep` (every 10 minutes) catches a title whose job was lost.
 *
 * Exactly once per learner and title: a batch takes its requests with `FOR UPDATE SKIP LOCKED`,
 * stamps `notified_at` and writes the notices and the mails' outbox rows in one transaction. A retried
 * job or a second node finds those rows stamped (or locked, and skips them), and a failure rolls the
 * whole batch back, to be told by the retry.
 */
import { languageById, messageKey, messages, NotificationType, translate } from "@aprendo/contract";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { courseNotifyRequests, courses, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { titleIn } from "../lib/text";
import { notifyMany } from "../notifications/notifications.service";
import { mailRecipientColumns, type NoticeMail, sendUserMail } from "../profile/notices.service";

export const COURSE_PUBLISHED_JOB = "catalog.course-published";
export const COURSE_PUBLISHED_SWEEP_JOB = "catalog.course-published-sweep";
const BATCH = 100;

type NoticeDeps = Pick<Deps, "db" | "mail" | "config" | "log">;

/**
 * Queues the notices of a title that was just published. Never throws: the title is published
 * whatever happens here, so a failed enqueue is logged and the sweep sends them later.
 */
export async function queueCoursePublishedNotices(deps: Pick<Deps, "jobs" | "log">, courseId: number) {
  try {
    await deps.jobs.send(COURSE_PUBLISHED_JOB, { courseId }, { singletonKey: `course:${courseId}` });
  } catch (error) {
    deps.log.error(
      { err: error, courseId, job: COURSE_PUBLISHED_JOB },
      "course-published notices not queued",
    );
  }
}

/** One batch of waiting learners of a published title, told in one transaction; answers how many. */
async function tellBatch(deps: NoticeDeps, courseId: number): Promise<number> {
  return transaction(deps.db, async (tx) => {
    const [course] = await tx
      .select({ status: courses.status, en: courses.titleEn, es: courses.titleEs })
      .from(courses)
      .where(eq(courses.id, courseId));
    // Withdrawn again before the job ran: the requests wait for the next publication.
    if (course?.status !== "published") return 0;
    const waiting = await tx
      .select({ userId: courseNotifyRequests.userId })
      .from(courseNotifyRequests)
      .where(and(eq(courseNotifyRequests.courseId, courseId), isNull(courseNotifyRequests.notifiedAt)))
      .orderBy(courseNotifyRequests.createdAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (waiting.length === 0) return 0;
    const ids = waiting.map((w) => w.userId);
    await tx
      .update(courseNotifyRequests)
      .set({ notifiedAt: new Date() })
      .where(and(eq(courseNotifyRequests.courseId, courseId), inArray(courseNotifyRequests.userId, ids)));
    const recipients = await tx
      .select({ id: users.id, ...mailRecipientColumns })
      .from(users)
      .where(inArray(users.id, ids));
    const both = (key: string) => ({
      en: translate(messages, "en", messageKey(key, { title: titleIn("en", course) })),
      es: translate(messages, "es", messageKey(key, { title: titleIn("es", course) })),
    });
    await notifyMany(
      { db: tx },
      recipients.map((r) => ({
        userId: r.id,
        type: NotificationType.congratulations,
        title: both("notice.coursePublished.title"),
        description: both("notice.coursePublished.description"),
        action: { redirect: { courseId } },
      })),
    );
    // The mails' outbox rows (and delivery jobs) are written in this transaction too.
    const mailDeps = {
      config: deps.config,
      mail: { send: (m: Parameters<Deps["mail"]["send"]>[0]) => deps.mail.send(m, tx) },
    };
    for (const recipient of recipients) {
      const title = titleIn(languageById(recipient.languageId), course);
      const mail: NoticeMail = {
        kind: "course.published",
        subject: messageKey("mail.coursePublished.subject", { title }),
        paragraphs: [messageKey("mail.coursePublished.body", { title })],
        link: {
          url: `${deps.config.publicUrl}/iu/courses/${courseId}`,
          label: "mail.coursePublished.action",
        },
        meta: { courseId },
      };
      await sendUserMail(mailDeps, recipient, mail);
    }
    return waiting.length;
  });
}

/** Tells every waiting learner of a published title; answers how many were told. */
export async function tellCoursePublished(deps: NoticeDeps, courseId: number): Promise<number> {
  let told = 0;
  for (;;) {
    const n = await tellBatch(deps, courseId);
    told += n;
    if (n < BATCH) return told;
  }
}

/** Published titles with learners still waiting (a lost job, a failed batch). */
async function titlesWaiting(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ courseId: courseNotifyRequests.courseId })
    .from(courseNotifyRequests)
    .innerJoin(courses, eq(courses.id, courseNotifyRequests.courseId))
    .where(and(isNull(courseNotifyRequests.notifiedAt), eq(courses.status, "published")));
  return rows.map((r) => r.courseId);
}

export async function registerCoursePublishedJobs(deps: NoticeDeps & Pick<Deps, "jobs">) {
  await deps.jobs.work(COURSE_PUBLISHED_JOB, async (data) => {
    const courseId = Number(data.courseId);
    if (!Number.isInteger(courseId)) {
      deps.log.error({ job: COURSE_PUBLISHED_JOB, data }, "course-published notices without a title id");
      return;
    }
    const told = await tellCoursePublished(deps, courseId);
    if (told) deps.log.info({ courseId, told }, "course-published notices sent");
  });
  await deps.jobs.work(COURSE_PUBLISHED_SWEEP_JOB, async () => {
    for (const courseId of await titlesWaiting(deps.db)) {
      const told = await tellCoursePublished(deps, courseId);
      if (told) deps.log.warn({ courseId, told }, "course-published notices sent by the sweep");
    }
  });
  await deps.jobs.schedule(COURSE_PUBLISHED_SWEEP_JOB, "*/10 * * * *");
}
