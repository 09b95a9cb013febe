/**
 * Opening a ticket: a subject ("Other" is id 0 and comes last), a description with its bounds and
 * counter, up to three screenshots; a guest also gives the email the private link goes to. A ticket
 * opened from a lecture carries the course, the lecture and the video time.
 */
import { guestTicketInput, learnerTicketInput, supportLimits } from "@aprendo/contract";
import { BookOpen } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, reportFormError } from "../../../components/admin";
import { SelectField, TextareaField, TextField } from "../../../components/form";
import { Banner, Button } from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { ticketFormData, useTicketSubjects } from "../api";
import { formatVideoTime, inLanguage, type LectureContext } from "../logic";
import { ScreenshotPicker } from "./ScreenshotPicker";

type Values = { email: string; subject_id: string; description: string };
const empty: Values = { email: "", subject_id: "", description: "" };

export type NewTicketFormProps = {
  mode: "guest" | "learner";
  lecture?: LectureContext | null;
  /** Sends the multipart body; resolves when the ticket exists. */
  onSubmit: (body: FormData) => Promise<unknown>;
  onCancel?: () => void;
};

export function NewTicketForm({ mode, lecture, onSubmit, onCancel }: NewTicketFormProps) {
  const { t, i18n } = useTranslation("support");
  const subjects = useTicketSubjects();
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const toPayload = (v: Values) => ({
    ...(mode === "guest" ? { email: v.email } : { ...lecture }),
    subject_id: v.subject_id === "" ? undefined : v.subject_id,
    description: v.description,
  });
  const form = useForm<Values>({
    resolver:
      mode === "guest"
        ? contractResolver(guestTicketInput, toPayload)
        : contractResolver(learnerTicketInput, toPayload),
    defaultValues: empty,
  });

  const submit = form.handleSubmit(async (values) => {
    setFileErrors([]);
    const payload = toPayload(values);
    try {
      await onSubmit(
        ticketFormData(
          {
            ...payload,
            subject_id: Number(values.subject_id),
            description: values.description.trim(),
          } as Record<string, string | number | undefined>,
          files,
        ),
      );
      form.reset(empty);
      setFiles([]);
    } catch (error) {
      reportFormError(error, form.setError, ["email", "subject_id", "description"]);
      if (error instanceof ApiError) setFileErrors(error.fieldErrors?.screenshots ?? []);
    }
  });

  const options = (subjects.data ?? []).map((s) => ({
    value: String(s.id),
    label: inLanguage(s.title, i18n.language),
  }));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="new-ticket-form">
      {lecture && (
        <Banner tone="info" title={t("form.fromLecture")}>
          <span className="inline-flex items-center gap-1.5" data-testid="lecture-context">
            <BookOpen aria-hidden="true" className="size-4" />
            {t("meta.lectureRef", { course: lecture.course_id, lecture: lecture.lecture_id })}
            {lecture.video_time !== undefined &&
              ` · ${t("meta.videoAt", { time: formatVideoTime(lecture.video_time) })}`}
          </span>
        </Banner>
      )}
      {mode === "guest" && (
        <TextField
          control={form.control}
          name="email"
          type="email"
          autoComplete="email"
          label={t("form.email")}
          hint={t("form.emailHint")}
          required
        />
      )}
      <SelectField
        control={form.control}
        name="subject_id"
        label={t("form.subject")}
        placeholder={subjects.isPending ? t("form.loadingSubjects") : t("form.chooseSubject")}
        options={options}
        required
      />
      <TextareaField
        control={form.control}
        name="description"
        label={t("form.description")}
        hint={t("form.descriptionHint", {
          min: supportLimits.ticketDescriptionMin,
          max: supportLimits.ticketDescriptionMax,
        })}
        placeholder={t("form.descriptionPlaceholder")}
        maxLength={supportLimits.ticketDescriptionMax}
        rows={7}
        required
      />
      <ScreenshotPicker files={files} onChange={setFiles} serverErrors={fileErrors} />
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t("form.cancel")}
          </Button>
        )}
        <Button type="submit" loading={form.formState.isSubmitting} data-testid="submit-ticket">
          {t("form.submit")}
        </Button>
      </div>
    </form>
  );
}
