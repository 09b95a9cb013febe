/** A title in a list: cover, category, name, summary, rating, level, facts, price or the learner's progress. */
import type { CourseCard as Course } from "@aprendo/contract";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge, Card, Content, ProgressBar, Skeleton } from "../../../components/ui";
import { RatingStars } from "../../reviews/components/RatingStars";
import { CourseCover } from "./CourseCover";
import { CourseMeta } from "./CourseMeta";
import { PriceTag } from "./PriceTag";
import { WishlistButton } from "./WishlistButton";

/** `heading`: h2 in a list right under the page's h1, h3 inside a titled section (dashboard). */
export function CourseCard({
  course,
  rank,
  to,
  heading: Heading = "h3",
}: {
  course: Course;
  rank?: number;
  to?: string;
  heading?: "h2" | "h3";
}) {
  const { t } = useTranslation("catalog");
  const href = to ?? `/iu/courses/${course.id}`;
  const progress = course.enrolled ? (course.progress_percent ?? 0) : null;
  return (
    <Card asChild interactive className="group relative h-full overflow-hidden">
      <article>
        <div className="relative">
          <CourseCover id={course.id} title={course.title} src={course.cover_url} />
          {rank !== undefined && (
            <span className="absolute top-3 left-3 flex size-9 items-center justify-center rounded-full bg-surface text-sm font-semibold text-fg shadow-md">
              <span className="sr-only">{t("rank")}</span>
              {rank}
            </span>
          )}
          {/* A price on a title the learner already owns reads as "pay again". */}
          {course.enrolled && !course.is_free && course.status !== "coming_soon" ? (
            <Badge tone="primary" className="absolute top-3 right-3 shadow-sm">
              {t("enrolled")}
            </Badge>
          ) : (
            <PriceTag course={course} className="absolute top-3 right-3 shadow-sm" />
          )}
          {/* Above the card's stretched link, so the heart is its own button. */}
          {!course.enrolled && (
            <div className="absolute right-3 bottom-3">
              <WishlistButton course={course} look="overlay" />
            </div>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          {course.category && (
            <p className="text-xs font-medium tracking-wide text-primary uppercase">{course.category.name}</p>
          )}
          <Heading className="text-base font-semibold text-fg">
            <Link
              to={href}
              className="after:absolute after:inset-0 after:z-10 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-ring"
            >
              <Content lang={course.title_lang}>{course.title}</Content>
            </Link>
          </Heading>
          {course.short_description && (
            <Content
              as="p"
              lang={course.short_description_lang}
              className="line-clamp-2 text-sm text-fg-muted"
            >
              {course.short_description}
            </Content>
          )}
          <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2">
            <RatingStars average={course.rating_average} count={course.rating_count} />
            <Badge tone="neutral">{t(`levelNames.${course.level}`)}</Badge>
          </div>
          <CourseMeta lectures={course.lecture_count} seconds={course.duration_seconds} />
          {progress !== null ? (
            <div className="flex flex-col gap-1 pt-1">
              <div className="flex items-center justify-between text-xs">
                <span className="font-medium text-fg">
                  {progress >= 100
                    ? t("progress.done")
                    : progress > 0
                      ? t("progress.continue")
                      : t("progress.start")}
                </span>
                <span className="text-fg-muted tabular-nums">
                  {t("progress.percent", { percent: progress })}
                </span>
              </div>
              <ProgressBar
                value={progress}
                size="sm"
                tone={progress >= 100 ? "success" : "primary"}
                label={t("progress.label", { title: course.title })}
              />
            </div>
          ) : (
            course.enrolment_count > 0 &&
            course.status === "published" && (
              <p className="text-xs text-fg-muted">{t("meta.learners", { count: course.enrolment_count })}</p>
            )
          )}
        </div>
        <span className="pointer-events-none absolute right-4 bottom-4 text-fg-muted opacity-0 transition-opacity duration-150 group-hover:opacity-100">
          <ArrowRight aria-hidden="true" className="size-4" />
        </span>
      </article>
    </Card>
  );
}

export function CourseCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </Card>
  );
}
