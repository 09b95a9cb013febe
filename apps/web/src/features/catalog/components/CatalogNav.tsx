/** The catalogue's sections (all, mine, top, coming soon, wish list) as tabs of links. */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { cn } from "../../../lib/cn";

const sections = [
  { to: "/iu/courses", label: "nav.all", end: true },
  { to: "/iu/courses/enrolled", label: "nav.enrolled", end: true },
  { to: "/iu/courses/top", label: "nav.top", end: true },
  { to: "/iu/courses/coming-soon", label: "nav.comingSoon", end: true },
  { to: "/iu/wishlist", label: "nav.wishlist", end: true },
] as const;

export function CatalogNav({ className }: { className?: string }) {
  const { t } = useTranslation("catalog");
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: bring the current one into view (without moving the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the section changes
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !current) return;
    const left = current.offsetLeft;
    if (left + current.offsetWidth > ul.scrollLeft + ul.clientWidth || left < ul.scrollLeft) {
      ul.scrollLeft = Math.max(0, left - 16);
    }
  }, [pathname]);
  return (
    <nav aria-label={t("nav.label")} className={cn("border-b border-border", className)}>
      <ul ref={list} className="relative -mb-px flex gap-1 overflow-x-auto">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium transition-colors duration-150 focus-ring sm:px-4",
                  isActive
                    ? "border-primary text-primary"
                    : "border-transparent text-fg-muted hover:border-border-strong hover:text-fg",
                )
              }
            >
              {t(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
