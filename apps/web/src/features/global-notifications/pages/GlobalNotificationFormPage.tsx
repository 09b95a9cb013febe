/**
 * /af/global-notifications/create and /{id}: write an announcement in both languages, optionally shown
 * to each learner once as a modal; save it as a draft or send it (asked once). A sent one is read-only:
 * its numbers, and deleting it takes it back from every learner.
 */
import { globalNotificationInput } from "@aprendo/contract";
import { Megaphone, Send, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { type Control, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  BilingualField,
  contractResolver,
  editId,
  FormPage,
  FormSection,
  recordState,
  reportFormError,
} from "../../../components/admin";
import { CheckboxField } from "../../../components/form";
import { Badge, Banner, Button, Card, ConfirmDialog } from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { useSafeNavigate } from "../../../lib/navigation";
import { showError, showSuccess } from "../../../lib/toast";
import {
  useDeleteGlobalNotification,
  useGlobalNotification,
  usePublishGlobalNotification,
  useSaveGlobalNotification,
} from "../api";

type Values = {
  title: { en: string; es: string };
  description: { en: string; es: string };
  show_as_modal: boolean;
  publish: boolean;
};
const empty: Values = {
  title: { en: "", es: "" },
  description: { en: "", es: "" },
  show_as_modal: false,
  publish: false,
};
const list = "/af/global-notifications";

/** How learners will see it: the announcement card in the reader's language. */
function Preview({ control }: { control: Control<Values> }) {
  const { t, i18n } = useTranslation("global-notifications");
  const values = useWatch({ control });
  const language = i18n.language === "es" ? "es" : "en";
  const title = values.title?.[language] || values.title?.en || t("previewTitle");
  const description = values.description?.[language] || values.description?.en || t("previewText");
  return (
    <section aria-labelledby="preview-title" className="flex flex-col gap-2">
      <h2 id="preview-title" className="text-sm font-semibold text-fg-muted">
        {t("preview")}
      </h2>
      <Card className="gap-2 p-5 shadow-md">
        <span className="flex items-center gap-2 text-xs font-medium text-primary">
          <Megaphone aria-hidden="true" className="size-4" />
          {t("announcement")}
          {values.show_as_modal && <Badge tone="primary">{t("asModal")}</Badge>}
        </span>
        <p className="text-base font-semibold break-words text-fg">{title}</p>
        <p className="line-clamp-6 text-sm break-words whitespace-pre-line text-fg-muted">{description}</p>
      </Card>
    </section>
  );
}

export default function GlobalNotificationFormPage() {
  const { t, i18n } = useTranslation("global-notifications");
  const navigate = useSafeNavigate();
  const param = useParams().id;
  const id = param === undefined ? null : (editId(param) ?? -1);
  const record = useGlobalNotification(id);
  const save = useSaveGlobalNotification(id);
  const publish = usePublishGlobalNotification();
  const remove = useDeleteGlobalNotification();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const form = useForm<Values>({
    resolver: contractResolver(globalNotificationInput, (values: Values) => values),
    defaultValues: empty,
  });
  const published = record.data?.published_at ?? null;

  useEffect(() => {
    if (record.data)
      form.reset({
        title: record.data.title,
        description: record.data.description,
        show_as_modal: record.data.show_as_modal,
        publish: false,
      });
  }, [record.data, form]);

  const fields = ["title.en", "title.es", "description.en", "description.es", "show_as_modal"];

  const send = async (values: Values, andPublish: boolean) => {
    const payload = globalNotificationInput.parse({ ...values, publish: andPublish && id === null });
    const saved = await save.mutateAsync(payload);
    if (andPublish && id !== null) return publish.mutateAsync(saved.data.id);
    return saved;
  };

  const saveDraft = form.handleSubmit(async (values) => {
    try {
      const answer = await send(values, false);
      if (answer.message) showSuccess(answer.message);
      navigate(list);
    } catch (error) {
      reportFormError(error, form.setError, fields);
    }
  });

  const confirmPublish = async () => {
    const valid = await form.trigger();
    if (!valid) {
      setConfirmOpen(false);
      return;
    }
    try {
      const answer = await send(form.getValues(), true);
      if (answer.message) showSuccess(answer.message);
      navigate(list);
    } catch (error) {
      reportFormError(error, form.setError, fields);
      setConfirmOpen(false);
    }
  };

  const deleteButton = id !== null && record.data && (
    <ConfirmDialog
      trigger={
        <Button variant="danger">
          <Trash2 aria-hidden="true" className="size-4" />
          {published ? t("retract") : t("delete")}
        </Button>
      }
      title={published ? t("retractTitle") : t("deleteTitle")}
      description={published ? t("retractText") : t("deleteText")}
      confirmLabel={published ? t("retract") : t("delete")}
      cancelLabel={t("cancel")}
      onConfirm={async () => {
        try {
          showSuccess((await remove.mutateAsync(id)).message);
          navigate(list);
        } catch (error) {
          showError(error);
          throw error;
        }
      }}
    />
  );

  return (
    <FormPage
      title={id === null ? t("createTitle") : published ? t("sentTitle") : t("editTitle")}
      subtitle={published ? undefined : t("formSubtitle")}
      back={{ to: list, label: t("title") }}
      headerActions={deleteButton}
      record={recordState(record, id !== null)}
      texts={{
        notFound: t("notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("loading"),
      }}
      onSubmit={saveDraft}
      footer={
        published ? (
          <Button variant="secondary" onClick={() => navigate(list)}>
            {t("backToList")}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => navigate(list)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="secondary" loading={form.formState.isSubmitting}>
              {t("saveDraft")}
            </Button>
            <ConfirmDialog
              open={confirmOpen}
              onOpenChange={setConfirmOpen}
              tone="primary"
              trigger={
                <Button data-testid="publish-global">
                  <Send aria-hidden="true" className="size-4" />
                  {t("publish")}
                </Button>
              }
              title={t("publishTitle")}
              description={t("publishText")}
              confirmLabel={t("publishConfirm")}
              cancelLabel={t("cancel")}
              onConfirm={confirmPublish}
            />
          </>
        )
      }
    >
      {published && record.data && (
        <Banner
          tone="success"
          title={t("sentOn", { date: formatDateTime(published, dateLanguage(i18n.language)) })}
        >
          {t("sentStats", { read: record.data.read_count, total: record.data.recipients_count })}
        </Banner>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <fieldset disabled={published !== null} className="flex min-w-0 flex-col gap-6">
          <FormSection title={t("columns.title")}>
            <BilingualField
              control={form.control}
              name="title"
              labels={{ en: t("fields.titleEn"), es: t("fields.titleEs") }}
              maxLength={120}
              required
            />
          </FormSection>
          <FormSection title={t("message")}>
            <BilingualField
              control={form.control}
              name="description"
              labels={{ en: t("fields.descriptionEn"), es: t("fields.descriptionEs") }}
              maxLength={2000}
              multiline
              rows={6}
              required
            />
          </FormSection>
          <CheckboxField
            control={form.control}
            name="show_as_modal"
            label={t("showAsModal")}
            hint={t("showAsModalHint")}
          />
        </fieldset>
        <Preview control={form.control} />
      </div>
    </FormPage>
  );
}
