/** /af/tickets/subjects/create and /af/tickets/subjects/{id}: a subject in both languages. */
import { ticketSubjectInput } from "@aprendo/contract";
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
import { useAdminSubject, useSaveSubject } from "../api";

type Values = { title: { en: string; es: string }; position: number | null; active: boolean };
const empty: Values = { title: { en: "", es: "" }, position: null, active: true };
/** An empty position box means "at the end" for a new subject and "where it is" for an edited one. */
const toPayload = (values: Values) => ({ ...values, position: values.position ?? undefined });
const list = "/af/tickets/subjects";

export default function TicketSubjectFormPage() {
  const { t } = useTranslation("support");
  const id = useRecordId();
  const subject = useAdminSubject(id);
  const save = useSaveSubject(id);
  const form = useForm<Values>({
    resolver: contractResolver(ticketSubjectInput, toPayload),
    defaultValues: empty,
  });
  const { page } = useRecordForm({
    form,
    id,
    query: subject,
    toValues: (data) => ({ title: data.title, position: data.position, active: data.active }),
    save: (values) => save.mutateAsync(ticketSubjectInput.parse(toPayload(values))),
    fields: ["title.en", "title.es", "position", "active"],
    list,
  });

  return (
    <FormPage
      {...page}
      width="md"
      title={id === null ? t("subjects.createTitle") : t("subjects.editTitle")}
      subtitle={t("subjects.formSubtitle")}
      back={{ to: list, label: t("subjects.back") }}
      texts={{
        notFound: t("subjects.notFound"),
        loadFailed: t("errors.record"),
        retry: t("errors.retry"),
        loading: t("list.loading"),
        cancel: t("form.cancel"),
        save: t("admin.save"),
      }}
    >
      <BilingualField
        control={form.control}
        name="title"
        labels={{ en: t("subjects.fields.titleEn"), es: t("subjects.fields.titleEs") }}
        maxLength={80}
        required
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <PositionActiveFields
          control={form.control}
          texts={{
            position: t("admin.position"),
            positionHint: t("subjects.positionHint"),
            active: t("admin.activeLabel"),
            activeHint: t("subjects.activeHint"),
          }}
        />
      </div>
    </FormPage>
  );
}
