/** The frame of the learner's quiz pages: breadcrumbs back to the title and lecture, loading and error states. */
import { ChevronRight, Lock, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  Button,
  Card,
  Container,
  EmptyState,
  ErrorState,
  Skeleton,
  SkeletonText,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import type { QuizOwner } from "../logic";

export function QuizCrumbs({
  courseId,
  courseTitle,
  owner,
  ownerTitle,
}: {
  courseId: number;
  courseTitle?: string;
  owner: QuizOwner;
  ownerTitle?: string;
}) {
  const { t } = useTranslation("quizzes");
  return (
    <nav aria-label={t("breadcrumb")} className="text-sm text-fg-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/iu/courses/enrolled" className="rounded-sm hover:text-fg hover:underline focus-ring">
            {t("myTitles")}
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4" />
          <Link
            to={`/iu/courses/${courseId}`}
            className="rounded-sm hover:text-fg hover:underline focus-ring"
          >
            {courseTitle ?? t("title")}
          </Link>
        </li>
        {owner.kind === "lecture" && ownerTitle && (
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4" />
            <Link
              to={`/iu/courses/${courseId}/lesson/${owner.id}`}
              className="rounded-sm hover:text-fg hover:underline focus-ring"
            >
              {ownerTitle}
            </Link>
          </li>
        )}
      </ol>
    </nav>
  );
}

export function QuizSkeleton() {
  const { t } = useTranslation("quizzes");
  return (
    <Container size="reading" className="flex flex-col gap-6 py-6 sm:py-8" aria-busy="true">
      <span role="status" className="sr-only">
        {t("loading")}
      </span>
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-9 w-2/3" />
      <Card className="gap-4 p-6">
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
        <SkeletonText lines={3} />
      </Card>
    </Container>
  );
}

/** A refused or failed load: "watch the video first" (403), not found (404), or an error with retry. */
export function QuizLoadError({
  error,
  onRetry,
  retrying,
  backTo,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  backTo: { to: string; label: string };
}) {
  const { t } = useTranslation("quizzes");
  const back = (
    <Button asChild variant="secondary">
      <Link to={backTo.to}>{backTo.label}</Link>
    </Button>
  );
  let body: ReactNode;
  if (error instanceof ApiError && (error.status === 403 || error.status === 409))
    body = (
      <EmptyState icon={<Lock />} title={t("blocked")} text={translateMessage(error.message)} action={back} />
    );
  else if (error instanceof ApiError && error.status === 404)
    body = (
      <EmptyState
        icon={<SearchX />}
        title={t("notFound")}
        text={translateMessage(error.message)}
        action={back}
      />
    );
  else
    body = (
      <ErrorState message={t("loadFailed")} retryLabel={t("retry")} onRetry={onRetry} retrying={retrying} />
    );
  return (
    <Container size="reading" className="py-10">
      <h1 className="sr-only">{t("title")}</h1>
      {body}
    </Container>
  );
}
