/**
 * The mobile app modal (spec section 1): two app-store buttons offered on phones. It is switched by
 * the `mobile_app_modal` configuration entry, which ships disabled (status 0), so it stays hidden.
 */
import { Smartphone } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog } from "../../../components/ui";
import { useConfiguration } from "../api";
import { useMediaQuery } from "../hooks";

type Value = { appStoreUrl?: string; playStoreUrl?: string };
const SEEN_KEY = "mobileAppModalSeen";

export function MobileAppModal() {
  const { t } = useTranslation("shell");
  const phone = useMediaQuery("(max-width: 767px)");
  const entry = useConfiguration<Value>("mobile_app_modal", phone);
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(SEEN_KEY) === "1";
    } catch {
      return true;
    }
  });
  const enabled = entry.data?.status === 1;
  if (!phone || !enabled || dismissed) return null;
  const close = () => {
    try {
      localStorage.setItem(SEEN_KEY, "1");
    } catch {
      // Shown again next time.
    }
    setDismissed(true);
  };
  const stores = [
    { label: t("mobileApp.appStore"), href: entry.data?.value.appStoreUrl },
    { label: t("mobileApp.playStore"), href: entry.data?.value.playStoreUrl },
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t("mobileApp.title")}
      description={t("mobileApp.text")}
      closeLabel={t("close")}
      size="sm"
    >
      <div className="flex flex-col gap-2">
        {stores.map((store) =>
          store.href ? (
            <Button key={store.label} asChild variant="secondary" fullWidth>
              <a href={store.href} rel="noopener noreferrer" target="_blank">
                <Smartphone aria-hidden="true" className="size-4" />
                {store.label}
              </a>
            </Button>
          ) : null,
        )}
      </div>
    </Dialog>
  );
}
