/**
 * The review pane of one document: the learner, the document shown inline (image or PDF, fetched as
 * a logged read), and the decision. Approve stays disabled until the document has been shown; reject
 * asks for the reason in place. The page drives it with keys through `ref` (A approve, R reject).
 */
import { Check, FileWarning, X } from "lucide-react";
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Card, ErrorState, Field, Skeleton, Textarea } from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useReview, useReviewDocument } from "../api";
import type { QueueItem } from "../logic";

export type ReviewPaneHandle = { approve: () => void; reject: () => void };

const statusTone = {
  pending: "neutral",
  processing: "info",
  failed: "danger",
  completed: "success",
} as const;

export function ReviewPane({
  item,
  onDecided,
  ref,
}: {
  item: QueueItem;
  onDecided: () => void;
  ref?: Ref<ReviewPaneHandle>;
}) {
  const { t, i18n } = useTranslation("approvals");
  const { review: learner, kind } = item;
  const doc = useReviewDocument({ userId: learner.user_id, kind, version: learner.updated_at });
  const decide = useReview();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const label = t(`kind.${kind}`);
  const name = learner.name || learner.username;
  const state = learner[kind];
  const opened = doc.isSuccess;

  // A blob URL holds the file in memory until revoked.
  const url = doc.data?.url;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  // Another document: start again with the buttons, not a half-typed reason for someone else.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the item changes
  useEffect(() => {
    setRejecting(false);
    setReason("");
  }, [item.id]);
  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
  }, [rejecting]);

  const send = async (decision: "approve" | "reject") => {
    if (decide.isPending) return;
    if (decision === "approve" && !opened) return;
    try {
      const res = await decide.mutateAsync({
        userId: learner.user_id,
        kind,
        decision,
        reason: reason.trim(),
      });
      showSuccess(res.message);
      onDecided();
    } catch (error) {
      showError(error);
    }
  };
  useImperativeHandle(ref, () => ({ approve: () => void send("approve"), reject: () => setRejecting(true) }));

  const reasonValid = reason.trim().length >= 3;
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4 sm:p-5" aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-fg">
            {t("pane.title", { kind: label, name })}
          </h2>
          <p className="truncate text-sm text-fg-muted">
            @{learner.username}
            {learner.email ? ` · ${learner.email}` : ""}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Badge tone={statusTone[state.status]}>{t(`status.${state.status}`)}</Badge>
          <p className="text-xs text-fg-muted">
            {t("pane.updated", { date: formatDateTime(learner.updated_at, dateLanguage(i18n.language)) })}
          </p>
        </div>
      </div>
      {state.status === "failed" && state.failure_reason && (
        <p className="flex items-center gap-2 rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
          <FileWarning aria-hidden="true" className="size-4 shrink-0" />
          {t("pane.autoFailed", { reason: state.failure_reason })}
        </p>
      )}

      <div
        className="overflow-hidden rounded-md border border-border bg-surface-muted"
        data-testid="review-document"
      >
        {doc.isPending ? (
          <Skeleton className="h-[50vh] min-h-64 w-full rounded-none" />
        ) : doc.isError ? (
          <div className="p-4">
            <ErrorState
              message={t("pane.documentFailed")}
              retryLabel={t("retry")}
              onRetry={() => void doc.refetch()}
              retrying={doc.isFetching}
            />
          </div>
        ) : doc.data.type === "application/pdf" ? (
          <iframe
            title={t("pane.title", { kind: label, name })}
            src={doc.data.url}
            className="h-[60vh] min-h-80 w-full"
          />
        ) : (
          <img
            src={doc.data.url}
            alt={t("pane.title", { kind: label, name })}
            className="mx-auto block max-h-[60vh] min-h-40 object-contain"
          />
        )}
      </div>
      <p className="text-xs text-fg-muted" role="status">
        {opened ? t("pane.viewed") : t("pane.opening")}
      </p>

      {rejecting ? (
        <form
          className="flex flex-col gap-3 rounded-md border border-border p-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (reasonValid) void send("reject");
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") setRejecting(false);
          }}
        >
          <Field label={t("pane.reason")} hint={t("pane.reasonHint")} required>
            {(control) => (
              <Textarea
                {...control}
                ref={reasonRef}
                value={reason}
                maxLength={300}
                rows={3}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setRejecting(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="danger" disabled={!reasonValid} loading={decide.isPending}>
              <X aria-hidden="true" className="size-4" />
              {t("pane.confirmReject")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {!opened && <span className="mr-auto text-xs text-fg-muted">{t("pane.openFirst")}</span>}
          <Button variant="danger" onClick={() => setRejecting(true)} aria-keyshortcuts="R">
            <X aria-hidden="true" className="size-4" />
            {t("reject")}
            <kbd className="ml-1 hidden rounded-sm border border-current/30 px-1 text-xs sm:inline">R</kbd>
          </Button>
          <Button
            onClick={() => void send("approve")}
            disabled={!opened}
            loading={decide.isPending}
            aria-keyshortcuts="A"
          >
            <Check aria-hidden="true" className="size-4" />
            {t("approve")}
            <kbd className="ml-1 hidden rounded-sm border border-current/30 px-1 text-xs sm:inline">A</kbd>
          </Button>
        </div>
      )}
    </Card>
  );
}
