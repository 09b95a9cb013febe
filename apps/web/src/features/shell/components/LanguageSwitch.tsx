import { type LanguageCode, languages } from "@aprendo/contract/domain";
import { Check, ChevronDown, Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { changeLanguage } from "../../../lib/language";

/**
 * English / Español, stored on this device and, when logged in, on the account. A button and a menu
 * rather than a <select>: on a closed select ArrowDown changes the value at once, which switched the
 * whole interface while someone was only moving through the bar (WCAG 3.2.2). Each name
 * is marked in its own language so a screen reader says "Español" with a Spanish voice (3.1.2).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("shell");
  const current: LanguageCode = i18n.language === "es" ? "es" : "en";
  const currentName = languages.find((language) => language.code === current)?.name;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="language-switch"
        className={cn(
          "flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-fg hover:bg-surface-muted focus-ring sm:min-h-10",
          className,
        )}
      >
        <Languages aria-hidden="true" className="size-4 text-fg-muted" />
        <span className="sr-only">{t("language")}: </span>
        <span lang={current}>{currentName}</span>
        <ChevronDown aria-hidden="true" className="hidden size-3.5 text-fg-muted sm:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        {languages.map((language) => (
          <DropdownMenuItem
            key={language.code}
            lang={language.code}
            role="menuitemradio"
            aria-checked={current === language.code}
            onSelect={() => void changeLanguage(language.code)}
          >
            <Check
              aria-hidden="true"
              className={cn(current === language.code ? "opacity-100" : "opacity-0")}
            />
            {language.name}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
