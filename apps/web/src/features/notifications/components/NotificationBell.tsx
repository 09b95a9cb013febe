/** The bell of the top bars: the unread count, and the panel it opens. */

import type { NotificationItem } from "@aprendo/contract";
import type { RoleId } from "@aprendo/contract/domain";
import { Role } from "@aprendo/contract/domain";
import { Bell } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { showInfo } from "../../../lib/toast";
import { usePanels } from "../../../stores/panels";
import { useNotificationStream, useNotifications } from "../api";
import { unreadLabel } from "../logic";

const NotificationPanel = lazy(() => import("./NotificationPanel"));
const GlobalNotificationModal = lazy(() => import("./GlobalNotificationModal"));

export function NotificationBell({ role }: { role: RoleId }) {
  const { t } = useTranslation("notifications");
  const open = usePanels((s) => s.notifications);
  const setOpen = usePanels((s) => s.setNotifications);
  const [everOpened, setEverOpened] = useState(false);
  const list = useNotifications(role);
  const label = unreadLabel(list.unreadCount, list.items, list.hasNextPage);
  // The modal stays up after the server forgets it (it is marked modal-read as soon as it shows).
  const [modal, setModal] = useState<NotificationItem | null>(null);
  useEffect(() => {
    if (role === Role.learner && list.modal) setModal((current) => current ?? list.modal);
  }, [role, list.modal]);
  const onNew = useCallback(() => showInfo(t("live")), [t]);
  useNotificationStream(onNew);

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setEverOpened(true);
          setOpen(!open);
        }}
        aria-label={label ? t("bellWithCount", { count: label }) : t("bell")}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-md text-fg-muted transition-colors duration-150 hover:bg-surface-muted hover:text-fg focus-ring sm:size-10"
      >
        <Bell aria-hidden="true" className="size-5" />
        {label && (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-xs leading-5 font-semibold text-danger-fg"
          >
            {label}
          </span>
        )}
      </button>
      {(open || everOpened) && (
        <Suspense fallback={null}>
          <NotificationPanel role={role} open={open} onOpenChange={setOpen} list={list} />
        </Suspense>
      )}
      {modal && (
        <Suspense fallback={null}>
          <GlobalNotificationModal key={modal.id} notification={modal} onClosed={() => setModal(null)} />
        </Suspense>
      )}
    </>
  );
}
