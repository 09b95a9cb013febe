/**
 * The notifications' hand-written statements: each a named constant (its text is snapshotted in
 * notifications.repository.test.ts) run by one function here.
 */
import { NotificationType } from "@aprendo/contract";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { DbOrTx } from "../db/client";
import { runNamed } from "../db/prepared";
import type { LocalizedText, NotificationAction, NotificationQuote } from "../db/schema/index";

/**
 * The rows and their live events (delivered when the caller's transaction commits) in one prepared
 * statement: notifications are written inside many hot transactions (exam passes, certificates),
 * and a batch of exam passes' congratulations is one statement, not one per learner.
 * $1 the rows (json), $2 the channel.
 */
export const INSERT_AND_PUBLISH = `WITH n AS (
  INSERT INTO notifications (user_id, type, title, description, action, quote)
  SELECT x.user_id, x.type, x.title, x.description, x.action, x.quote
  FROM jsonb_to_recordset($1::jsonb)
    AS x(user_id int, type smallint, title jsonb, description jsonb, action jsonb, quote jsonb)
  RETURNING id, user_id
)
SELECT n.id, pg_notify($2::text, json_build_object('kind', 'notification', 'userId', n.user_id, 'id', n.id)::text)
FROM n ORDER BY n.id`;

export type NotificationInsert = {
  user_id: number;
  type: number;
  title: unknown;
  description: unknown;
  action: unknown;
  quote?: unknown;
};

/** Inserts the rows and announces each on `channel`; answers the new ids in the order given. */
export function insertAndPublish(db: DbOrTx, rows: NotificationInsert[], channel: string) {
  return runNamed<{ id: number }>(db, "notifications_insert_and_publish", INSERT_AND_PUBLISH, [
    JSON.stringify(rows),
    channel,
  ]);
}

/** An event on a channel, delivered to every listening node when the caller's transaction commits. */
export const notifyChannel = (channel: string, payload: string) =>
  sql`SELECT pg_notify(${channel}, ${payload})`;

export async function sendOnChannel(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(notifyChannel(channel, payload));
}

/** One notification row per active learner from a global notification, in one statement. */
export const fanOutGlobal = (globalNotificationId: number) => sql`
      INSERT INTO notifications (user_id, type, title, description, action, global_notification_id)
      SELECT u.id, ${NotificationType.global}, g.title, g.description,
             jsonb_build_object('redirect', jsonb_build_object('id', g.id)), g.id
      FROM users u CROSS JOIN global_notifications g
      WHERE g.id = ${globalNotificationId} AND u.role_id = 1 AND u.status = 'active'`;

/** Answers how many learners got the global notification. */
export async function insertGlobalForLearners(db: DbOrTx, globalNotificationId: number): Promise<number> {
  const result = await db.execute(fanOutGlobal(globalNotificationId));
  return result.rowCount ?? 0;
}

/**
 * A page of a user's inbox (notifications.inbox.ts), the call every page of the app makes: one
 * named prepared statement on the pool answering the page, the modal still to show and the unread
 * count, planned once per connection.
 */
const columns = (alias: string, prefix = "") =>
  ["id", "type", "title", "description", "action", "quote", "read_at", "modal_read_at", "created_at"]
    .map((c) => `${alias}.${c}${prefix ? ` AS ${prefix}${c}` : ""}`)
    .join(", ");

// One row per notification of the page, or a single row with a null id when the page is empty;
// every row carries the unread count and the modal's columns (m_*).
export const INBOX_PAGE = `
SELECT c.unread, ${columns("p")}, ${columns("m", "m_")}
FROM (SELECT count(*)::int AS unread FROM notifications WHERE user_id = $1 AND read_at IS NULL) c
LEFT JOIN LATERAL (
  SELECT n.* FROM notifications n
  JOIN global_notifications g ON g.id = n.global_notification_id AND g.show_as_modal
  WHERE n.user_id = $1 AND n.read_at IS NULL AND n.modal_read_at IS NULL AND n.global_notification_id IS NOT NULL
  ORDER BY n.id DESC LIMIT 1
) m ON true
LEFT JOIN LATERAL (
  SELECT * FROM notifications WHERE user_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3
) p ON true
ORDER BY p.id DESC`;

export type Columns = {
  id: number | null;
  type: number;
  title: LocalizedText;
  description: LocalizedText;
  action: NotificationAction;
  quote: NotificationQuote | null;
  read_at: Date | null;
  modal_read_at: Date | null;
  created_at: Date;
};
export type InboxRow = { unread: number } & Columns & { [K in keyof Columns as `m_${K}`]: Columns[K] };

/** Up to `limit` notifications before `before` (an id), newest first, each row with the count and modal. */
export async function inboxPage(pool: pg.Pool, userId: number, before: number | string, limit: number) {
  const { rows } = await pool.query<InboxRow>({
    name: "notifications_inbox_page",
    text: INBOX_PAGE,
    values: [userId, before, limit],
  });
  return rows;
}
