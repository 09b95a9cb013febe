/** A country's salary scale in a dialog: country, name, percentage and the days it applies. */
import { type SalaryScale, salaryScaleInput, salaryScaleLimits } from "@aprendo/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, dialogSubmit, FormDialog } from "../../../components/admin";
import { CheckboxField, NumberField, TextField } from "../../../components/form";
import { useSaveSalaryScale } from "../api";

type Values = {
  country: string;
  name: string;
  discount_percentage: number | null;
  effective_from: string;
  effective_until: string;
  active: boolean;
};
const fields = ["country", "name", "discount_percentage", "effective_from", "effective_until"] as const;
const today = () => new Date().toISOString().slice(0, 10);

export function ScaleDialog({
  scale,
  open,
  onOpenChange,
}: {
  scale: SalaryScale | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("salary-scales");
  const save = useSaveSalaryScale(scale?.id ?? null);
  const form = useForm<Values>({
    resolver: contractResolver(salaryScaleInput, (values: Values) => values),
    values: {
      country: scale?.country ?? "",
      name: scale?.name ?? "",
      discount_percentage: scale?.discount_percentage ?? null,
      effective_from: scale?.effective_from ?? today(),
      effective_until: scale?.effective_until ?? "",
      active: scale?.active ?? true,
    },
  });
  const submit = dialogSubmit(form, {
    save: async (values) => {
      await save.mutateAsync(salaryScaleInput.parse(values));
      return { message: t("scales.saved", { name: values.name }) };
    },
    fields: fields,
    close: () => onOpenChange(false),
  });
  return (
    <FormDialog
      id="salary-scale-form"
      open={open}
      onOpenChange={onOpenChange}
      title={scale ? t("scales.editTitle", { name: scale.name }) : t("scales.createTitle")}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      texts={{ cancel: t("cancel"), save: t("save") }}
    >
      <TextField control={form.control} name="name" label={t("scales.name")} maxLength={120} required />
      {/* Side by side, both with a hint, so their boxes line up; the code is typed in capitals. */}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="country"
          label={t("scales.country")}
          hint={t("scales.countryHint")}
          maxLength={2}
          autoCapitalize="characters"
          spellCheck={false}
          className="[&_input]:font-mono"
          required
        />
        <NumberField
          control={form.control}
          name="discount_percentage"
          label={t("scales.percentage")}
          hint={t("scales.percentageHint", {
            min: salaryScaleLimits.percentageMin,
            max: salaryScaleLimits.percentageMax,
          })}
          min={salaryScaleLimits.percentageMin}
          max={salaryScaleLimits.percentageMax}
          required
        />
      </div>
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t("scales.effective")}</legend>
        <TextField
          control={form.control}
          name="effective_from"
          type="date"
          label={t("scales.from")}
          required
        />
        <TextField
          control={form.control}
          name="effective_until"
          type="date"
          label={t("scales.until")}
          hint={t("scales.untilHint")}
        />
      </fieldset>
      <CheckboxField control={form.control} name="active" label={t("active")} hint={t("scales.activeHint")} />
    </FormDialog>
  );
}
