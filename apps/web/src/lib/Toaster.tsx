/**
 * The toast area (spec sections 8 and 9: bottom, 3 seconds), coloured with the design tokens of the
 * current theme. Sonner is loaded after the first paint; see lib/toast.ts.
 */
import { limits } from "@aprendo/contract/domain";
import { type CSSProperties, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { loadSonner } from "./toast";

const tokens = {
  "--normal-bg": "var(--surface-raised)",
  "--normal-text": "var(--fg)",
  "--normal-border": "var(--border)",
  "--success-bg": "var(--success-soft)",
  "--success-text": "var(--success)",
  "--success-border": "color-mix(in srgb, var(--success) 30%, transparent)",
  "--error-bg": "var(--danger-soft)",
  "--error-text": "var(--danger)",
  "--error-border": "color-mix(in srgb, var(--danger) 30%, transparent)",
  "--info-bg": "var(--info-soft)",
  "--info-text": "var(--info)",
  "--info-border": "color-mix(in srgb, var(--info) 30%, transparent)",
} as CSSProperties;

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  return {
    default: function ToastRegion() {
      // The region's name follows the interface language (sonner's default is English only).
      const { t } = useTranslation("common");
      return (
        <Toaster
          containerAriaLabel={t("toastRegion")}
          position="bottom-center"
          duration={limits.toastDurationMs}
          richColors
          closeButton={false}
          visibleToasts={4}
          style={tokens}
          toastOptions={{ className: "font-sans text-sm shadow-md" }}
        />
      );
    },
  };
});

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
