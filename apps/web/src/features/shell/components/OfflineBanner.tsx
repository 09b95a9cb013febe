/**
 * "You are offline" while the browser is offline; it shakes for 750 ms whenever a call is dropped or a
 * page chunk fails to load (spec sections 4 and 8). Lives in the first-load bundle, so no icon library.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../../../stores/online";

export function OfflineBanner() {
  const { t } = useTranslation("common");
  const online = useOnline((s) => s.online);
  const shakeUntil = useOnline((s) => s.shakeUntil);
  const ref = useRef<HTMLDivElement>(null);
  const visible = !online || shakeUntil > 0;

  useEffect(() => {
    if (shakeUntil === 0 || !ref.current?.animate) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    ref.current.animate(
      [0, -8, 8, -6, 6, -3, 3, 0].map((x) => ({ transform: `translateX(${x}px)` })),
      { duration: Math.max(0, shakeUntil - Date.now()), easing: "ease-in-out" },
    );
  }, [shakeUntil]);

  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-[60] flex justify-center px-2">
      <div
        ref={ref}
        role="status"
        data-testid="offline-banner"
        className="pointer-events-auto rounded-full border border-border-strong bg-fg px-4 py-2 text-sm font-medium text-background shadow-lg"
      >
        {online ? t("offline.loadFailed") : t("offline.banner")}
      </div>
    </div>
  );
}
