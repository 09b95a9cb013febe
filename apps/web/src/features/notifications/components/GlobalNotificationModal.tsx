/** The global notification modal: shown once for the newest unread announcement marked "show as modal". */
import type { NotificationItem } from "@aprendo/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Content, Dialog } from "../../../components/ui";
import { useSafeNavigate } from "../../../lib/navigation";
import { useMarkModalRead } from "../api";

export default function GlobalNotificationModal({
  notification,
  onClosed,
}: {
  notification: NotificationItem;
  onClosed: () => void;
}) {
  const { t } = useTranslation("notifications");
  const [open, setOpenState] = useState(true);
  const setOpen = (value: boolean) => {
    setOpenState(value);
    if (!value) onClosed();
  };
  const markModalRead = useMarkModalRead();
  const navigate = useSafeNavigate();
  const marked = useRef<number | null>(null);

  // Seen once is enough: the server forgets it as a modal as soon as it shows.
  const { mutate } = markModalRead;
  useEffect(() => {
    if (marked.current === notification.id) return;
    marked.current = notification.id;
    mutate();
  }, [notification.id, mutate]);

  const globalId = notification.action.redirect?.id;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={<Content lang={notification.title_lang}>{notification.title}</Content>}
      description={<Content lang={notification.description_lang}>{notification.description}</Content>}
      closeLabel={t("close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("dismiss")}
          </Button>
          {globalId && (
            <Button
              onClick={() => {
                setOpen(false);
                navigate(`/iu/global/${globalId}`);
              }}
            >
              {t("readMore")}
            </Button>
          )}
        </>
      }
    />
  );
}
