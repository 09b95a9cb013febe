/** The cookie and privacy notice (spec section 1), remembered on this device once accepted. */
import { Cookie } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui";
import { COOKIE_KEY, cookieNoticeAccepted } from "../cookies";

export default function CookieNotice() {
  const { t } = useTranslation("shell");
  const [open, setOpen] = useState(() => !cookieNoticeAccepted());
  if (!open) return null;
  return (
    <section
      aria-label={t("cookies.label")}
      data-testid="cookie-notice"
      className="fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-2xl flex-col gap-3 rounded-lg border border-border bg-surface-raised p-4 text-fg shadow-lg sm:inset-x-4 sm:bottom-4 sm:flex-row sm:items-center"
    >
      <Cookie aria-hidden="true" className="hidden size-6 shrink-0 text-primary sm:block" />
      <p className="flex-1 text-sm">{t("cookies.text")}</p>
      <Button
        onClick={() => {
          try {
            localStorage.setItem(COOKIE_KEY, "accepted");
          } catch {
            // Not remembered; closed for this page.
          }
          setOpen(false);
        }}
      >
        {t("cookies.accept")}
      </Button>
    </section>
  );
}
