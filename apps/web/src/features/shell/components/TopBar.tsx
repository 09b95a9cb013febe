/**
 * The top bar. Learners: the greeting, the global search and the cart; everyone logged in:
 * notifications and the profile menu (spec section 2). Below 992 px a menu button opens the navigation.
 */
import type { RoleId } from "@aprendo/contract/domain";
import { Role } from "@aprendo/contract/domain";
import { Menu } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { usePanels } from "../../../stores/panels";
import { useSession } from "../../../stores/session";
import { NotificationBell } from "../../notifications/components/NotificationBell";
import { useScrollDirection } from "../hooks";
import { useStickyTop } from "../stickyTop";
import { CartButton } from "./CartButton";
import { Greeting } from "./Greeting";
import { LanguageSwitch } from "./LanguageSwitch";
import { ProfileMenu } from "./ProfileMenu";
import { SearchBox } from "./SearchBox";
import { ThemeToggle } from "./ThemeToggle";

export function TopBar({ role }: { role: RoleId }) {
  const { t } = useTranslation("shell");
  const user = useSession((s) => s.user);
  const openNavigation = usePanels((s) => s.setNavigation);
  const { direction, scrolled } = useScrollDirection();
  const learner = role === Role.learner;
  const header = useRef<HTMLElement>(null);
  useStickyTop(header);
  return (
    <header
      ref={header}
      data-sticky-header
      className={cn(
        "sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur transition-shadow duration-150",
        scrolled && "shadow-sm",
      )}
    >
      <div className="flex h-16 items-center gap-2 px-2 sm:px-4 min-[992px]:px-6">
        <IconButton
          aria-label={t("openNavigation")}
          icon={<Menu />}
          onClick={() => openNavigation(true)}
          className="min-[992px]:hidden"
          data-testid="open-navigation"
        />
        <div className="min-w-0 flex-1">
          {learner ? (
            // On a phone a long name wraps onto a second line instead of being cut ("Good evening, M…").
            <Greeting
              firstName={user?.first_name}
              className="line-clamp-2 text-sm leading-tight font-semibold break-words text-fg sm:line-clamp-1 sm:text-xl sm:leading-normal"
            />
          ) : (
            <span className="block truncate text-base font-semibold text-fg sm:text-xl">
              {t(`area.${role}`)}
            </span>
          )}
        </div>
        {learner && <SearchBox className="hidden max-w-md md:flex" />}
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
          <LanguageSwitch className="hidden md:flex" />
          {/* On phones the greeting needs the room; the profile menu offers the theme there. */}
          <ThemeToggle className={learner ? "max-sm:hidden" : undefined} />
          {learner && <CartButton />}
          <NotificationBell role={role} />
          <ProfileMenu role={role} />
        </div>
      </div>
      {learner && (
        <div
          className={cn(
            "overflow-hidden px-2 transition-[max-height,padding] duration-200 md:hidden",
            direction === "down" && scrolled ? "max-h-0 pb-0" : "max-h-16 pb-2",
          )}
        >
          <SearchBox />
        </div>
      )}
    </header>
  );
}
