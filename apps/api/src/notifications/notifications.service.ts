/**
 * Notifications for every feature: `notify()` stores one for a user and tells the open browsers;
 * `notifyKey()` does the same from contract message keys; `publishGlobalNotification()` fans a global
 * notification out to every learner. The list, read and modal-read rules of spec section 4 live here.
 */
import {
  type LanguageCode,
  messages,
  type NotificationItem,
  type NotificationTypeId,
  parseMessageKey,
  Role,
  translateKey,
} from "@aprendo/contract";
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import {
  globalNotifications,
  type LocalizedText,
  type NotificationAction,
  type NotificationQuote,
  notifications,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { NOTIFICATION_CHANNEL, publishEvent } from "./notifications.events";
import { presentGlobalNotification, presentNotification } from "./notifications.presenter";
import { insertAndPublish, insertGlobalForLearners } from "./notifications.repository";

/** What notify needs: a database or a transaction (then the event leaves when it commits). */
export type NotifyDeps = { db: DbOrTx };

export type NotifyInput = {
  userId: number;
  type: NotificationTypeId;
  title: LocalizedText;
  description: LocalizedText;
  action?: NotificationAction;
  /** The title the description quotes, marked in its own language on the page. */
  quote?: NotificationQuote;
};

/** Notifies several learners at once (one statement); answers the new ids, in the order given. */
export async function notifyMany(deps: NotifyDeps, inputs: NotifyInput[]): Promise<Array<{ id: number }>> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({
    user_id: input.userId,
    type: input.type,
    title: input.title,
    description: input.description,
    action: input.action ?? {},
    quote: input.quote ?? null,
  }));
  // Ids come from one sequence in the order the rows are inserted, which is the order given.
  return insertAndPublish(deps.db, rows, NOTIFICATION_CHANNEL);
}

export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<{ id: number }> {
  const [row] = await notifyMany(deps, [input]);
  return row!;
}

/** Both languages of a contract message key (`key?param=value`). */
export function bothLanguages(message: string): LocalizedText {
  // Parsed once for both languages (a paid-order notice's title and description, per order).
  const { key, params } = parseMessageKey(message);
  return {
    en: translateKey(messages, "en", key, params) ?? message,
    es: translateKey(messages, "es", key, params) ?? message,
  };
}

/** notify() with title and description as contract message keys, stored in English and Spanish. */
export function notifyKey(
  deps: NotifyDeps,
  input: Omit<NotifyInput, "title" | "description"> & { title: string; description: string },
) {
  return notify(deps, {
    ...input,
    title: bothLanguages(input.title),
    description: bothLanguages(input.description),
  });
}

/** Creates a global notification (not yet published). */
export async function createGlobalNotification(
  deps: NotifyDeps,
  input: {
    title: LocalizedText;
    description: LocalizedText;
    showAsModal?: boolean;
    createdBy?: number | null;
  },
): Promise<{ id: number }> {
  const [row] = await deps.db
    .insert(globalNotifications)
    .values({
      title: input.title,
      description: input.description,
      showAsModal: input.showAsModal ?? false,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: globalNotifications.id });
  return { id: row!.id };
}

/**
 * Publishes a global notification: one notification row per active learner, in one statement, and
 * one broadcast event. Publishing twice is refused (the learners would get it twice).
 */
export async function publishGlobalNotification(
  deps: { db: DbOrTx },
  globalNotificationId: number,
): Promise<{ recipients: number }> {
  const run = async (tx: DbOrTx) => {
    const [published] = await tx
      .update(globalNotifications)
      .set({ publishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(globalNotifications.id, globalNotificationId), isNull(globalNotifications.publishedAt)))
      .returning({ id: globalNotifications.id });
    if (!published) {
      const [exists] = await tx
        .select({ id: globalNotifications.id })
        .from(globalNotifications)
        .where(eq(globalNotifications.id, globalNotificationId));
      throw exists ? new AppError("conflict") : new AppError("not_found");
    }
    const recipients = await insertGlobalForLearners(tx, globalNotificationId);
    await publishEvent(tx, { kind: "broadcast", roleId: Role.learner, globalNotificationId });
    return { recipients };
  };
  // A new transaction, or a savepoint inside the caller's.
  return transaction(deps.db, run);
}

async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; another user's id is answered as not found. */
export async function markRead(
  db: DbOrTx,
  userId: number,
  id: number,
  language: LanguageCode,
): Promise<{ notification: NotificationItem; count_unread_notifications: number }> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw new AppError("not_found", "notifications.notFound");
  await publishEvent(db, { kind: "changed", userId });
  return {
    notification: presentNotification(row, language),
    count_unread_notifications: await unreadCount(db, userId),
  };
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<{ count_unread_notifications: 0 }> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  await publishEvent(db, { kind: "changed", userId });
  return { count_unread_notifications: 0 };
}

async function publishedGlobal(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(globalNotifications)
    .where(and(eq(globalNotifications.id, id), isNotNull(globalNotifications.publishedAt)));
  if (!row) throw new AppError("not_found", "notifications.globalNotFound");
  return row;
}

/** A published global notification, for its page. */
export async function getGlobalNotification(db: DbOrTx, id: number, language: LanguageCode) {
  return presentGlobalNotification(await publishedGlobal(db, id), language);
}

/** Marks the learner's copy of a global notification read (none for learners who joined after it). */
export async function markGlobalRead(db: DbOrTx, userId: number, globalId: number) {
  await publishedGlobal(db, globalId);
  await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.userId, userId), eq(notifications.globalNotificationId, globalId)));
  await publishEvent(db, { kind: "changed", userId });
  return { count_unread_notifications: await unreadCount(db, userId) };
}

/** The global notification modal was seen: none of the learner's global notifications shows as one again. */
export async function markModalRead(db: DbOrTx, userId: number) {
  await db
    .update(notifications)
    .set({ modalReadAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNotNull(notifications.globalNotificationId),
        isNull(notifications.modalReadAt),
      ),
    );
  return { count_unread_notifications: await unreadCount(db, userId) };
}
