/**
 * The notification panel (spec sections 2 and 4): newest first, infinite loading, mark all as read,
 * and clicking routes by type; the panel just closes when the target is the page already shown.
 */
import type { NotificationItem } from "@aprendo/contract";
import type { RoleId } from "@aprendo/contract/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Award, BellOff, CheckCheck, LifeBuoy, Megaphone, MessagesSquare, PartyPopper } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Button, Content, Drawer, EmptyState, ErrorState, Quoting, Skeleton } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { dateLanguage, relativeTime } from "../../../lib/format";
import { useSafeNavigate } from "../../../lib/navigation";
import { notificationsKey, useMarkAllRead, useMarkRead, type useNotifications } from "../api";
import { isCurrentRoute, notificationTarget } from "../logic";

const icons = {
  1: LifeBuoy,
  2: Megaphone,
  3: Award,
  4: MessagesSquare,
  5: PartyPopper,
} as const;

type Props = {
  role: RoleId;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  list: ReturnType<typeof useNotifications>;
};

export default function NotificationPanel({ role, open, onOpenChange, list }: Props) {
  const { t, i18n } = useTranslation("notifications");
  const markRead = useMarkRead();
  const markAll = useMarkAllRead(role);
  const location = useLocation();
  const navigate = useSafeNavigate();
  const client = useQueryClient();
  const sentinel = useRef<HTMLDivElement>(null);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;

  // Infinite loading: the next page loads when the end of the list scrolls into view.
  useEffect(() => {
    const node = sentinel.current;
    if (!open || !node || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [open, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const choose = (notification: NotificationItem) => {
    if (!notification.read) markRead.mutate(notification.id);
    const target = notificationTarget(notification, role);
    if (!target) return;
    // A notification says something changed on the server (an answer, a reply, a certificate), so
    // what it opens must show it: even a page the app kept from earlier in the session, whose data
    // is otherwise reused for 30 s. Pages on screen refetch now, the others when next shown.
    void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== notificationsKey[0] });
    if (isCurrentRoute(target, location)) onOpenChange(false);
    else navigate(target);
  };

  const language = dateLanguage(i18n.language);
  const anyUnread = list.unreadCount > 0 || list.items.some((n) => !n.read);

  return (
    <Drawer
      side="right"
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      closeLabel={t("close")}
      className="w-[min(26rem,calc(100%-2rem))]"
    >
      <div className="-mt-2 mb-2 flex items-center justify-between gap-2">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.unreadCount > 0 ? t("unread", { count: list.unreadCount }) : t("allRead")}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => markAll.mutate()}
          disabled={!anyUnread}
          loading={markAll.isPending}
        >
          {!markAll.isPending && <CheckCheck aria-hidden="true" className="size-4" />}
          {t("markAll")}
        </Button>
      </div>

      {list.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex gap-3 p-2">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : list.isError && list.items.length === 0 ? (
        <ErrorState
          message={t("loadFailed")}
          retryLabel={t("retry")}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.items.length === 0 ? (
        <EmptyState icon={<BellOff />} title={t("empty")} text={t("emptyText")} className="border-none" />
      ) : (
        <ul className="flex flex-col gap-1" data-testid="notification-list">
          {list.items.map((notification) => {
            const Icon = icons[notification.type as keyof typeof icons] ?? Megaphone;
            return (
              <li key={notification.id}>
                <button
                  type="button"
                  onClick={() => choose(notification)}
                  className={cn(
                    "flex w-full items-start gap-3 rounded-md p-3 text-left transition-colors duration-150 hover:bg-surface-muted focus-ring",
                    !notification.read && "bg-primary-soft/60",
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-muted text-primary"
                  >
                    <Icon className="size-4" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <Content
                      lang={notification.title_lang}
                      className={cn("text-sm text-fg", !notification.read && "font-semibold")}
                    >
                      {notification.title}
                    </Content>
                    <Content
                      lang={notification.description_lang}
                      className="line-clamp-2 text-sm text-fg-muted"
                    >
                      <Quoting
                        text={notification.description}
                        quote={notification.description_quote}
                        lang={notification.description_quote_lang}
                      />
                    </Content>
                    <time dateTime={notification.created_at} className="text-xs text-fg-muted">
                      {relativeTime(notification.created_at, language)}
                    </time>
                  </span>
                  {!notification.read && (
                    <span className="mt-1.5 flex shrink-0 items-center">
                      <span aria-hidden="true" className="size-2.5 rounded-full bg-primary" />
                      <span className="sr-only">{t("unreadMark")}</span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {hasNextPage && (
        <div ref={sentinel} className="flex justify-center py-3">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
          >
            {t("loadMore")}
          </Button>
        </div>
      )}
    </Drawer>
  );
}
