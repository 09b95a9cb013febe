/**
 * Notification calls (spec section 7), one hook each, and the live stream. Learners use the iu/...
 * paths, administrators the admins/... ones. Everything is cached under ["notifications"].
 */
import type {
  globalNotificationView,
  NotificationList,
  notificationRead,
  StreamTicketBody,
  UnreadCountBody,
} from "@aprendo/contract";
import type { RoleId } from "@aprendo/contract/domain";
import { Role } from "@aprendo/contract/domain";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import type { z } from "zod";
import { get, post, put } from "../../lib/http";
import { onLogout } from "../../lib/logout";
import { showError } from "../../lib/toast";
import { usePanels } from "../../stores/panels";
import { useSession } from "../../stores/session";
import { mergeNotifications } from "./logic";

export const notificationsKey = ["notifications"] as const;
const listPath = (role: RoleId) =>
  role === Role.learner ? "/iu/notifications/me" : "/admins/notifications/me";
const allReadPath = (role: RoleId) =>
  role === Role.learner ? "/iu/notifications/all/read" : "/admins/notifications/all/read";

type Pages = InfiniteData<NotificationList, string>;

export function useNotifications(role: RoleId) {
  const query = useInfiniteQuery({
    queryKey: [...notificationsKey, "list", role],
    queryFn: ({ pageParam, signal }) => get<NotificationList>(pageParam, { signal }),
    initialPageParam: listPath(role),
    getNextPageParam: (last) => last.next_page_url ?? undefined,
    staleTime: 60_000,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    items: mergeNotifications(pages.map((p) => p.data)),
    // The first page is the freshest answer (refetches start there).
    unreadCount: pages[0]?.count_unread_notifications ?? 0,
    modal: pages[0]?.global_notification_modal ?? null,
  };
}

/** Rewrites every cached page (after a read, so the panel and the bell agree at once). */
function updatePages(client: QueryClient, change: (page: NotificationList) => NotificationList) {
  client.setQueriesData<Pages>({ queryKey: [...notificationsKey, "list"] }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => put<z.infer<typeof notificationRead>>(`/notifications/${id}/read`),
    onSuccess: ({ count_unread_notifications }, id) =>
      updatePages(client, (page) => ({
        ...page,
        count_unread_notifications,
        data: page.data.map((n) => (n.id === id ? { ...n, read: true } : n)),
      })),
    onError: showError,
  });
}

export function useMarkAllRead(role: RoleId) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => put<UnreadCountBody>(allReadPath(role)),
    onSuccess: () =>
      updatePages(client, (page) => ({
        ...page,
        count_unread_notifications: 0,
        data: page.data.map((n) => ({ ...n, read: true })),
      })),
    onError: showError,
  });
}

export function useMarkModalRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => put<UnreadCountBody>("/iu/global-notifications/modal/read"),
    onSuccess: () => updatePages(client, (page) => ({ ...page, global_notification_modal: null })),
  });
}

export function useGlobalNotification(id: number) {
  return useQuery({
    queryKey: [...notificationsKey, "global", id],
    queryFn: ({ signal }) =>
      get<z.infer<typeof globalNotificationView>>(`/iu/global-notifications/${id}`, { signal }),
    select: (body) => body.data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useMarkGlobalRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => put<UnreadCountBody>(`/iu/global-notifications/${id}/read`),
    onSuccess: (_body, id) =>
      updatePages(client, (page) => ({
        ...page,
        data: page.data.map((n) => (n.type === 2 && n.action.redirect?.id === id ? { ...n, read: true } : n)),
      })),
    onSettled: () => client.invalidateQueries({ queryKey: [...notificationsKey, "list"] }),
  });
}

/**
 * Live updates: an EventSource on /api/notifications/stream, opened with a 60-second ticket (the
 * browser cannot send the bearer token on an EventSource). When it drops, a new ticket is fetched and
 * the stream reopens, waiting longer after each failure (5 s up to 60 s); at once when a stopping node
 * says `reconnect`.
 */
export function useNotificationStream(onNew?: () => void) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    // A burst of events (a global notification, many replies) makes one refetch and one toast.
    let burst: ReturnType<typeof setTimeout> | undefined;
    let fresh = false;
    const refresh = (isNew = false) => {
      fresh ||= isNew;
      clearTimeout(burst);
      burst = setTimeout(() => {
        void client.invalidateQueries({ queryKey: [...notificationsKey, "list"] });
        if (fresh) onNew?.();
        fresh = false;
      }, 250);
    };

    const open = async () => {
      try {
        const { ticket } = await post<StreamTicketBody>("/notifications/stream-ticket");
        if (stopped) return;
        source = new EventSource(`/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener("ready", () => {
          // Anything that arrived while the stream was down shows now.
          if (failures > 0) refresh();
          failures = 0;
        });
        source.addEventListener("notification", () => refresh(true));
        source.addEventListener("changed", () => refresh());
        // The node is stopping (a deploy): reopen at once on another, and refetch once it is ready
        // (counted as one failure so `ready` refetches what arrived in between).
        source.addEventListener("reconnect", () => {
          source?.close();
          failures = 1;
          void open();
        });
        source.onerror = () => {
          source?.close();
          schedule();
        };
      } catch {
        schedule();
      }
    };
    const schedule = () => {
      if (stopped) return;
      failures += 1;
      retry = setTimeout(() => void open(), Math.min(60_000, 5_000 * failures));
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(burst);
      source?.close();
    };
  }, [token, client, onNew]);
}

// Nothing of the previous user's notifications stays open after logout (the query cache is cleared by the app).
onLogout(() => usePanels.getState().closeAll());
