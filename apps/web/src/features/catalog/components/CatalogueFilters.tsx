/**
 * The public catalogue's filters (category, price, level, language, length, minimum rating) as
 * native selects, which work the same with a keyboard, a screen reader and a phone's picker.
 */
import { courseLengthBands, courseLevels } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { Button, Field, Select } from "../../../components/ui";
import { type CatalogueFilters as Filters, useCategories } from "../api";

type FilterKey = "category" | "price" | "level" | "language" | "length" | "min_rating";
export const filterKeys: FilterKey[] = ["category", "price", "level", "language", "length", "min_rating"];

export function CatalogueFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
}) {
  const { t } = useTranslation("catalog");
  const categories = useCategories();
  const set = <K extends FilterKey>(key: K, value: string) =>
    onChange({
      [key]: value === "" ? undefined : key === "category" ? Number(value) : value,
    } as Partial<Filters>);
  const selects: Array<{
    key: FilterKey;
    label: string;
    any: string;
    options: Array<{ value: string; label: string }>;
  }> = [
    {
      key: "category",
      label: t("catalogue.category"),
      any: t("catalogue.anyCategory"),
      options: (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    },
    {
      key: "price",
      label: t("catalogue.price"),
      any: t("catalogue.anyPrice"),
      options: [
        { value: "free", label: t("catalogue.free") },
        { value: "paid", label: t("catalogue.paid") },
      ],
    },
    {
      key: "level",
      label: t("catalogue.level"),
      any: t("catalogue.anyLevel"),
      options: courseLevels.map((level) => ({ value: level, label: t(`levelNames.${level}`) })),
    },
    {
      key: "language",
      label: t("catalogue.language"),
      any: t("catalogue.anyLanguage"),
      options: [
        { value: "en", label: t("languageNames.en") },
        { value: "es", label: t("languageNames.es") },
      ],
    },
    {
      key: "length",
      label: t("catalogue.length"),
      any: t("catalogue.anyLength"),
      options: courseLengthBands.map((band) => ({ value: band, label: t(`catalogue.lengths.${band}`) })),
    },
    {
      key: "min_rating",
      label: t("catalogue.rating"),
      any: t("catalogue.anyRating"),
      options: ["4.5", "4", "3.5", "3"].map((rating) => ({
        value: rating,
        label: t("catalogue.ratingAtLeast", { rating }),
      })),
    },
  ];
  const active = filterKeys.some((key) => filters[key] !== undefined);
  return (
    <div className="flex flex-col gap-4">
      {selects.map((select) => (
        <Field key={select.key} label={select.label}>
          <Select
            value={filters[select.key] === undefined ? "" : String(filters[select.key])}
            onChange={(event) => set(select.key, event.target.value)}
            placeholder={select.any}
            options={select.options}
          />
        </Field>
      ))}
      {active && (
        <Button
          variant="secondary"
          onClick={() => onChange(Object.fromEntries(filterKeys.map((key) => [key, undefined])))}
        >
          {t("catalogue.clear")}
        </Button>
      )}
    </div>
  );
}
