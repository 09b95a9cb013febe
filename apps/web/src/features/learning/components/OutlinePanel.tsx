/** The title's outline beside the lecture: a side column on wide screens, a drawer on phones and tablets. */
import type { CourseDetail } from "@aprendo/contract";
import { ListTree } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Content, Drawer, ErrorState, ProgressBar, Skeleton } from "../../../components/ui";
import { useLearnerPaths } from "../paths";
import { CourseOutline } from "./CourseOutline";

function OutlineBody({
  course,
  lectureId,
  onNavigate,
  query,
}: {
  course: CourseDetail | undefined;
  lectureId: number;
  onNavigate?: () => void;
  query: { isError: boolean; refetch: () => unknown; isFetching: boolean };
}) {
  const { t } = useTranslation("learning");
  const paths = useLearnerPaths();
  if (query.isError)
    return (
      <ErrorState
        message={t("outline.failed")}
        retryLabel={t("retry")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!course)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        {/* The title heads the outline (h2), so its levels (h3) follow the page's h1 in order. */}
        <h2 className="text-base">
          <Link
            to={paths.course(course.id)}
            className="font-semibold text-fg hover:underline"
            onClick={onNavigate}
          >
            <Content lang={course.title_lang}>{course.title}</Content>
          </Link>
        </h2>
        {course.progress && (
          <>
            <ProgressBar
              value={course.progress.percent}
              size="sm"
              tone={course.progress.percent >= 100 ? "success" : "primary"}
              label={t("outline.progress")}
              valueText={t("outline.progressText", {
                done: course.progress.completed_lectures,
                total: course.progress.total_lectures,
              })}
            />
            <p className="text-xs text-fg-muted">
              {t("outline.progressText", {
                done: course.progress.completed_lectures,
                total: course.progress.total_lectures,
              })}
            </p>
          </>
        )}
      </div>
      <CourseOutline
        courseId={course.id}
        levels={course.levels}
        currentLectureId={lectureId}
        compact
        onNavigate={onNavigate}
      />
    </div>
  );
}

export function OutlineAside(props: {
  course: CourseDetail | undefined;
  lectureId: number;
  query: { isError: boolean; refetch: () => unknown; isFetching: boolean };
}) {
  const { t } = useTranslation("learning");
  return (
    <aside aria-label={t("outline.title")} className="hidden xl:block">
      <div className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto rounded-lg border border-border bg-surface p-4 shadow-sm">
        <OutlineBody {...props} />
      </div>
    </aside>
  );
}

export function OutlineDrawerButton(props: {
  course: CourseDetail | undefined;
  lectureId: number;
  query: { isError: boolean; refetch: () => unknown; isFetching: boolean };
}) {
  const { t } = useTranslation("learning");
  const [open, setOpen] = useState(false);
  return (
    <Drawer
      side="right"
      open={open}
      onOpenChange={setOpen}
      title={t("outline.title")}
      closeLabel={t("close")}
      trigger={
        <Button variant="secondary" size="sm" className="xl:hidden">
          <ListTree aria-hidden="true" className="size-4" />
          {t("outline.open")}
        </Button>
      }
    >
      <OutlineBody {...props} onNavigate={() => setOpen(false)} />
    </Drawer>
  );
}
