/** Database rows -> the notification shapes of spec section 3, texts in the reader's language. */
import type { LanguageCode, NotificationItem } from "@aprendo/contract";
import type { globalNotifications, notifications } from "../db/schema/index";
import { quotedTitle, textLanguage } from "../lib/text";

type NotificationRow = typeof notifications.$inferSelect;
type GlobalRow = typeof globalNotifications.$inferSelect;

/** Title and description in the reader's language, with the language of an English fallback. */
function texts(row: Pick<NotificationRow, "title" | "description">, language: LanguageCode) {
  return {
    title: row.title[language] || row.title.en,
    description: row.description[language] || row.description.en,
    title_lang: textLanguage(language, row.title.en, row.title.es ?? ""),
    description_lang: textLanguage(language, row.description.en, row.description.es ?? ""),
  };
}

/**
 * The title quoted in the reader's description and its language, when not the reader's (WCAG 3.1.2):
 * the web marks that part of the description alone.
 */
function quoted(row: Pick<NotificationRow, "quote">, description: string, language: LanguageCode) {
  const quote = row.quote && quotedTitle(language, description, row.quote);
  return quote ? { description_quote: quote.title, description_quote_lang: quote.lang } : {};
}

export function presentNotification(row: NotificationRow, language: LanguageCode): NotificationItem {
  const shown = texts(row, language);
  return {
    id: row.id,
    type: row.type,
    ...shown,
    ...quoted(row, shown.description, language),
    read: row.readAt !== null,
    modal_read: row.modalReadAt !== null,
    created_at: row.createdAt.toISOString(),
    action: row.action ?? {},
  };
}

export function presentGlobalNotification(row: GlobalRow, language: LanguageCode) {
  return {
    id: row.id,
    ...texts(row, language),
    show_as_modal: row.showAsModal,
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}
