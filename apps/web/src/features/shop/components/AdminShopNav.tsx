/** The shop's back-office pages as tabs of links. */
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { cn } from "../../../lib/cn";

const pages = [
  { to: "/af/products", label: "admin.products" },
  { to: "/af/products-overview", label: "admin.overview.title" },
  { to: "/af/stock-requests-overview", label: "admin.requests.title" },
  { to: "/af/shop-categories", label: "admin.categories.title" },
  { to: "/af/shop-distributors", label: "admin.distributors.title" },
] as const;

export function AdminShopNav({ className }: { className?: string }) {
  const { t } = useTranslation("shop");
  return (
    <nav aria-label={t("title")} className={cn("border-b border-border", className)}>
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {pages.map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to}
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
              {t(page.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
