/**
 * /af/pending-approval-requests: photos and identity documents waiting for a decision (isUserManager).
 * The reviewer opens the private file (the read is logged), then approves or rejects with a reason.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorState,
  Field,
  PageHeader,
  Skeleton,
  Textarea,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { showError, showSuccess } from "../../../lib/toast";
import { documentUrl, type PendingReview, usePendingReviews, useReview } from "../api";
import { statusTone } from "../logic";

type Kind = "photo" | "identity";

export default function PendingApprovalsPage() {
  const { t } = useTranslation("profile");
  const list = usePendingReviews();
  return (
    <div className="mx-auto flex w-full max-w-page flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <PageHeader title={t("review.title")} subtitle={t("review.subtitle")} />
      {list.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : list.isError ? (
        <ErrorState
          message={translateMessage("error.somethingWrong")}
          title={t("review.loadError")}
          retryLabel={t("review.retry")}
          onRetry={() => list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={t("review.empty")} />
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.data.map((item) => (
            <li key={item.user_id}>
              <ReviewRow item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewRow({ item }: { item: PendingReview }) {
  const { t, i18n } = useTranslation("profile");
  const updated = new Intl.DateTimeFormat(i18n.language === "es" ? "es-ES" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(item.updated_at));
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <p className="font-semibold">{item.name || item.username}</p>
          <p className="text-sm text-fg-muted">
            @{item.username}
            {item.email ? ` · ${item.email}` : ""}
          </p>
        </div>
        <p className="text-xs text-fg-muted">
          {t("review.updated")}: {updated}
        </p>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {(["photo", "identity"] as const).map((kind) => (
          <DocumentReview key={kind} item={item} kind={kind} />
        ))}
      </div>
    </Card>
  );
}

function DocumentReview({ item, kind }: { item: PendingReview; kind: Kind }) {
  const { t } = useTranslation("profile");
  const review = useReview();
  const [preview, setPreview] = useState<{ url: string; type: string } | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const state = item[kind];
  const label = t(`review.${kind}`);
  const reviewable =
    state.uploaded && (state.status === "processing" || (kind === "photo" && state.status === "failed"));

  const open = async () => {
    try {
      setPreview(await documentUrl(`/af/pending-approval-requests/${item.user_id}/${kind}`));
    } catch (error) {
      showError(error);
    }
  };
  const decide = async (decision: "approve" | "reject") => {
    try {
      const res = await review.mutateAsync({ userId: item.user_id, kind, decision, reason });
      showSuccess(res.message);
      setRejecting(false);
      setPreview(null);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{label}</span>
        <Badge tone={statusTone[state.status]}>{t(`status.${state.status}`)}</Badge>
      </div>
      {state.status === "failed" && state.failure_reason && (
        <p className="text-xs text-danger">{t("review.autoFailed", { reason: state.failure_reason })}</p>
      )}
      {reviewable && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={open}>
            {t("review.open")}
          </Button>
          <Button size="sm" onClick={() => decide("approve")} loading={review.isPending && !rejecting}>
            {t("review.approve")}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setRejecting(true)}>
            {t("review.reject")}
          </Button>
        </div>
      )}
      <Dialog
        open={preview !== null}
        onOpenChange={(o) => {
          if (!o) {
            if (preview) URL.revokeObjectURL(preview.url);
            setPreview(null);
          }
        }}
        title={t("review.document", { kind: label, name: item.name || item.username })}
        closeLabel={t("review.close")}
        size="lg"
        footer={
          <>
            <Button variant="danger" onClick={() => setRejecting(true)}>
              {t("review.reject")}
            </Button>
            <Button onClick={() => decide("approve")} loading={review.isPending}>
              {t("review.approve")}
            </Button>
          </>
        }
      >
        {preview &&
          (preview.type === "application/pdf" ? (
            <iframe
              title={label}
              src={preview.url}
              className="h-[70vh] w-full rounded-md border border-border"
            />
          ) : (
            <img src={preview.url} alt={label} className="mx-auto max-h-[70vh] rounded-md object-contain" />
          ))}
      </Dialog>
      <Dialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t("review.rejectTitle", { kind: label.toLowerCase() })}
        closeLabel={t("review.close")}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              {t("review.cancel")}
            </Button>
            <Button
              variant="danger"
              disabled={reason.trim().length < 3}
              loading={review.isPending}
              onClick={() => decide("reject")}
            >
              {t("review.reject")}
            </Button>
          </>
        }
      >
        <Field label={t("review.reason")} required>
          <Textarea value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} rows={3} />
        </Field>
      </Dialog>
    </div>
  );
}
