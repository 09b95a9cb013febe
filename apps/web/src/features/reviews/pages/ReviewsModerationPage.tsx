/**
 * /af/reviews (isCourseManager, the reviews API's flag): learners' reviews to moderate, reported
 * first, filtered by title, stars and state; the reports' reasons; hide with a reason (audited; the
 * review leaves the title's page and rating) or show again.
 */
import type { AdminReview } from "@aprendo/contract";
import { reviewLimits } from "@aprendo/contract";
import { Eye, EyeOff, Flag, MessageSquareWarning, SearchX } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AdminListPage,
  FormDialog,
  listTexts,
  pageNumber,
  pagingTexts,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import {
  Badge,
  Button,
  Content,
  Dialog,
  EmptyState,
  Field,
  Select,
  TableCell,
  Textarea,
} from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { errorMessages, showError, showSuccess } from "../../../lib/toast";
import { Stars } from "../components/RatingStars";
import {
  MODERATION_PER_PAGE,
  type ModerationFilters,
  useModerateReview,
  useModerationReviews,
  useModerationTitles,
  useReviewReports,
} from "../moderation";

const defaults = { filter: "reported", course: "", rating: "", page: "1", sort: "" };
const filters = ["reported", "hidden", "all"] as const;

function ReviewStars({ rating }: { rating: number }) {
  const { t } = useTranslation("reviews");
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <Stars rating={rating} />
      <span className="sr-only">{t("stars", { rating })}</span>
    </span>
  );
}

