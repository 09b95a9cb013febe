/**
 * The notifications' hand-written statements: each a named constant (its text is snapshotted in
 * notifications.repository.test.ts) run by one function here.
 */
import { NotificationType } from "@aprendo/contract";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { runNamed } from "../db/prepared";

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
