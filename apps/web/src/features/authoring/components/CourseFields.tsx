/** The title form's fields: texts in English and Spanish side by side, then category, level, language and price. */
import { courseLevels } from "@aprendo/contract";
import { type Control, useController, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextareaField, TextField } from "../../../components/form";
import { Card, RadioGroup } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import type { AdminCategory } from "../api";
import { type CourseFormValues, inLanguage } from "../logic";
import { BilingualColumns } from "./BilingualColumns";

export function CourseTextsCard({ control }: { control: Control<CourseFormValues> }) {
  const { t } = useTranslation("authoring");
  const column = (lang: "en" | "es") => (
    <>
      <TextField
        control={control}
        name={`title_${lang}`}
        label={t("course.fields.title")}
        maxLength={160}
        required
        lang={lang}
      />
      <TextareaField
        control={control}
        name={`short_description_${lang}`}
        label={t("course.fields.shortDescription")}
        hint={t("course.fields.shortDescriptionHint")}
        maxLength={300}
        rows={2}
        lang={lang}
      />
      <TextareaField
        control={control}
        name={`description_${lang}`}
        label={t("course.fields.description")}
        maxLength={20_000}
        rows={7}
        lang={lang}
      />
      <TextareaField
        control={control}
        name={`outcomes_${lang}`}
        label={t("course.fields.outcomes")}
        hint={t("course.fields.pointsHint")}
        maxLength={4_000}
        rows={4}
        lang={lang}
      />
      <TextareaField
        control={control}
        name={`requirements_${lang}`}
        label={t("course.fields.requirements")}
        hint={t("course.fields.pointsHint")}
        maxLength={4_000}
        rows={3}
        lang={lang}
      />
    </>
  );
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-1 text-xl font-semibold text-fg">{t("course.sections.texts")}</h2>
      <p className="mb-5 text-sm text-fg-muted">{t("course.sections.textsHint")}</p>
      <BilingualColumns en={column("en")} es={column("es")} />
    </Card>
  );
}

export function CourseCatalogueFields({
  control,
  categories,
}: {
  control: Control<CourseFormValues>;
  categories: AdminCategory[];
}) {
  const { t, i18n } = useTranslation("authoring");
  const free = useController({ control, name: "is_free" });
  const isFree = useWatch({ control, name: "is_free" });
  return (
    <div className="flex flex-col gap-5">
      <SelectField
        control={control}
        name="category_id"
        label={t("course.fields.category")}
        placeholder={t("course.fields.noCategory")}
        options={categories.map((c) => ({
          value: String(c.id),
          label: inLanguage({ title_en: c.name_en, title_es: c.name_es }, i18n.language),
        }))}
      />
      <SelectField
        control={control}
        name="level"
        label={t("course.fields.level")}
        options={courseLevels.map((level) => ({ value: level, label: t(`course.levelNames.${level}`) }))}
      />
      <SelectField
        control={control}
        name="language"
        label={t("course.fields.language")}
        hint={t("course.fields.languageHint")}
        options={[
          { value: "en", label: t("course.languageNames.en") },
          { value: "es", label: t("course.languageNames.es") },
        ]}
      />
      <RadioGroup
        legend={t("course.fields.pricing")}
        name={free.field.name}
        value={isFree ? "free" : "paid"}
        onValueChange={(value) => free.field.onChange(value === "free")}
        orientation="horizontal"
        options={[
          { value: "free", label: t("course.fields.free") },
          { value: "paid", label: t("course.fields.paid") },
        ]}
        error={free.fieldState.error?.message ? translateMessage(free.fieldState.error.message) : undefined}
      />
      {!isFree && (
        <TextField
          control={control}
          name="price"
          label={t("course.fields.price")}
          hint={t("course.fields.priceHint")}
          inputMode="decimal"
          autoComplete="off"
          required
          className="max-w-48"
        />
      )}
    </div>
  );
}
