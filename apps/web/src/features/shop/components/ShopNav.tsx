/** The shop's sections (all, in stock, best sellers) as tabs of links. */
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { cn } from "../../../lib/cn";

const sections = [
  { to: "/iu/shop", label: "nav.all" },
  { to: "/iu/shop/available", label: "nav.available" },
  { to: "/iu/shop/top", label: "nav.top" },
] as const;

export function ShopNav({ className }: { className?: string }) {
  const { t } = useTranslation("shop");
  return (
    <nav aria-label={t("nav.label")} className={cn("border-b border-border", className)}>
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-4 text-sm font-medium transition-colors duration-150 focus-ring",
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
