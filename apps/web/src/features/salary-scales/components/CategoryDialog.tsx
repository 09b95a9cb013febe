/** A household income category in a dialog: its names in both languages, order, and whether it qualifies. */
import { type HouseholdIncomeCategory, householdIncomeCategoryInput } from "@aprendo/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, dialogSubmit, FormDialog } from "../../../components/admin";
import { CheckboxField, NumberField, TextField } from "../../../components/form";
import { useSaveIncomeCategory } from "../api";

type Values = {
  name_en: string;
  name_es: string;
  position: number | null;
  qualifies: boolean;
  active: boolean;
};
const fields = ["name_en", "name_es", "position"] as const;

export function CategoryDialog({
  category,
  next,
  open,
  onOpenChange,
}: {
  category: HouseholdIncomeCategory | null;
  /** The position a new category takes: after the last one. */
  next: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("salary-scales");
  const save = useSaveIncomeCategory(category?.id ?? null);
  const form = useForm<Values>({
    resolver: contractResolver(householdIncomeCategoryInput, (values: Values) => values),
    values: {
      name_en: category?.name_en ?? "",
      name_es: category?.name_es ?? "",
      position: category?.position ?? next,
      qualifies: category?.qualifies ?? true,
      active: category?.active ?? true,
    },
  });
  const submit = dialogSubmit(form, {
    save: async (values) => {
      await save.mutateAsync(householdIncomeCategoryInput.parse(values));
      return { message: t("categories.saved") };
    },
    fields: fields,
    close: () => onOpenChange(false),
  });
  return (
    <FormDialog
      id="income-category-form"
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t("categories.editTitle") : t("categories.createTitle")}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      texts={{ cancel: t("cancel"), save: t("save") }}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="name_en"
          label={t("categories.nameEn")}
          maxLength={120}
          required
        />
        <TextField
          control={form.control}
          name="name_es"
          label={t("categories.nameEs")}
          maxLength={120}
          required
        />
      </div>
      <NumberField
        control={form.control}
        name="position"
        label={t("categories.position")}
        hint={t("categories.positionHint")}
        min={0}
        max={1000}
      />
      <CheckboxField
        control={form.control}
        name="qualifies"
        label={t("categories.qualifies")}
        hint={t("categories.qualifiesHint")}
      />
      <CheckboxField
        control={form.control}
        name="active"
        label={t("active")}
        hint={t("categories.activeHint")}
      />
    </FormDialog>
  );
}
