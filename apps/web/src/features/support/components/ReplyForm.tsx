/** A reply in the thread: up to 4000 characters (spec section 9) and up to three screenshots. */
import { supportLimits, ticketMessageInput } from "@aprendo/contract";
import { Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, reportFormError } from "../../../components/admin";
import { TextareaField } from "../../../components/form";
import { Button } from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { showSuccess } from "../../../lib/toast";
import { type TicketViewer, ticketFormData, useReply } from "../api";
import { CannedReplyPicker } from "../helpdesk/CannedReplyPicker";
import { ScreenshotPicker } from "./ScreenshotPicker";

export function ReplyForm({
  viewer,
  ticketId,
  note,
  cannedLanguage,
}: {
  viewer: TicketViewer;
  ticketId: number;
  /** A line above the button, e.g. "Replying opens the ticket again". */
  note?: string;
  /** The desk's reply box: canned replies are offered, those of this language (the requester's) first. */
  cannedLanguage?: "en" | "es" | undefined;
}) {
  const { t } = useTranslation("support");
  const reply = useReply(viewer, ticketId);
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const form = useForm({
    resolver: contractResolver(ticketMessageInput, (values: { body: string }) => values),
    defaultValues: { body: "" },
  });

  const submit = form.handleSubmit(async (values) => {
    setFileErrors([]);
    try {
      const answer = await reply.mutateAsync(ticketFormData({ body: values.body.trim() }, files));
      if (answer.message) showSuccess(answer.message);
      form.reset({ body: "" });
      setFiles([]);
    } catch (error) {
      reportFormError(error, form.setError, ["body"]);
      if (error instanceof ApiError) setFileErrors(error.fieldErrors?.screenshots ?? []);
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t("reply.title")}
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-5"
    >
      {cannedLanguage && (
        <CannedReplyPicker
          requesterLanguage={cannedLanguage}
          onInsert={(canned) => {
            // Appended, so a reply already started is kept; the box gets focus to go on typing.
            const current = form.getValues("body").trimEnd();
            form.setValue("body", current ? `${current}\n\n${canned.body}` : canned.body, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            });
            form.setFocus("body");
          }}
        />
      )}
      <TextareaField
        control={form.control}
        name="body"
        label={t("reply.label")}
        placeholder={t("reply.placeholder")}
        maxLength={supportLimits.ticketMessageMax}
        rows={4}
        required
      />
      <ScreenshotPicker files={files} onChange={setFiles} serverErrors={fileErrors} compact />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">{note}</p>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {!form.formState.isSubmitting && <Send aria-hidden="true" className="size-4" />}
          {t("reply.send")}
        </Button>
      </div>
    </form>
  );
}
