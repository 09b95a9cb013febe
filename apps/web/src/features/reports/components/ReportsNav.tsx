/** The report areas the caller may open, as tabs (each area is its own address). */
import type { ReportAreaName } from "@aprendo/contract/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";

export function ReportsNav({
  prefix,
  areas,
  current,
}: {
  prefix: string;
  areas: readonly ReportAreaName[];
  current: ReportAreaName;
}) {
  const { t } = useTranslation("reports");
  return (
    <nav aria-label={t("areas")} className="mb-4 border-b border-border">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {areas.map((area) => (
          <li key={area}>
            <Link
              to={`${prefix}/reports/${area}`}
              aria-current={area === current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-4 text-sm font-medium transition-colors duration-150 focus-ring",
                area === current
                  ? "border-primary text-primary"
                  : "border-transparent text-fg-muted hover:border-border-strong hover:text-fg",
              )}
            >
              {t(`tab.${area}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
