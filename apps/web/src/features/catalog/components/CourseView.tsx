/**
 * A title's page, for learners (/iu/courses/:id) and guests (/courses/:id): hero, action card (and
 * the title's bought e-book, "Owned — read now"), about, outline, notes.
 */
import type { CourseDetail, LectureOutline } from "@aprendo/contract";
import { ChevronRight, SearchX } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  Badge,
  Container,
  Content,
  EmptyState,
  ErrorState,
  Skeleton,
  SkeletonText,
} from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { CourseNotes } from "../../learning/components/CourseNotes";
import { CourseOutline } from "../../learning/components/CourseOutline";
import { useLearnerPaths } from "../../learning/paths";
import { OwnedNotesCard } from "../../library/components/OwnedNotesCard";
import { RatingStars } from "../../reviews/components/RatingStars";
import { useCourseExams } from "../api";
import { paragraphs } from "../logic";
import { CourseFacts } from "./CourseFacts";
import { CourseMeta } from "./CourseMeta";
import { EnrolCard } from "./EnrolCard";

// Ratings and reviews load after the page's own content (their own chunk and namespace).
const ReviewsSection = lazy(() => import("../../reviews/components/ReviewsSection"));
// Bulk module exam purchase (commerce): loaded with the title page only when a learner is enrolled.
const BuyModuleExamsDialog = lazy(() => import("../../commerce/components/BuyModuleExamsDialog"));

