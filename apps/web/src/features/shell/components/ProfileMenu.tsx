/** The profile menu of the top bars: Profile and My library (learners only), language and theme, Logout. */
import type { RoleId } from "@aprendo/contract/domain";
import { Role } from "@aprendo/contract/domain";
import { ChevronDown, Library, LogOut, Moon, Sun, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui";
import { changeLanguage } from "../../../lib/language";
import { logoutState } from "../../../lib/logout";
import { useSafeNavigate } from "../../../lib/navigation";
import { useSession } from "../../../stores/session";
import { useTheme } from "../../../stores/theme";
import { UserAvatar } from "./UserAvatar";

export function ProfileMenu({ role }: { role: RoleId }) {
  const { t, i18n } = useTranslation("shell");
  const user = useSession((s) => s.user);
  const username = useSession((s) => s.username) ?? "";
  const navigate = useSafeNavigate();
  const theme = useTheme((s) => s.theme);
  const toggleTheme = useTheme((s) => s.toggle);
  const name = user?.name || username;
  const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(" ") || name;
  const otherLanguage = i18n.language === "es" ? "en" : "es";

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={t("profileMenu")}
          data-testid="profile-menu"
          className="inline-flex min-h-11 items-center gap-1 rounded-full p-1 pr-2 text-fg-muted transition-colors duration-150 hover:bg-surface-muted focus-ring sm:min-h-10"
        >
          <UserAvatar name={name} />
          <ChevronDown aria-hidden="true" className="size-4" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="flex flex-col">
          <span className="text-sm font-semibold text-fg">{fullName}</span>
          <span>{t(`role.${role}`)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {role === Role.learner && (
          <DropdownMenuItem onSelect={() => navigate("/iu/profile/info")}>
            <UserRound aria-hidden="true" />
            {t("profile")}
          </DropdownMenuItem>
        )}
        {role === Role.learner && (
          <DropdownMenuItem onSelect={() => navigate("/iu/library")}>
            <Library aria-hidden="true" />
            {t("library")}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void changeLanguage(otherLanguage)} lang={otherLanguage}>
          <span aria-hidden="true" className="w-4 text-center text-xs font-bold">
            {otherLanguage.toUpperCase()}
          </span>
          {t(`switchTo.${otherLanguage}`)}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={toggleTheme}>
          {theme === "night-mode" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
          {theme === "night-mode" ? t("theme.toDay") : t("theme.toNight")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          tone="danger"
          data-testid="logout"
          onSelect={() => {
            // The login page ends the session as it appears, so the area guard never sees a half-ended
            // session and sends the user to /login?redirect=<the page they left>.
            navigate("/login", { replace: true, state: logoutState() });
          }}
        >
          <LogOut aria-hidden="true" />
          {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