function ReportsDialog({ review, onClose }: { review: AdminReview | null; onClose: () => void }) {
  const { t, i18n } = useTranslation("reviews");
  const reports = useReviewReports(review?.id ?? null);
  return (
    <Dialog
      open={review !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("moderation.reportsTitle")}
      description={review ? t("moderation.reportsText", { title: review.course.title }) : undefined}
      closeLabel={t("moderation.close")}
    >
      {reports.isPending ? (
        <p className="text-sm text-fg-muted">{t("moderation.loading")}</p>
      ) : reports.isError ? (
        <p className="text-sm text-danger">{t("moderation.loadFailed")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {reports.data.map((report) => (
            <li key={report.id} className="flex flex-col gap-1 py-3">
              <span className="text-sm font-medium text-fg">
                {report.user.username}
                <span className="font-normal text-fg-muted">
                  {" · "}
                  {formatDateTime(report.created_at, dateLanguage(i18n.language))}
                </span>
              </span>
              <span className="text-sm text-fg-muted">{report.reason || t("moderation.noReason")}</span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function HideDialog({ review, onClose }: { review: AdminReview | null; onClose: () => void }) {
  const { t } = useTranslation("reviews");
  const moderate = useModerateReview();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!review) return;
    if (reason.trim().length < reviewLimits.reasonMin) {
      setError(t("moderation.reasonTooShort", { count: reviewLimits.reasonMin }));
      return;
    }
    try {
      const answer = await moderate.mutateAsync({ id: review.id, hide: true, reason: reason.trim() });
      showSuccess(answer.message);
      setReason("");
      setError(undefined);
      onClose();
    } catch (failure) {
      const [first] = errorMessages(failure);
      if (first) setError(first);
      else showError(failure);
    }
  };
  return (
    <FormDialog
      id="hide-review"
      open={review !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("moderation.hideTitle")}
      onSubmit={submit}
      submitting={moderate.isPending}
      texts={{ cancel: t("moderation.cancel"), save: t("moderation.hide") }}
    >
      {review && (
        <blockquote className="border-l-2 border-border pl-3 text-sm text-fg-muted">
          {review.body ? <Content lang={review.language}>{review.body}</Content> : t("moderation.ratingOnly")}
        </blockquote>
      )}
      <Field label={t("moderation.reason")} hint={t("moderation.reasonHint")} error={error} required>
        <Textarea
          value={reason}
          rows={3}
          maxLength={reviewLimits.reasonMax}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </FormDialog>
  );
}

function ReviewActions({
  review,
  onHide,
  onReports,
}: {
  review: AdminReview;
  onHide: (review: AdminReview) => void;
  onReports: (review: AdminReview) => void;
}) {
  const { t } = useTranslation("reviews");
  const moderate = useModerateReview();
  const who = review.user.username;
  return (
    <span className="inline-flex flex-wrap justify-end gap-1">
      {review.report_count > 0 && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onReports(review)}
          aria-label={t("moderation.reportsOf", { name: who })}
        >
          <Flag aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">{t("moderation.reports")}</span>
        </Button>
      )}
      {review.hidden ? (
        <Button
          size="sm"
          variant="secondary"
          loading={moderate.isPending}
          aria-label={t("moderation.showOf", { name: who })}
          onClick={() =>
            moderate.mutate(
              { id: review.id, hide: false },
              { onSuccess: (answer) => showSuccess(answer.message), onError: showError },
            )
          }
        >
          {!moderate.isPending && <Eye aria-hidden="true" className="size-4" />}
          {t("moderation.showAgain")}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onHide(review)}
          aria-label={t("moderation.hideOf", { name: who })}
        >
          <EyeOff aria-hidden="true" className="size-4" />
          {t("moderation.hide")}
        </Button>
      )}
    </span>
  );
}

export default function ReviewsModerationPage() {
  const { t, i18n } = useTranslation("reviews");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const filter = (filters as readonly string[]).includes(state.filter)
    ? (state.filter as ModerationFilters["filter"])
    : "reported";
  const courseId = Number(state.course) || undefined;
  const rating = Number(state.rating) || undefined;
  const list = useModerationReviews({
    filter,
    courseId,
    rating,
    sort: state.sort,
    page: pageNumber(state.page),
  });
  const titles = useModerationTitles();
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const [reading, setReading] = useState<AdminReview | null>(null);
  const narrowed = courseId !== undefined || rating !== undefined;

  const stateOf = (review: AdminReview) =>
    review.hidden ? (
      <span className="flex flex-col gap-0.5">
        <Badge tone="warning" className="w-fit">
          {t("moderation.hidden")}
        </Badge>
        {review.hidden_reason && <span className="text-xs text-fg-muted">{review.hidden_reason}</span>}
      </span>
    ) : (
      <Badge tone="success">{t("moderation.visible")}</Badge>
    );
  const reviewText = (review: AdminReview) => (
    <span className="flex flex-col gap-1">
      <ReviewStars rating={review.rating} />
      {review.body ? (
        <Content lang={review.language} className="line-clamp-3 text-sm text-fg">
          {review.body}
        </Content>
      ) : (
        <span className="text-sm text-fg-muted italic">{t("moderation.ratingOnly")}</span>
      )}
      <span className="text-xs text-fg-muted">
        {review.user.username} · {formatDateTime(review.updated_at, language)}
      </span>
    </span>
  );

  return (
    <AdminListPage
      title={t("moderation.title")}
      subtitle={t("moderation.subtitle")}
      filters={
        <>
          <Field label={t("moderation.show")} className="sm:w-48">
            <Select
              value={filter}
              onChange={(e) => update({ filter: e.target.value, page: "1" })}
              options={filters.map((f) => ({ value: f, label: t(`moderation.filters.${f}`) }))}
            />
          </Field>
          <Field label={t("moderation.course")} className="min-w-0 sm:flex-1">
            <Select
              value={state.course}
              onChange={(e) => update({ course: e.target.value, page: "1" })}
              options={[
                { value: "", label: t("moderation.anyCourse") },
                ...(titles.data ?? []).map((c) => ({ value: String(c.id), label: c.title })),
              ]}
            />
          </Field>
          <Field label={t("moderation.rating")} className="sm:w-40">
            <Select
              value={state.rating}
              onChange={(e) => update({ rating: e.target.value, page: "1" })}
              options={[
                { value: "", label: t("moderation.anyRating") },
                ...[5, 4, 3, 2, 1].map((n) => ({
                  value: String(n),
                  label: t("moderation.starsOption", { count: n }),
                })),
              ]}
            />
          </Field>
        </>
      }
      query={list}
      sort={urlSort(state, update)}
      rows={list.data?.data ?? []}
      rowTestId="review-row"
      texts={{ ...listTexts(t, "moderation."), actions: t("moderation.actions") }}
      paging={urlPaging(state, update, list.data?.total, MODERATION_PER_PAGE, pagingTexts(t, "moderation."))}
      empty={
        <EmptyState
          icon={narrowed ? <SearchX /> : <MessageSquareWarning />}
          title={t(`moderation.empty.${filter}`)}
          text={t("moderation.emptyText")}
        />
      }
      columns={[
        { header: t("moderation.review"), sortKey: "rating" },
        { header: t("moderation.course"), sortKey: "title" },
        { header: t("moderation.reportCount"), align: "right", sortKey: "reports" },
        { header: t("moderation.state") },
      ]}
      cells={(review) => (
        <>
          <TableCell className="min-w-64 max-w-md">{reviewText(review)}</TableCell>
          <TableCell className="max-w-56">
            <Content lang={review.course.title_lang} className="text-sm">
              {review.course.title}
            </Content>
          </TableCell>
          <TableCell align="right" className="tabular-nums">
            {review.report_count}
          </TableCell>
          <TableCell>{stateOf(review)}</TableCell>
        </>
      )}
      card={(review) => (
        <div className="flex flex-col gap-2">
          <Content
            as="p"
            lang={review.course.title_lang}
            className="text-xs font-medium tracking-wide text-primary uppercase"
          >
            {review.course.title}
          </Content>
          {reviewText(review)}
          <div className="flex flex-wrap items-center gap-2">
            {stateOf(review)}
            {review.report_count > 0 && (
              <Badge tone="danger">{t("moderation.reportBadge", { count: review.report_count })}</Badge>
            )}
          </div>
          <ReviewActions review={review} onHide={setHiding} onReports={setReading} />
        </div>
      )}
      cardClassName="flex flex-col gap-2"
      cardsBelow="md"
      rowActions={(review) => <ReviewActions review={review} onHide={setHiding} onReports={setReading} />}
    >
      <HideDialog review={hiding} onClose={() => setHiding(null)} />
      <ReportsDialog review={reading} onClose={() => setReading(null)} />
    </AdminListPage>
  );
}
