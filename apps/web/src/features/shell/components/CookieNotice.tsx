/**
 * The cookie and privacy notice (spec section 1), remembered on this device once accepted. It floats at
 * the bottom but never covers an action: while it shows, its height (with its margin) is published as
 * `--cookie-inset`, which pads the page's bottom and lifts the shells' full-height frames and the
 * bars fixed to the bottom (a quiz's answer bar on phones), so everything stays reachable above it.
 */
import { Cookie } from "lucide-react";
import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui";
import { COOKIE_KEY, cookieNoticeAccepted } from "../cookies";

export default function CookieNotice() {
  const { t } = useTranslation("shell");
  const [open, setOpen] = useState(() => !cookieNoticeAccepted());
  const ref = useRef<HTMLElement>(null);
  useReservedSpace(open ? ref : null);
  if (!open) return null;
  return (
    <section
      ref={ref}
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

/** Keeps `--cookie-inset` and the body's bottom padding equal to the notice's footprint while it shows. */
function useReservedSpace(ref: RefObject<HTMLElement | null> | null) {
  useLayoutEffect(() => {
    const element = ref?.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => {
      // The notice's height plus the gap under it (bottom-2 / sm:bottom-4) and the same gap above it.
      const gap = Number.parseFloat(getComputedStyle(element).bottom) || 0;
      const inset = `${Math.ceil(element.offsetHeight + 2 * gap)}px`;
      root.style.setProperty("--cookie-inset", inset);
      document.body.style.paddingBottom = inset;
    };
    reserve();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    window.addEventListener("resize", reserve);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", reserve);
      root.style.removeProperty("--cookie-inset");
      document.body.style.paddingBottom = "";
    };
  }, [ref]);
}
