/** The learner dashboard's learning part: continue where you left off, progress per title, recommendations. */
import { ArrowRight, CirclePlay, GraduationCap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card, Content, EmptyState, ErrorState, ProgressBar, Skeleton } from "../../../components/ui";
import { useLearningDashboard } from "../api";
import { clock } from "../logic";
import { CourseCard } from "./CourseCard";
import { CourseCover } from "./CourseCover";
import { CourseGridSkeleton, gridClasses } from "./CourseGrid";

export function LearningWidgets() {
  const { t } = useTranslation("catalog");
  const dashboard = useLearningDashboard();

  if (dashboard.isPending)
    return (
      <div className="flex flex-col gap-8" aria-busy="true">
        <Skeleton className="h-40 w-full" />
        <CourseGridSkeleton count={3} />
      </div>
    );
  if (dashboard.isError)
    return (
      <ErrorState
        message={t("dashboard.failed")}
        retryLabel={t("retry")}
        onRetry={() => void dashboard.refetch()}
        retrying={dashboard.isFetching}
      />
    );

  const { continue: resume, enrolled, recommendations } = dashboard.data;
  const watched =
    resume && resume.duration_seconds > 0 ? (resume.position_seconds / resume.duration_seconds) * 100 : 0;
  return (
    <div className="flex flex-col gap-10">
      {resume && (
        <section aria-labelledby="continue-heading">
          <h2 id="continue-heading" className="mb-4 text-xl font-semibold text-fg">
            {t("dashboard.continue")}
          </h2>
          <Card className="overflow-hidden sm:flex-row" data-testid="continue-card">
            <div className="relative sm:w-72 sm:shrink-0">
              <CourseCover id={resume.course_id} title={resume.course_title} src={resume.cover_url} eager />
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="flex size-14 items-center justify-center rounded-full bg-black/55 text-white">
                  <CirclePlay aria-hidden="true" className="size-8" />
                </span>
              </span>
            </div>
            <div className="flex flex-1 flex-col justify-center gap-3 p-5">
              <Content as="p" lang={resume.course_title_lang} className="text-sm text-fg-muted">
                {resume.course_title}
              </Content>
              <Content as="p" lang={resume.lecture_title_lang} className="text-xl font-semibold text-fg">
                {resume.lecture_title}
              </Content>
              <p className="text-sm text-fg-muted" data-testid="continue-progress">
                {t("dashboard.titleProgress", {
                  completed: resume.course_progress.completed_lectures,
                  total: resume.course_progress.total_lectures,
                  percent: resume.course_progress.percent,
                })}
              </p>
              {resume.duration_seconds > 0 && (
                <div className="flex items-center gap-3">
                  <ProgressBar
                    value={watched}
                    size="sm"
                    className="max-w-64 flex-1"
                    label={t("dashboard.position")}
                  />
                  <span className="text-xs text-fg-muted tabular-nums">
                    {clock(resume.position_seconds)} / {clock(resume.duration_seconds)}
                  </span>
                </div>
              )}
              <div>
                <Button asChild>
                  <Link to={`/iu/courses/${resume.course_id}/lesson/${resume.lecture_id}`}>
                    <CirclePlay aria-hidden="true" className="size-4" />
                    {/* Past the first lecture it is "Continue", even at the start of the next one. */}
                    {resume.position_seconds > 0 || resume.course_progress.completed_lectures > 0
                      ? t("cta.continue")
                      : t("cta.start")}
                  </Link>
                </Button>
              </div>
            </div>
          </Card>
        </section>
      )}

      <section aria-labelledby="my-titles-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h2 id="my-titles-heading" className="text-xl font-semibold text-fg">
            {t("dashboard.myTitles")}
          </h2>
          {enrolled.length > 0 && (
            <Link
              to="/iu/courses/enrolled"
              className="inline-flex min-h-11 shrink-0 items-center gap-1 whitespace-nowrap text-sm font-medium text-primary hover:underline sm:min-h-0"
            >
              {t("dashboard.seeAll")}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </div>
        {enrolled.length === 0 ? (
          <EmptyState
            icon={<GraduationCap />}
            title={t("pages.enrolled.emptyTitle")}
            text={t("pages.enrolled.emptyText")}
            action={
              <Button asChild>
                <Link to="/iu/courses">{t("empty.browse")}</Link>
              </Button>
            }
          />
        ) : (
          <ul className={gridClasses}>
            {enrolled.slice(0, 3).map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {recommendations.length > 0 && (
        <section aria-labelledby="recommended-heading">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <h2 id="recommended-heading" className="text-xl font-semibold text-fg">
              {t("dashboard.recommended")}
            </h2>
            <Link
              to="/iu/courses"
              className="inline-flex min-h-11 shrink-0 items-center gap-1 whitespace-nowrap text-sm font-medium text-primary hover:underline sm:min-h-0"
            >
              {t("dashboard.browseAll")}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <ul className={gridClasses}>
            {recommendations.slice(0, 3).map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