export function CourseView({
  course,
  mode,
  onLogin,
  onPreview,
}: {
  course: CourseDetail;
  mode: "learner" | "guest";
  onLogin?: () => void;
  onPreview?: (lecture: LectureOutline) => void;
}) {
  const { t } = useTranslation("catalog");
  const paths = useLearnerPaths();
  const learner = mode === "learner";
  // Module and level exams: for enrolled learners, and for an administrator previewing.
  const hasExams = course.levels.some((l) => l.exam_quiz_id || l.modules.some((m) => m.exam_quiz_id));
  const exams = useCourseExams(
    course.id,
    learner && hasExams && (Boolean(course.enrolment) || paths.preview),
  );
  const about = paragraphs(course.description || course.short_description);
  const aboutLang = course.description ? course.description_lang : course.short_description_lang;
  // An administrator previewing sees draft lectures too (the counts are what learners will see).
  const hasLectures =
    course.lecture_count > 0 ||
    (paths.preview && course.levels.some((l) => l.modules.some((m) => m.lectures.length > 0)));
  return (
    <Container className="py-6 sm:py-8">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
        <header className="flex flex-col gap-3">
          <nav aria-label={t("breadcrumb")} className="text-sm text-fg-muted">
            <ol className="flex flex-wrap items-center gap-1">
              <li>
                {paths.preview ? (
                  <Link className="hover:text-fg hover:underline" to={`/af/courses/${course.id}`}>
                    {t("previewEditor")}
                  </Link>
                ) : (
                  <Link className="hover:text-fg hover:underline" to={learner ? "/iu/courses" : "/"}>
                    {learner ? t("pages.all.title") : t("home")}
                  </Link>
                )}
              </li>
              {course.category && (
                <li className="flex items-center gap-1">
                  <ChevronRight aria-hidden="true" className="size-4" />
                  {learner && !paths.preview ? (
                    <Link
                      className="hover:text-fg hover:underline"
                      to={`/iu/categories/course/${course.category.id}`}
                    >
                      {course.category.name}
                    </Link>
                  ) : (
                    <span>{course.category.name}</span>
                  )}
                </li>
              )}
            </ol>
          </nav>
          <div className="flex flex-wrap items-center gap-2">
            {course.status === "coming_soon" && <Badge tone="info">{t("comingSoon")}</Badge>}
            {course.is_free && course.status === "published" && <Badge tone="success">{t("free")}</Badge>}
          </div>
          <Content
            as="h1"
            lang={course.title_lang}
            className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl"
          >
            {course.title}
          </Content>
          {course.short_description && (
            <Content
              as="p"
              lang={course.short_description_lang}
              className="text-base text-fg-muted sm:text-xl"
            >
              {course.short_description}
            </Content>
          )}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {course.rating_count > 0 && (
              <a href="#reviews" className="rounded-sm hover:underline">
                <RatingStars average={course.rating_average} count={course.rating_count} />
              </a>
            )}
            <CourseMeta
              levels={course.level_count}
              lectures={course.lecture_count}
              seconds={course.duration_seconds}
              learners={course.enrolment_count}
            />
          </div>
        </header>

        <aside className="lg:sticky lg:top-24 lg:row-span-2 lg:self-start" aria-label={t("actionCard")}>
          <EnrolCard course={course} onLogin={onLogin} />
          {learner && !paths.preview && <OwnedNotesCard courseId={course.id} />}
        </aside>

        <div className="flex min-w-0 flex-col gap-10">
          {!paths.preview && <CourseFacts course={course} />}
          {about.length > 0 && (
            <section aria-labelledby="about" className="flex flex-col gap-3">
              <h2 id="about" className="text-xl font-semibold text-fg">
                {t("about")}
              </h2>
              <Content
                as="div"
                lang={aboutLang}
                className="flex max-w-reading flex-col gap-3 text-base leading-relaxed text-fg"
              >
                {about.map((text, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
                  <p key={i}>{text}</p>
                ))}
              </Content>
            </section>
          )}
          <section aria-labelledby="outline" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="outline" className="text-xl font-semibold text-fg">
                {t("outline")}
              </h2>
              {mode === "guest" &&
                course.levels.some((l) => l.modules.some((m) => m.lectures.some((x) => x.is_preview))) && (
                  <p className="text-sm text-fg-muted">{t("previewHint")}</p>
                )}
            </div>
            {learner && course.enrolment && hasLectures && !paths.preview && (
              <Suspense fallback={null}>
                <div className="flex justify-end">
                  <BuyModuleExamsDialog courseId={course.id} />
                </div>
              </Suspense>
            )}
            {hasLectures ? (
              <CourseOutline
                courseId={course.id}
                levels={course.levels}
                mode={mode}
                onPreview={onPreview}
                exams={exams.data}
              />
            ) : (
              <EmptyState title={t("outlineEmptyTitle")} text={t("outlineEmptyText")} />
            )}
          </section>
          {learner && course.enrolment && !paths.preview && (
            <CourseNotes courseId={course.id} courseTitle={course.title} />
          )}
          {!paths.preview && course.status === "published" && (
            <Suspense fallback={null}>
              <ReviewsSection course={course} learner={learner} />
            </Suspense>
          )}
        </div>
      </div>
    </Container>
  );
}

export function CourseViewSkeleton() {
  return (
    <Container className="py-6 sm:py-8" aria-busy="true">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
        <div className="flex flex-col gap-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-9 w-3/4" />
          <SkeletonText lines={2} />
          <Skeleton className="h-4 w-64" />
        </div>
        <Skeleton className="aspect-[4/5] w-full lg:row-span-2" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-6 w-32" />
          <SkeletonText lines={4} />
          <Skeleton className="h-40 w-full" />
        </div>
      </div>
    </Container>
  );
}

/** A title that failed to load: not found (with a way back) or an error with retry. */
export function CourseLoadError({
  error,
  onRetry,
  retrying,
  back,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  back: ReactNode;
}) {
  const { t } = useTranslation("catalog");
  return (
    <Container className="py-10">
      {error instanceof ApiError && (error.status === 404 || error.status === 403) ? (
        <EmptyState
          icon={<SearchX />}
          title={t("error.notFoundTitle")}
          text={t("error.notFoundText")}
          action={back}
        />
      ) : (
        <ErrorState
          title={t("error.courseTitle")}
          message={t("error.courseText")}
          retryLabel={t("retry")}
          onRetry={onRetry}
          retrying={retrying}
        />
      )}
    </Container>
  );
}
