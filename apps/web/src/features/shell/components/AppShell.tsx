/**
 * The frame of the logged-in areas (spec sections 2 and 9): side navigation 250 px wide from 1650 px,
 * a 110 px rail of icons with small labels from 992 px, and a drawer below 992 px that closes when
 * the window widens past 992 px. Every navigation closes the cart and notification panels.
 */
import { type RoleId, roleArea } from "@aprendo/contract/domain";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Drawer } from "../../../components/ui";
import { syncLanguageWithAccount } from "../../../lib/language";
import { usePanels } from "../../../stores/panels";
import { useSession } from "../../../stores/session";
import { useMediaQuery } from "../hooks";
import { navigationFor } from "../nav";
import { Brand } from "./Brand";
import { NavList } from "./NavList";
import { SkipLink } from "./SkipLink";
import { TopBar } from "./TopBar";

export function AppShell({
  roleId: role,
  above,
  children,
}: {
  roleId: RoleId;
  above?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("shell");
  const permissions = useSession((s) => s.permissions);
  const groups = navigationFor(role, permissions);
  const drawerOpen = usePanels((s) => s.navigation);
  const setDrawer = usePanels((s) => s.setNavigation);
  const wide = useMediaQuery("(min-width: 992px)");
  const big = useMediaQuery("(min-width: 1650px)");
  const home = `${roleArea[role]}/dashboard`;

  useEffect(() => {
    if (wide) setDrawer(false);
  }, [wide, setDrawer]);

  // The language chosen on this device and the account's language agree once the user is known.
  const user = useSession((s) => s.user);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per user, not on every change of the user object
  useEffect(() => {
    if (user) void syncLanguageWithAccount(user.language_id);
  }, [user?.id]);

  return (
    <div className="min-h-[calc(100dvh-var(--cookie-inset,0px))] bg-background">
      <SkipLink />
      {wide && (
        <nav
          aria-label={t("mainNavigation")}
          data-testid="side-navigation"
          className="fixed inset-y-0 left-0 z-20 flex w-[6.875rem] flex-col gap-4 overflow-y-auto border-r border-border bg-surface px-2 py-4 min-[1650px]:w-[15.625rem] min-[1650px]:px-4"
        >
          <Brand to={home} compact={!big} className={big ? "px-2" : "justify-center"} />
          <NavList groups={groups} variant={big ? "list" : "rail"} />
        </nav>
      )}
      <div className="flex min-h-[calc(100dvh-var(--cookie-inset,0px))] flex-col min-[992px]:pl-[6.875rem] min-[1650px]:pl-[15.625rem]">
        {above}
        <TopBar role={role} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
      </div>
      {!wide && (
        <Drawer
          side="left"
          open={drawerOpen}
          onOpenChange={setDrawer}
          title={t("mainNavigation")}
          titleHidden
          closeLabel={t("closeNavigation")}
          className="w-[min(20rem,calc(100%-3rem))]"
        >
          <nav aria-label={t("mainNavigation")} className="flex flex-col gap-4">
            <Brand to={home} className="px-2" />
            <NavList groups={groups} variant="list" />
          </nav>
        </Drawer>
      )}
    </div>
  );
}
