/** A lecture the learner cannot open (spec sections 4 and 8): why, and the way forward. */
import type { CourseDetail } from "@aprendo/contract";
import { ArrowLeft, BookOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card, ErrorState } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { useLearnerPaths } from "../paths";
import { flattenOutline, previousPublished, stateLook } from "../states";
import { stateIcons } from "./StateBadge";

export function LectureBlocked({
  error,
  course,
  courseId,
  lectureId,
  onRetry,
  retrying,
}: {
  error: unknown;
  course: CourseDetail | undefined;
  courseId: number;
  lectureId: number;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation("learning");
  const paths = useLearnerPaths();
  const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
  if (!refused)
    return (
      <ErrorState
        title={t("lecture.failedTitle")}
        message={t("lecture.failedText")}
        retryLabel={t("retry")}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  const lectures = course ? flattenOutline(course.levels) : [];
  const outline = lectures.find((l) => l.id === lectureId);
  const look = outline ? stateLook(outline.state) : null;
  const previous = outline?.state === "locked" ? previousPublished(lectures, lectureId) : null;
  const Icon = stateIcons[look?.icon ?? "lock"];
  // The server's words are the spec's message; the outline's state names it when the server gave none.
  const serverMessage = typeof error.detail === "string" ? translateMessage(error.detail) : null;
  const message =
    serverMessage ?? (look?.message ? translateMessage(look.message) : t("lecture.unavailable"));
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center" data-testid="lecture-blocked">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-surface-muted text-fg-muted"
      >
        <Icon className="size-7" />
      </span>
      {outline && <p className="text-sm text-fg-muted">{outline.title}</p>}
      <h2 className="max-w-md text-xl font-semibold text-fg" role="alert">
        {message}
      </h2>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {previous && stateLook(previous.state).opens && (
          <Button asChild>
            <Link to={paths.lesson(courseId, previous.id)}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t("lecture.goPrevious", { title: previous.title })}
            </Link>
          </Button>
        )}
        <Button asChild variant="secondary">
          <Link to={paths.course(courseId)}>
            <BookOpen aria-hidden="true" className="size-4" />
            {course && !course.enrolment && !paths.preview
              ? t("lecture.enrolFirst")
              : t("lecture.backToTitle")}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
