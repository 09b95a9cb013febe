/** Pure rules of the notification panel (spec sections 4 and 9). */
import { NotificationType, Role, type RoleId } from "@aprendo/contract/domain";

export type PanelNotification = {
  id: number;
  type: number;
  read: boolean;
  action: { redirect?: { id?: number; courseId?: number; lessonId?: number } };
};

/** Loading more appends and de-duplicates by id (the first occurrence, i.e. the freshest page, wins). */
export function mergeNotifications<T extends { id: number }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const merged: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      merged.push(item);
    }
  }
  return merged;
}

/**
 * The bell's number: with a plus sign when every loaded notification is unread and more pages exist
 * (spec section 9) — then the loaded ones are all we know are unread; otherwise the server's count.
 * Empty when nothing is unread; "99+" past 99.
 */
export function unreadLabel(count: number, loaded: readonly { read: boolean }[], hasMore: boolean): string {
  const allUnread = loaded.length > 0 && loaded.every((n) => !n.read);
  const shown = allUnread && hasMore ? loaded.length : count;
  if (shown <= 0) return "";
  if (shown > 99) return "99+";
  return allUnread && hasMore ? `${shown}+` : String(shown);
}

/**
 * Where clicking a notification leads (spec section 4), or null when it only marks it read
 * (congratulations, or an action without the ids it needs).
 */
export function notificationTarget(notification: PanelNotification, role: RoleId): string | null {
  const redirect = notification.action?.redirect ?? {};
  const learner = role === Role.learner;
  switch (notification.type) {
    case NotificationType.global:
      return learner && redirect.id ? `/iu/global/${redirect.id}` : null;
    case NotificationType.supportTicket: {
      if (!redirect.id) return null;
      const query = `?redirect=true&individualTicketSelect=${redirect.id}`;
      return learner ? `/iu/tickets/${redirect.id}${query}` : `/af/tickets/me/${redirect.id}${query}`;
    }
    case NotificationType.certificate:
      if (!learner) return "/af/certificates";
      return redirect.id ? `/iu/profile/certificates/${redirect.id}` : "/iu/profile/certificates";
    case NotificationType.lessonQaTicket:
      if (!learner) return redirect.id ? `/af/lesson/qas/${redirect.id}` : "/af/lesson/qas";
      return redirect.courseId && redirect.lessonId
        ? `/iu/courses/${redirect.courseId}/lesson/${redirect.lessonId}#qa`
        : null;
    default:
      return null;
  }
}

/** True when `target` is the page already shown: then the panel just closes. */
export function isCurrentRoute(
  target: string,
  current: { pathname: string; search: string; hash: string },
): boolean {
  const url = new URL(target, "http://x");
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  const sorted = (search: string) => {
    const params = new URLSearchParams(search);
    params.sort();
    return params.toString();
  };
  return (
    trim(url.pathname) === trim(current.pathname) &&
    sorted(url.search) === sorted(current.search) &&
    url.hash === (current.hash || "")
  );
}
