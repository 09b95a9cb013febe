/** Public pages (FAQs, contact tickets, a title's page, checkout, 404): brand, theme, language, log in. */
import { LayoutDashboard, LogIn } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { Button } from "../../components/ui";
import { Brand } from "../../features/shell/components/Brand";
import { LanguageSwitch } from "../../features/shell/components/LanguageSwitch";
import { SkipLink } from "../../features/shell/components/SkipLink";
import { ThemeToggle } from "../../features/shell/components/ThemeToggle";
import { useStickyTop } from "../../features/shell/stickyTop";
import { useSession } from "../../stores/session";
import { dashboardOf } from "../guards";

export default function GuestLayout() {
  const { t } = useTranslation("shell");
  const role = useSession((s) => s.role);
  const token = useSession((s) => s.token);
  const header = useRef<HTMLElement>(null);
  useStickyTop(header);
  return (
    <div className="flex min-h-[calc(100dvh-var(--cookie-inset,0px))] flex-col bg-background">
      <SkipLink />
      <header
        ref={header}
        data-sticky-header
        className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur"
      >
        {/* At least 64 px high, and wrapping rather than scrolling sideways at 320 px or with large text (WCAG 1.4.10). */}
        <div className="mx-auto flex min-h-16 w-full max-w-page flex-wrap items-center gap-2 px-4 py-2 sm:px-6 lg:px-8">
          <Brand to="/" className="mr-auto" />
          <nav aria-label={t("publicNavigation")} className="hidden items-center gap-1 sm:flex">
            <Button asChild variant="ghost" size="sm">
              <Link to="/faqs">{t("nav.faqs")}</Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to="/tickets">{t("nav.contact")}</Link>
            </Button>
          </nav>
          <LanguageSwitch />
          <ThemeToggle />
          {token && role ? (
            <Button asChild size="sm">
              <Link to={dashboardOf(role)}>
                <LayoutDashboard aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">{t("nav.dashboard")}</span>
              </Link>
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link to="/login">
                <LogIn aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">{t("login")}</span>
              </Link>
            </Button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-border bg-surface">
        <div className="mx-auto flex w-full max-w-page flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-fg-muted sm:px-6 lg:px-8">
          <span>{t("footer", { year: new Date().getFullYear(), brand: t("brand", { ns: "common" }) })}</span>
          <span className="flex gap-4">
            <Link className="hover:text-fg hover:underline" to="/faqs">
              {t("nav.faqs")}
            </Link>
            <Link className="hover:text-fg hover:underline" to="/tickets">
              {t("nav.contact")}
            </Link>
          </span>
        </div>
      </footer>
    </div>
  );
}
