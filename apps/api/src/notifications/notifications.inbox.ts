/**
 * A page of a user's inbox (GET .../notifications/me), the call every page of the app makes. It
 * used to be three statements (the page, the modal still to show, the unread count); here it is
 * one named prepared statement, planned once per connection, answering all three.
 */
import type { LanguageCode } from "@aprendo/contract";
import type pg from "pg";
import type { LocalizedText, NotificationAction, NotificationQuote } from "../db/schema/index";
import { presentNotification } from "./notifications.presenter";

const columns = (alias: string, prefix = "") =>
  ["id", "type", "title", "description", "action", "quote", "read_at", "modal_read_at", "created_at"]
    .map((c) => `${alias}.${c}${prefix ? ` AS ${prefix}${c}` : ""}`)
    .join(", ");

// One row per notification of the page, or a single row with a null id when the page is empty;
// every row carries the unread count and the modal's columns (m_*).
const INBOX_PAGE = `
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

type Columns = {
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
type InboxRow = { unread: number } & Columns & { [K in keyof Columns as `m_${K}`]: Columns[K] };

const present = (c: Columns, language: LanguageCode) =>
  presentNotification(
    {
      id: c.id ?? 0,
      userId: 0,
      type: c.type,
      title: c.title,
      description: c.description,
      action: c.action,
      quote: c.quote,
      globalNotificationId: null,
      readAt: c.read_at,
      modalReadAt: c.modal_read_at,
      createdAt: c.created_at,
    },
    language,
  );

/** One page of a user's notifications, newest first, with the unread count and the modal to show. */
export async function listNotifications(
  pool: pg.Pool,
  options: {
    userId: number;
    language: LanguageCode;
    cursor?: number | undefined;
    perPage: number;
    basePath: string;
  },
) {
  const { userId, language, cursor, perPage } = options;
  const { rows } = await pool.query<InboxRow>({
    name: "notifications_inbox_page",
    text: INBOX_PAGE,
    // Ids are bigint: "before the cursor", or before the largest bigint for the first page.
    values: [userId, cursor ?? "9223372036854775807", perPage + 1],
  });
  const first = rows[0];
  // An empty inbox still answers one row (the unread count and modal) with no notification in it.
  const listed = rows.filter((r) => r.id !== null);
  const page = listed.slice(0, perPage);
  const more = listed.length > perPage;
  const last = page[page.length - 1];
  const modal: Columns | null =
    first && first.m_id !== null
      ? {
          id: first.m_id,
          type: first.m_type,
          title: first.m_title,
          description: first.m_description,
          action: first.m_action,
          quote: first.m_quote,
          read_at: first.m_read_at,
          modal_read_at: first.m_modal_read_at,
          created_at: first.m_created_at,
        }
      : null;
  return {
    data: page.map((row) => present(row, language)),
    next_page_url: more && last ? `${options.basePath}?cursor=${last.id}&per_page=${perPage}` : null,
    count_unread_notifications: first?.unread ?? 0,
    global_notification_modal: modal ? present(modal, language) : null,
  };
}
