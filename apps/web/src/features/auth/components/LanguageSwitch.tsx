import { type LanguageCode, languages } from "@aprendo/contract/domain";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { changeLanguage } from "../../../lib/language";

/** English / Español as a two-button group; the pressed one is the current language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation("auth");
  const current: LanguageCode = i18n.language === "es" ? "es" : "en";
  return (
    <fieldset className="flex items-center rounded-md border border-border bg-surface p-0.5 shadow-sm">
      <legend className="sr-only">{t("layout.language")}</legend>
      {languages.map((language) => (
        <button
          key={language.code}
          type="button"
          lang={language.code}
          aria-pressed={current === language.code}
          onClick={() => void changeLanguage(language.code)}
          className={cn(
            "min-h-[38px] min-w-10 rounded-sm px-2 text-xs font-semibold uppercase transition-colors duration-150 focus-ring sm:min-h-[34px] sm:min-w-9",
            current === language.code
              ? "bg-primary text-primary-fg"
              : "text-fg-muted hover:bg-surface-muted hover:text-fg",
          )}
        >
          {language.code}
          <span className="sr-only"> {language.name}</span>
        </button>
      ))}
    </fieldset>
  );
}
