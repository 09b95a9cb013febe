import { languages } from "@aprendo/contract/domain";
import { Languages } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { changeLanguage } from "../../../lib/language";

/** English / Español, stored on this device and, when logged in, on the account. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("shell");
  const id = useId();
  return (
    <div className={cn("relative flex items-center", className)}>
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <Languages aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4 text-fg-muted" />
      <select
        id={id}
        data-testid="language-switch"
        value={i18n.language === "es" ? "es" : "en"}
        onChange={(event) => void changeLanguage(event.target.value === "es" ? "es" : "en")}
        className="min-h-11 cursor-pointer appearance-none rounded-md border border-transparent bg-transparent py-1 pr-3 pl-8 text-sm font-medium text-fg hover:bg-surface-muted focus-ring sm:min-h-10"
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
