/** /af/faqs/categories/create and /{id}: a FAQ category in both languages. */
import { faqCategoryInput } from "@aprendo/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  BilingualField,
  contractResolver,
  FormPage,
  PositionActiveFields,
  useRecordForm,
  useRecordId,
} from "../../../components/admin";
import { useAdminFaqCategory, useSaveFaqCategory } from "../api";

type Values = { name: { en: string; es: string }; position: number | null; active: boolean };
const empty: Values = { name: { en: "", es: "" }, position: 0, active: true };
const list = "/af/faqs/categories";

export default function FaqCategoryFormPage() {
  const { t } = useTranslation("faqs");
  const id = useRecordId();
  const category = useAdminFaqCategory(id);
  const save = useSaveFaqCategory(id);
  const form = useForm<Values>({
    resolver: contractResolver(faqCategoryInput, (values: Values) => values),
    defaultValues: empty,
  });

  const { page } = useRecordForm({
    form,
    id,
    query: category,
    toValues: (data) => ({
      name: data.name,
      position: data.position,
      active: data.active,
    }),
    save: (values) => save.mutateAsync(faqCategoryInput.parse(values)),
    fields: ["name.en", "name.es", "position", "active"],
    list,
  });

  return (
    <FormPage
      {...page}
      width="md"
      title={id === null ? t("categories.createTitle") : t("categories.editTitle")}
      subtitle={t("admin.bothLanguages")}
      back={{ to: list, label: t("categories.title") }}
      texts={{
        notFound: t("categories.notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("admin.loading"),
        cancel: t("admin.cancel"),
        save: t("admin.save"),
      }}
    >
      <BilingualField
        control={form.control}
        name="name"
        labels={{ en: t("categories.fields.nameEn"), es: t("categories.fields.nameEs") }}
        maxLength={100}
        required
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <PositionActiveFields
          control={form.control}
          texts={{
            position: t("admin.position"),
            positionHint: t("admin.positionHint"),
            active: t("admin.active"),
            activeHint: t("categories.activeHint"),
          }}
        />
      </div>
    </FormPage>
  );
}
