/** The salary-scale area's tabs (countries, income categories, declarations), kept in the address as `?tab=`. */
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { cn } from "../../../lib/cn";

const tabs = [
  { tab: "countries", label: "scales.title" },
  { tab: "categories", label: "categories.title" },
  { tab: "declarations", label: "declarations.title" },
] as const;
export type SalaryScaleTab = (typeof tabs)[number]["tab"];

export function salaryScaleTab(params: URLSearchParams): SalaryScaleTab {
  const tab = params.get("tab");
  return tabs.find((t) => t.tab === tab)?.tab ?? "countries";
}

export function SalaryScalesNav({ className }: { className?: string }) {
  const { t } = useTranslation("salary-scales");
  const [params] = useSearchParams();
  const current = salaryScaleTab(params);
  return (
    <nav aria-label={t("title")} className={cn("border-b border-border", className)}>
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map(({ tab, label }) => (
          <li key={tab}>
            <Link
              to={tab === "countries" ? "/af/salary-scales" : `/af/salary-scales?tab=${tab}`}
              aria-current={tab === current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-4 text-sm font-medium transition-colors duration-150 focus-ring",
                tab === current
                  ? "border-primary text-primary"
                  : "border-transparent text-fg-muted hover:border-border-strong hover:text-fg",
              )}
            >
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
