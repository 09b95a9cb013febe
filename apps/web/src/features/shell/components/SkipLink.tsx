import { useTranslation } from "react-i18next";

/**
 * "Skip to content", the first stop of the Tab order on every layout (signed-in shell, guest pages,
 * account pages): visible only when focused; it jumps to the layout's <main id="main">.
 */
export function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("skipToContent")}
    </a>
  );
}
