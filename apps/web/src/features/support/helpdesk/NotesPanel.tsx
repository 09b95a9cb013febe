/** Internal notes of a ticket: only the desk reads or writes them (the API never shows them to the requester). */
import { helpdeskLimits } from "@aprendo/contract";
import { Lock, StickyNote } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Card, ErrorState, Field, SkeletonText, Textarea } from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useAddNote, useNotes } from "../helpdesk-api";

export function NotesPanel({ ticketId }: { ticketId: number }) {
  const { t, i18n } = useTranslation("support");
  const language = dateLanguage(i18n.language);
  const notes = useNotes(ticketId);
  const add = useAddNote(ticketId);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    if (!body.trim()) {
      setError(t("helpdesk.notes.required"));
      return;
    }
    try {
      const answer = await add.mutateAsync(body.trim());
      if (answer.message) showSuccess(answer.message);
      setBody("");
      setError(undefined);
    } catch (failure) {
      showError(failure);
    }
  };

  return (
    <Card
      className="gap-4 border-warning/40 bg-warning-soft/40 p-5"
      aria-labelledby={`notes-${ticketId}`}
      data-testid="notes-panel"
    >
      <div className="flex items-start gap-2">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <div>
          <h2 id={`notes-${ticketId}`} className="text-base font-semibold text-fg">
            {t("helpdesk.notes.title")}
          </h2>
          <p className="text-sm text-fg-muted">{t("helpdesk.notes.internal")}</p>
        </div>
      </div>
      {notes.isPending ? (
        <SkeletonText lines={3} />
      ) : notes.isError ? (
        <ErrorState
          message={t("helpdesk.notes.error")}
          retryLabel={t("errors.retry")}
          onRetry={() => void notes.refetch()}
          retrying={notes.isFetching}
        />
      ) : notes.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("helpdesk.notes.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="notes-list">
          {notes.data.map((note) => (
            <li key={note.id} className="rounded-md border border-border bg-surface p-3 text-sm">
              <p className="mb-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
                <Badge tone="warning" className="gap-1">
                  <StickyNote aria-hidden="true" className="size-3" />
                  {t("helpdesk.notes.badge")}
                </Badge>
                {t("helpdesk.notes.by", {
                  name: note.author.name || "—",
                  date: formatDateTime(note.created_at, language),
                })}
              </p>
              <p className="whitespace-pre-wrap break-words text-fg">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Field label={t("helpdesk.notes.label")} error={error}>
        <Textarea
          value={body}
          rows={3}
          maxLength={helpdeskLimits.noteMax}
          placeholder={t("helpdesk.notes.placeholder")}
          onChange={(event) => {
            setBody(event.target.value);
            setError(undefined);
          }}
          data-testid="note-input"
        />
      </Field>
      <div>
        <Button
          variant="secondary"
          onClick={() => void submit()}
          loading={add.isPending}
          data-testid="note-add"
        >
          <StickyNote aria-hidden="true" className="size-4" />
          {t("helpdesk.notes.add")}
        </Button>
      </div>
    </Card>
  );
}
