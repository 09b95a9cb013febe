/**
 * A title page's "Ratings and reviews": the average and the share of each star (a star row filters
 * the list), the learner's own rating form, and the visible reviews, newest first, five at a time.
 * Learners can report someone else's review once.
 */
import type { CourseDetail, CourseReview } from "@aprendo/contract";
import { Flag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar, Button, ConfirmDialog, Content } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { dateLanguage, formatDate } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useReportReview, useReviews } from "../api";
import { Stars } from "./RatingStars";
import { ReviewForm } from "./ReviewForm";

type Summary = Pick<CourseDetail, "id" | "rating_average" | "rating_count" | "rating_distribution">;

export default function ReviewsSection({ course, learner }: { course: Summary; learner: boolean }) {
  const { t } = useTranslation("reviews");
  const [rating, setRating] = useState<number | undefined>(undefined);
  const reviews = useReviews(course.id, rating);
  const total = course.rating_count;
  const items = reviews.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section aria-labelledby="reviews" className="flex flex-col gap-5">
      <h2 id="reviews" className="text-xl font-semibold text-fg">
        {t("section")}
      </h2>
      <div className="grid gap-6 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div className="flex flex-col items-start gap-1">
          {total > 0 ? (
            <>
              <p className="text-5xl font-bold text-fg tabular-nums" aria-hidden="true">
                {course.rating_average.toFixed(1)}
              </p>
              <Stars rating={course.rating_average} className="text-xl" />
              <p className="text-sm text-fg-muted">
                <span className="sr-only">{t("stars", { rating: course.rating_average.toFixed(1) })}. </span>
                {t("ratingCount", { count: total })}
              </p>
            </>
          ) : (
            <p className="text-sm text-fg-muted">{t("noRatings")}</p>
          )}
        </div>
        {total > 0 && (
          <ul
            className="flex flex-col gap-1"
            aria-label={t("summaryOf", { rating: course.rating_average.toFixed(1), count: total })}
          >
            {[5, 4, 3, 2, 1].map((star) => {
              const n = course.rating_distribution[star - 1] ?? 0;
              const percent = Math.round((n * 100) / total);
              const active = rating === star;
              return (
                <li key={star}>
                  <button
                    type="button"
                    aria-pressed={active}
                    disabled={n === 0}
                    onClick={() => setRating(active ? undefined : star)}
                    className={cn(
                      "grid w-full grid-cols-[5.5rem_minmax(0,1fr)_3rem] items-center gap-3 rounded-md px-2 py-1 text-left text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-default disabled:hover:bg-transparent",
                      active && "bg-surface-muted",
                    )}
                  >
                    <span className="flex items-center gap-1 text-fg">
                      <Stars rating={star} className="text-xs" />
                      <span className="sr-only">
                        {t("filterBy", { stars: t("starRow", { count: star }) })}
                      </span>
                    </span>
                    <span className="h-2 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
                      <span
                        className="block h-full rounded-full bg-warning"
                        style={{ width: `${percent}%` }}
                      />
                    </span>
                    <span className="text-right text-fg-muted tabular-nums">{t("share", { percent })}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {learner && <ReviewForm courseId={course.id} />}

      {rating !== undefined && (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setRating(undefined)}>
            {t("showAll")}
          </Button>
        </div>
      )}
      {reviews.isSuccess && items.length === 0 ? (
        <p className="text-sm text-fg-muted">{rating ? t("emptyFiltered") : t("empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-busy={reviews.isFetching || undefined}>
          {items.map((review) => (
            <ReviewItem key={review.id} review={review} courseId={course.id} learner={learner} />
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            loading={reviews.isFetchingNextPage}
            onClick={() => void reviews.fetchNextPage()}
          >
            {t("more")}
          </Button>
        </div>
      )}
    </section>
  );
}

function ReviewItem({
  review,
  courseId,
  learner,
}: {
  review: CourseReview;
  courseId: number;
  learner: boolean;
}) {
  const { t, i18n } = useTranslation("reviews");
  const report = useReportReview(courseId);
  const language = dateLanguage(i18n.language);
  const edited = review.updated_at.slice(0, 10) !== review.created_at.slice(0, 10);
  return (
    <li className="flex gap-3 py-4">
      <Avatar name={review.author} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="font-medium text-fg">{review.mine ? t("you") : review.author}</p>
          <span className="inline-flex items-center">
            <Stars rating={review.rating} />
            <span className="sr-only">{t("stars", { rating: review.rating })}</span>
          </span>
          <p className="text-sm text-fg-muted">
            {formatDate(review.updated_at, language)}
            {edited && ` · ${t("edited")}`}
          </p>
        </div>
        {review.body && (
          <Content as="p" lang={review.language} className="max-w-reading text-fg whitespace-pre-line">
            {review.body}
          </Content>
        )}
        {learner && !review.mine && (
          <div>
            {review.reported ? (
              <p className="inline-flex items-center gap-1 text-sm text-fg-muted">
                <Flag aria-hidden="true" className="size-4" />
                {t("reported")}
              </p>
            ) : (
              <ConfirmDialog
                tone="primary"
                trigger={
                  <Button variant="ghost" size="sm">
                    <Flag aria-hidden="true" className="size-4" />
                    {t("report")}
                  </Button>
                }
                title={t("reportTitle")}
                description={t("reportText")}
                confirmLabel={t("reportConfirm")}
                cancelLabel={t("cancel")}
                onConfirm={async () => {
                  try {
                    const result = await report.mutateAsync({ id: review.id, reason: "" });
                    showSuccess(result.message);
                  } catch (error) {
                    showError(error);
                  }
                }}
              />
            )}
          </div>
        )}
      </div>
    </li>
  );
}
