/** The categories as toggle chips above the list ("All" plus one per category with titles). */
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { useCategories } from "../api";

export function CategoryFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (categoryId: number | undefined) => void;
}) {
  const { t } = useTranslation("catalog");
  const categories = useCategories();
  if (categories.isPending)
    return (
      <div className="flex gap-2" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-9 w-24 rounded-full" />
        ))}
      </div>
    );
  // The list still works without its filter; the chips simply stay away.
  if (categories.isError) return null;
  const chip = (active: boolean) =>
    cn(
      "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors duration-150 focus-ring sm:min-h-9",
      active
        ? "border-primary bg-primary text-primary-fg"
        : "border-border-strong bg-surface text-fg hover:bg-surface-muted",
    );
  const list = categories.data.filter((c) => c.course_count > 0 || c.id === value);
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t("categories.label")}</legend>
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        <button
          type="button"
          className={chip(value === undefined)}
          aria-pressed={value === undefined}
          onClick={() => onChange(undefined)}
        >
          {t("categories.all")}
        </button>
        {list.map((category) => (
          <button
            key={category.id}
            type="button"
            className={chip(value === category.id)}
            aria-pressed={value === category.id}
            onClick={() => onChange(category.id)}
          >
            {category.name}
            <span
              className={cn(
                "rounded-full px-1.5 text-xs tabular-nums",
                value === category.id ? "bg-primary-fg/20" : "bg-surface-muted text-fg-muted",
              )}
            >
              {category.course_count}
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
