/** Adds or renames a level, module or lecture: its title in English and Spanish. */
import { levelInput } from "@aprendo/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver } from "../../../components/admin/resolver";
import { TextField } from "../../../components/form";
import { Button, Dialog } from "../../../components/ui";
import { reportFormError } from "./form";

export type TitleValues = { title_en: string; title_es: string };

export function TitleDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  initial,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  submitLabel: string;
  initial: TitleValues;
  onSubmit: (values: TitleValues) => Promise<unknown>;
}) {
  const { t } = useTranslation("authoring");
  const form = useForm<TitleValues>({
    resolver: contractResolver(levelInput.pick({ title_en: true, title_es: true })),
    defaultValues: initial,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (open) form.reset(initial);
  }, [open]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onOpenChange(false);
    } catch (error) {
      reportFormError(error, form.setError, (field) =>
        field === "title_en" || field === "title_es" ? field : null,
      );
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closeLabel={t("common.close")}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 pb-4">
        <TextField
          control={form.control}
          name="title_en"
          label={t("common.titleIn", { language: t("common.english") })}
          maxLength={160}
          required
          lang="en"
          autoFocus
        />
        <TextField
          control={form.control}
          name="title_es"
          label={t("common.titleIn", { language: t("common.spanish") })}
          maxLength={160}
          required
          lang="es"
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
