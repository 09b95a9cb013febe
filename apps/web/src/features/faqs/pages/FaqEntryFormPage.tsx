/** /af/faqs/entries/create and /{id}: a question and its answer in both languages, side by side. */
import { faqEntryInput } from "@aprendo/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import {
  BilingualField,
  contractResolver,
  FormPage,
  FormSection,
  PositionActiveFields,
  useRecordForm,
  useRecordId,
} from "../../../components/admin";
import { SelectField } from "../../../components/form";
import { useAdminFaqCategories, useAdminFaqEntry, useSaveFaqEntry } from "../api";
import { inLanguage } from "../logic";

type Values = {
  category_id: string;
  question: { en: string; es: string };
  answer: { en: string; es: string };
  position: number | null;
  active: boolean;
};
const list = "/af/faqs/entries";
const toPayload = (v: Values) => ({ ...v, category_id: v.category_id === "" ? undefined : v.category_id });

export default function FaqEntryFormPage() {
  const { t, i18n } = useTranslation("faqs");
  const [params] = useSearchParams();
  const id = useRecordId();
  const entry = useAdminFaqEntry(id);
  const categories = useAdminFaqCategories();
  const save = useSaveFaqEntry(id);
  const form = useForm<Values>({
    resolver: contractResolver(faqEntryInput, toPayload),
    defaultValues: {
      category_id: params.get("category") ?? "",
      question: { en: "", es: "" },
      answer: { en: "", es: "" },
      position: 0,
      active: true,
    },
  });

  const { page } = useRecordForm({
    form,
    id,
    query: entry,
    toValues: (data) => ({
      category_id: String(data.category.id),
      question: data.question,
      answer: data.answer,
      position: data.position,
      active: data.active,
    }),
    save: (values) => save.mutateAsync(faqEntryInput.parse(toPayload(values))),
    fields: ["category_id", "question.en", "question.es", "answer.en", "answer.es", "position"],
    list,
  });

  return (
    <FormPage
      {...page}
      title={id === null ? t("entries.createTitle") : t("entries.editTitle")}
      subtitle={t("admin.bothLanguages")}
      back={{ to: list, label: t("entries.title") }}
      texts={{
        notFound: t("notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("admin.loading"),
        cancel: t("admin.cancel"),
        save: t("admin.save"),
      }}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField
          control={form.control}
          name="category_id"
          label={t("entries.category")}
          placeholder={t("entries.chooseCategory")}
          options={(categories.data ?? []).map((c) => ({
            value: String(c.id),
            label: inLanguage(c.name, i18n.language),
          }))}
          required
        />
        <PositionActiveFields
          control={form.control}
          texts={{
            position: t("admin.position"),
            positionHint: t("admin.positionHint"),
            active: t("admin.active"),
            activeHint: t("entries.activeHint"),
          }}
        />
      </div>
      <FormSection title={t("entries.question")}>
        <BilingualField
          control={form.control}
          name="question"
          labels={{ en: t("entries.fields.questionEn"), es: t("entries.fields.questionEs") }}
          maxLength={300}
          required
        />
      </FormSection>
      <FormSection title={t("entries.answer")}>
        <BilingualField
          control={form.control}
          name="answer"
          labels={{ en: t("entries.fields.answerEn"), es: t("entries.fields.answerEs") }}
          maxLength={5000}
          multiline
          rows={8}
          required
        />
      </FormSection>
    </FormPage>
  );
}
