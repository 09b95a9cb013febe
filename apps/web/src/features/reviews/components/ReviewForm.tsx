/** The learner's own rating and review: shown once they may rate (enrolled, past the progress share). */
import { type ReviewEligibility, reviewLimits } from "@aprendo/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner, Button, Card, Field, Textarea } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useMyReview, useSaveReview } from "../api";
import { StarInput } from "./StarInput";

export function ReviewForm({ courseId }: { courseId: number }) {
  const { t } = useTranslation("reviews");
  const mine = useMyReview(courseId, true);
  if (!mine.data) return null;
  if (!mine.data.can_review)
    return (
      <p className="rounded-lg border border-border bg-surface-muted p-4 text-sm text-fg-muted">
        {mine.data.reason === "not_enrolled"
          ? t("form.notEnrolled")
          : t("form.progress", { required: mine.data.required_percent, percent: mine.data.progress_percent })}
      </p>
    );
  return <Editor courseId={courseId} status={mine.data} />;
}

function Editor({ courseId, status }: { courseId: number; status: ReviewEligibility }) {
  const { t } = useTranslation("reviews");
  const review = status.review;
  const [editing, setEditing] = useState(review === null);
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [body, setBody] = useState(review?.body ?? "");
  const [errors, setErrors] = useState<{ rating?: string; body?: string }>({});
  const save = useSaveReview(courseId);
  useEffect(() => {
    setRating(review?.rating ?? 0);
    setBody(review?.body ?? "");
  }, [review?.rating, review?.body]);

  if (!editing && review)
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-fg">{t("form.editTitle")}</p>
          {review.hidden && (
            <p className="text-sm text-fg-muted">
              {t("form.hidden", { reason: review.hidden_reason ?? "" })}
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t("form.edit")}
        </Button>
      </Card>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    const next: typeof errors = {};
    if (rating < 1) next.rating = t("form.needRating");
    if (text.length > 0 && (text.length < reviewLimits.bodyMin || text.length > reviewLimits.bodyMax))
      next.body = t("form.bodyHint", { min: reviewLimits.bodyMin, max: reviewLimits.bodyMax });
    setErrors(next);
    if (next.rating || next.body) return;
    save.mutate(
      { rating, body: text },
      {
        onSuccess: () => {
          showSuccess(translateMessage("review.saved"));
          setEditing(false);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : null;
          if (fields?.body) setErrors({ body: fields.body.map(translateMessage).join(" ") });
          else showError(error);
        },
      },
    );
  };

  return (
    <Card asChild className="flex flex-col gap-4 p-4 sm:p-5">
      <form onSubmit={submit} noValidate aria-labelledby="review-form-title">
        <h3 id="review-form-title" className="text-lg font-semibold text-fg">
          {review ? t("form.editTitle") : t("form.title")}
        </h3>
        {review?.hidden && (
          <Banner tone="warning">{t("form.hidden", { reason: review.hidden_reason ?? "" })}</Banner>
        )}
        <StarInput value={rating} onChange={setRating} error={errors.rating} />
        <Field
          label={t("form.body")}
          hint={t("form.bodyHint", { min: reviewLimits.bodyMin, max: reviewLimits.bodyMax })}
          error={errors.body}
        >
          <Textarea
            value={body}
            onChange={(event) => setBody(event.target.value)}
            maxLength={reviewLimits.bodyMax}
            rows={4}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending}>
            {review ? t("form.update") : t("form.save")}
          </Button>
          {review && (
            <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
              {t("cancel")}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
