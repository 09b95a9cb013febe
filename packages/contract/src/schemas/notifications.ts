/** Notifications (spec sections 3, 4 and 7): the list, one notification, global notifications, the live stream. */
import { z } from "zod";
import { idParam } from "./validators";

export const notificationTypeId = z.number().int().min(1).max(5);

/** Where clicking a notification leads: a ticket, a certificate, a global notification or a lecture. */
export const notificationAction = z.object({
  redirect: z
    .object({
      id: z.number().int().optional(),
      courseId: z.number().int().optional(),
      lessonId: z.number().int().optional(),
    })
    .optional(),
});
export type NotificationActionBody = z.infer<typeof notificationAction>;

/**
 * The language of a text shown in English because its Spanish side is empty, sent only when it is
 * not the request's language (WCAG 3.1.2: the page marks it `lang`).
 */
const fallbackLang = z.enum(["en", "es"]).optional();

/** One notification, its texts in the request's language. */
export const notificationItem = z.object({
  id: z.number().int(),
  type: notificationTypeId,
  title: z.string(),
  description: z.string(),
  title_lang: fallbackLang,
  description_lang: fallbackLang,
  /**
   * A title the description quotes, when it is not in the request's language, and its language
   * (WCAG 3.1.2: the page marks that part of the description, "… Buenos días …", with its `lang`).
   */
  description_quote: z.string().optional(),
  description_quote_lang: fallbackLang,
  read: z.boolean(),
  modal_read: z.boolean(),
  created_at: z.string(),
  action: notificationAction,
});
export type NotificationItem = z.infer<typeof notificationItem>;
/** A notification marked read, with the unread count the bell shows next. */
export const notificationRead = z.object({
  data: notificationItem,
  count_unread_notifications: z.number().int(),
});

/** GET iu/notifications/me and admins/notifications/me (cursor pages, newest first). */
export const notificationListQuery = z.object({
  cursor: idParam.optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
});

export const notificationList = z.object({
  data: z.array(notificationItem),
  /** Absolute path (/api/...) of the next page, or null on the last page. */
  next_page_url: z.string().nullable(),
  count_unread_notifications: z.number().int(),
  /** The newest unread global notification to show as a modal, not yet seen as one. */
  global_notification_modal: notificationItem.nullable(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const unreadCountBody = z.object({ count_unread_notifications: z.number().int() });
export type UnreadCountBody = z.infer<typeof unreadCountBody>;

/** A global notification as its page (/iu/global/{id}) shows it. */
export const globalNotificationBody = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  title_lang: fallbackLang,
  description_lang: fallbackLang,
  show_as_modal: z.boolean(),
  published_at: z.string().nullable(),
});
export type GlobalNotificationBody = z.infer<typeof globalNotificationBody>;
export const globalNotificationView = z.object({ data: globalNotificationBody });

/** A short-lived ticket to open the event stream (EventSource cannot send an Authorization header). */
export const streamTicketBody = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type StreamTicketBody = z.infer<typeof streamTicketBody>;

/** What the stream sends: `notification` (a new one for you) or `changed` (read state changed elsewhere). */
export const streamEventKinds = ["notification", "changed"] as const;
export type StreamEventKind = (typeof streamEventKinds)[number];
