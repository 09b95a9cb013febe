import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/ui";
import { useTheme } from "../../../stores/theme";

/** Day / night switch of the guest pages (spec section 4), on the shared theme store. */
export function ThemeToggle() {
  const { t } = useTranslation("auth");
  const night = useTheme((s) => s.theme) === "night-mode";
  const toggle = useTheme((s) => s.toggle);
  return (
    <IconButton
      variant="secondary"
      aria-label={night ? t("layout.toDay") : t("layout.toNight")}
      aria-pressed={night}
      icon={night ? <Sun /> : <Moon />}
      onClick={toggle}
    />
  );
}
