/** /af/tickets/subjects/create and /af/tickets/subjects/{id}: a subject in both languages. */
import { ticketSubjectInput } from "@aprendo/contract";
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
import { useSafeNavigate } from "../../../lib/navigation";
import { showSuccess } from "../../../lib/toast";
import { useAdminSubject, useSaveSubject } from "../api";

type Values = { title: { en: string; es: string }; position: number | null; active: boolean };
const empty: Values = { title: { en: "", es: "" }, position: null, active: true };
/** An empty position box means "at the end" for a new subject and "where it is" for an edited one. */
const toPayload = (values: Values) => ({ ...values, position: values.position ?? undefined });

export default function TicketSubjectFormPage() {
  const { t } = useTranslation("support");
  const navigate = useSafeNavigate();
  const param = useParams().id;
  const id = param === undefined ? null : (editId(param) ?? -1);
  const subject = useAdminSubject(id);
  const save = useSaveSubject(id);
  const form = useForm<Values>({
    resolver: contractResolver(ticketSubjectInput, toPayload),
    defaultValues: empty,
  });

  useEffect(() => {
    if (subject.data)
      form.reset({ title: subject.data.title, position: subject.data.position, active: subject.data.active });
  }, [subject.data, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(ticketSubjectInput.parse(toPayload(values)));
      if (answer.message) showSuccess(answer.message);
      navigate("/af/tickets/subjects");
    } catch (error) {
      reportFormError(error, form.setError, ["title.en", "title.es", "position", "active"]);
    }
  });

  return (
    <FormPage
      width="md"
      title={id === null ? t("subjects.createTitle") : t("subjects.editTitle")}
      subtitle={t("subjects.formSubtitle")}
      back={{ to: "/af/tickets/subjects", label: t("subjects.back") }}
      record={recordState(subject, id !== null)}
      texts={{
        notFound: t("subjects.notFound"),
        loadFailed: t("errors.record"),
        retry: t("errors.retry"),
        loading: t("list.loading"),
        cancel: t("form.cancel"),
        save: t("admin.save"),
      }}
      onSubmit={submit}
      onCancel={() => navigate("/af/tickets/subjects")}
      saving={form.formState.isSubmitting}
    >
      <BilingualField
        control={form.control}
        name="title"
        labels={{ en: t("subjects.fields.titleEn"), es: t("subjects.fields.titleEs") }}
        maxLength={80}
        required
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <NumberField
          control={form.control}
          name="position"
          label={t("admin.position")}
          hint={t("subjects.positionHint")}
          min={0}
        />
        <CheckboxField
          control={form.control}
          name="active"
          label={t("admin.activeLabel")}
          hint={t("subjects.activeHint")}
          className="sm:pt-7"
        />
      </div>
    </FormPage>
  );
}
