/**
 * The PostgreSQL channel that carries live notification events between API nodes. Writers NOTIFY in
 * the same transaction as their change (delivered on commit); every node LISTENs with one dedicated
 * connection (notifications.hub.ts) and forwards the events to its open event streams.
 */
import type { Role } from "@aprendo/contract";
import type { DbOrTx } from "../db/client";
import { sendOnChannel } from "./notifications.repository";

export const NOTIFICATION_CHANNEL = "aprendo_notifications";

export type HubEvent =
  /** A new notification for one user. */
  | { kind: "notification"; userId: number; id: number }
  /** The read state of one user's notifications changed (another tab or device). */
  | { kind: "changed"; userId: number }
  /** A global notification reached every learner. */
  | { kind: "broadcast"; roleId: typeof Role.learner; globalNotificationId: number }
  /** A session ended (auth/sessions.ts): its open streams close on every node. */
  | { kind: "session_ended"; sessionId: string }
  /** Every session of a user ended, but `keepSessionId` (a password change keeps its own). */
  | { kind: "sessions_ended"; userId: number; keepSessionId: string | null };

export async function publishEvent(db: DbOrTx, event: HubEvent): Promise<void> {
  await sendOnChannel(db, NOTIFICATION_CHANNEL, JSON.stringify(event));
}
