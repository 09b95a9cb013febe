/** Database rows -> the notification shapes of spec section 3, texts in the reader's language. */
import type { LanguageCode, NotificationItem } from "@aprendo/contract";
import type { globalNotifications, notifications } from "../db/schema/index";

type NotificationRow = typeof notifications.$inferSelect;
type GlobalRow = typeof globalNotifications.$inferSelect;

export function presentNotification(row: NotificationRow, language: LanguageCode): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title[language] || row.title.en,
    description: row.description[language] || row.description.en,
    read: row.readAt !== null,
    modal_read: row.modalReadAt !== null,
    created_at: row.createdAt.toISOString(),
    action: row.action ?? {},
  };
}

export function presentGlobalNotification(row: GlobalRow, language: LanguageCode) {
  return {
    id: row.id,
    title: row.title[language] || row.title.en,
    description: row.description[language] || row.description.en,
    show_as_modal: row.showAsModal,
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}
