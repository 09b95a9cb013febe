/** /af/faqs/categories/create and /{id}: a FAQ category in both languages. */
import { faqCategoryInput } from "@aprendo/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  BilingualField,
  contractResolver,
  editId,
  FormPage,
  recordState,
  reportFormError,
} from "../../../components/admin";
import { CheckboxField, NumberField } from "../../../components/form";
import { Button } from "../../../components/ui";
import { useSafeNavigate } from "../../../lib/navigation";
import { showSuccess } from "../../../lib/toast";
import { useAdminFaqCategory, useSaveFaqCategory } from "../api";

type Values = { name: { en: string; es: string }; position: number | null; active: boolean };
const empty: Values = { name: { en: "", es: "" }, position: 0, active: true };
const list = "/af/faqs/categories";

export default function FaqCategoryFormPage() {
  const { t } = useTranslation("faqs");
  const navigate = useSafeNavigate();
  const param = useParams().id;
  const id = param === undefined ? null : (editId(param) ?? -1);
  const category = useAdminFaqCategory(id);
  const save = useSaveFaqCategory(id);
  const form = useForm<Values>({ resolver: contractResolver(faqCategoryInput), defaultValues: empty });

  useEffect(() => {
    if (category.data)
      form.reset({
        name: category.data.name,
        position: category.data.position,
        active: category.data.active,
      });
  }, [category.data, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(faqCategoryInput.parse(values));
      if (answer.message) showSuccess(answer.message);
      navigate(list);
    } catch (error) {
      reportFormError(error, form.setError, ["name.en", "name.es", "position", "active"]);
    }
  });

  return (
    <FormPage
      width="md"
      title={id === null ? t("categories.createTitle") : t("categories.editTitle")}
      subtitle={t("admin.bothLanguages")}
      back={{ to: list, label: t("categories.title") }}
      record={recordState(category, id !== null)}
      texts={{
        notFound: t("categories.notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("admin.loading"),
      }}
      onSubmit={submit}
      footer={
        <>
          <Button variant="secondary" onClick={() => navigate(list)}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t("admin.save")}
          </Button>
        </>
      }
    >
      <BilingualField
        control={form.control}
        name="name"
        labels={{ en: t("categories.fields.nameEn"), es: t("categories.fields.nameEs") }}
        maxLength={100}
        required
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <NumberField
          control={form.control}
          name="position"
          label={t("admin.position")}
          hint={t("admin.positionHint")}
          min={0}
        />
        <CheckboxField
          control={form.control}
          name="active"
          label={t("admin.active")}
          hint={t("categories.activeHint")}
          className="sm:pt-7"
        />
      </div>
    </FormPage>
  );
}
