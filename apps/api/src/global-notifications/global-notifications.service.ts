/**
 * Global notifications written by the global notifications manager. Publishing fans one out to every
 * learner through the notification system (type 2, optionally shown once as a modal); a published
 * one can no longer be edited (learners already hold their copy), and deleting it retracts it.
 */
import type {
  GlobalNotificationAdmin,
  GlobalNotificationInput,
  GlobalNotificationSortKey,
} from "@aprendo/contract";
import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { globalNotifications, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { containsPattern } from "../http/paging";
import { listOrder } from "../http/sorting";
import { createGlobalNotification, publishGlobalNotification } from "../notifications/notifications.service";
import { displayName } from "../tickets/tickets.presenter";

const notFound = () => new AppError("not_found", "globalNotifications.notFound");

const fields = {
  row: globalNotifications,
  author: { username: users.username, firstName: users.firstName, lastName: users.lastName },
  recipients: sql<number>`(SELECT count(*) FROM notifications n WHERE n.global_notification_id = "global_notifications"."id")::int`,
  reads: sql<number>`(SELECT count(*) FROM notifications n WHERE n.global_notification_id = "global_notifications"."id" AND n.read_at IS NOT NULL)::int`,
};

type Found = {
  row: typeof globalNotifications.$inferSelect;
  author: { username: string; firstName: string; lastName: string } | null;
  recipients: number;
  reads: number;
};

const present = ({ row, author, recipients, reads }: Found): GlobalNotificationAdmin => ({
  id: row.id,
  title: row.title,
  description: row.description,
  show_as_modal: row.showAsModal,
  published_at: row.publishedAt?.toISOString() ?? null,
  created_by:
    row.createdBy !== null && author
      ? { id: row.createdBy, username: author.username, name: displayName(author) }
      : null,
  recipients_count: recipients,
  read_count: reads,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const query = (db: DbOrTx) =>
  db.select(fields).from(globalNotifications).leftJoin(users, eq(users.id, globalNotifications.createdBy));

export async function listGlobalNotifications(
  db: DbOrTx,
  q: {
    search?: string | undefined;
    sort?: GlobalNotificationSortKey | `-${GlobalNotificationSortKey}` | undefined;
    page: number;
    per_page: number;
  },
) {
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const where = pattern
    ? or(
        ilike(sql`${globalNotifications.title}->>'en'`, pattern),
        ilike(sql`${globalNotifications.title}->>'es'`, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    query(db)
      .where(where)
      .orderBy(
        ...listOrder(
          q.sort,
          {
            title: sql`lower(${globalNotifications.title}->>'en')`,
            // Drafts (never published) sort before the oldest publication.
            published_at: globalNotifications.publishedAt,
            show_as_modal: globalNotifications.showAsModal,
            author: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
          },
          globalNotifications.id,
          [desc(globalNotifications.id)],
        ),
      )
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(globalNotifications).where(where),
  ]);
  return { data: rows.map((r) => present(r as Found)), total: total?.n ?? 0 };
}

export async function getGlobalNotificationAdmin(db: DbOrTx, id: number): Promise<GlobalNotificationAdmin> {
  const [found] = await query(db).where(eq(globalNotifications.id, id));
  if (!found) throw notFound();
  return present(found as Found);
}

export async function createGlobal(db: DbOrTx, input: GlobalNotificationInput, adminId: number) {
  const { id } = await createGlobalNotification(
    { db },
    {
      title: input.title,
      description: input.description,
      showAsModal: input.show_as_modal,
      createdBy: adminId,
    },
  );
  if (input.publish) await publishGlobal(db, id);
  return getGlobalNotificationAdmin(db, id);
}

export async function updateGlobal(db: DbOrTx, id: number, input: GlobalNotificationInput) {
  const updated = await db
    .update(globalNotifications)
    .set({
      title: input.title,
      description: input.description,
      showAsModal: input.show_as_modal,
      updatedAt: new Date(),
    })
    .where(and(eq(globalNotifications.id, id), sql`${globalNotifications.publishedAt} IS NULL`))
    .returning({ id: globalNotifications.id });
  if (updated.length === 0) {
    const current = await getGlobalNotificationAdmin(db, id);
    if (current.published_at) throw new AppError("conflict", "globalNotifications.alreadyPublished");
  }
  if (input.publish) await publishGlobal(db, id);
  return getGlobalNotificationAdmin(db, id);
}

export async function publishGlobal(db: DbOrTx, id: number): Promise<void> {
  const current = await getGlobalNotificationAdmin(db, id);
  if (current.published_at) throw new AppError("conflict", "globalNotifications.alreadyPublished");
  try {
    await publishGlobalNotification({ db }, id);
  } catch (error) {
    // Two managers publishing at once: the notification service lets one through.
    if (error instanceof AppError && error.code === "conflict")
      throw new AppError("conflict", "globalNotifications.alreadyPublished");
    throw error;
  }
}

/** Deletes a draft, or retracts a published notification from every learner (their copies cascade). */
export async function deleteGlobal(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db
    .delete(globalNotifications)
    .where(eq(globalNotifications.id, id))
    .returning({ id: globalNotifications.id });
  if (deleted.length === 0) throw notFound();
}
