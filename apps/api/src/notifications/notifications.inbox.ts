/**
 * A page of a user's inbox (GET .../notifications/me), the call every page of the app makes. It
 * used to be three statements (the page, the modal still to show, the unread count); here it is
 * one named prepared statement (INBOX_PAGE, notifications.repository.ts) answering all three.
 */
import type { LanguageCode } from "@aprendo/contract";
import type pg from "pg";
import { presentNotification } from "./notifications.presenter";
import { type Columns, inboxPage } from "./notifications.repository";

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
  // Ids are bigint: "before the cursor", or before the largest bigint for the first page.
  const rows = await inboxPage(pool, userId, cursor ?? "9223372036854775807", perPage + 1);
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
