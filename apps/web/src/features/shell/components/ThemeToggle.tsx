import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/ui";
import { useTheme } from "../../../stores/theme";

/** Day/night switch (spec section 4). */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation("shell");
  const theme = useTheme((s) => s.theme);
  const toggle = useTheme((s) => s.toggle);
  const night = theme === "night-mode";
  return (
    <IconButton
      aria-label={night ? t("theme.toDay") : t("theme.toNight")}
      aria-pressed={night}
      icon={night ? <Sun /> : <Moon />}
      onClick={toggle}
      className={className}
      data-testid="theme-toggle"
    />
  );
}
