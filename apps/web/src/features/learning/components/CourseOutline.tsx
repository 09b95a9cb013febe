/**
 * A title's outline: levels, modules and lectures in order, each lecture with its state (spec
 * section 4). Lectures that open are links; the others say why not. Guests see preview lectures
 * as playable.
 */
import type { LectureOutline, LevelOutline } from "@aprendo/contract";
import { ChevronDown, FileQuestion } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Content, ProgressBar } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { cn } from "../../../lib/cn";
import type { CourseExam } from "../../catalog/api";
import { clock } from "../../catalog/logic";
import { useLearnerPaths } from "../paths";
import { stateLook } from "../states";
import { ExamRow } from "./ExamRow";
import { StateBadge, StateIcon } from "./StateBadge";

export type OutlineMode = "learner" | "guest";

export function CourseOutline({
  courseId,
  levels,
  mode = "learner",
  currentLectureId,
  onPreview,
  compact = false,
  onNavigate,
  exams,
}: {
  courseId: number;
  levels: LevelOutline[];
  mode?: OutlineMode;
  currentLectureId?: number;
  /** Guests: play a preview lecture. */
  onPreview?: (lecture: LectureOutline) => void;
  /** The narrow side panel of the lecture page. */
  compact?: boolean;
  onNavigate?: () => void;
  /** The module and level exams with the learner's state (title page). */
  exams?: CourseExam[];
}) {
  const { t } = useTranslation("learning");
  let number = 0;
  const examOf = (kind: CourseExam["kind"], id: number) =>
    exams?.find((e) => e.kind === kind && e.owner_id === id);
  return (
    <div className={cn("flex flex-col", compact ? "gap-4" : "gap-8")}>
      {levels.map((level) => (
        <section key={level.id} aria-labelledby={`level-${level.id}`} className="flex flex-col gap-3">
          <Content
            as="h3"
            id={`level-${level.id}`}
            lang={level.title_lang}
            className={cn(
              "font-semibold text-fg",
              compact ? "px-1 text-sm text-fg-muted uppercase tracking-wide" : "text-xl",
            )}
          >
            {level.title}
          </Content>
          {level.modules.map((module) => {
            const seconds = module.lectures.reduce((sum, l) => sum + l.duration_seconds, 0);
            const hasCurrent = module.lectures.some((l) => l.id === currentLectureId);
            return (
              <details
                key={module.id}
                open={!compact || hasCurrent || undefined}
                className="group overflow-hidden rounded-lg border border-border bg-surface shadow-sm"
              >
                <summary
                  className={cn(
                    "flex cursor-pointer list-none items-center gap-3 px-4 focus-ring [&::-webkit-details-marker]:hidden",
                    compact ? "min-h-12 py-2" : "min-h-14 py-3",
                  )}
                >
                  <span className="flex min-w-0 flex-1 flex-col">
                    <Content
                      lang={module.title_lang}
                      className={cn("font-semibold text-fg", compact ? "text-sm" : "text-base")}
                    >
                      {module.title}
                    </Content>
                    <span className="text-xs text-fg-muted">
                      {t("outline.moduleFacts", { count: module.lectures.length, time: clock(seconds) })}
                    </span>
                  </span>
                  <ChevronDown
                    aria-hidden="true"
                    className="size-4 shrink-0 text-fg-muted transition-transform duration-150 group-open:rotate-180"
                  />
                </summary>
                <ol className="border-t border-border">
                  {module.lectures.map((lecture) => {
                    number += 1;
                    return (
                      <OutlineRow
                        key={lecture.id}
                        number={number}
                        courseId={courseId}
                        lecture={lecture}
                        mode={mode}
                        current={lecture.id === currentLectureId}
                        compact={compact}
                        onPreview={onPreview}
                        onNavigate={onNavigate}
                      />
                    );
                  })}
                  {(() => {
                    const exam = examOf("module", module.id);
                    return exam ? <ExamRow courseId={courseId} exam={exam} compact={compact} /> : null;
                  })()}
                </ol>
              </details>
            );
          })}
          {(() => {
            const exam = examOf("level", level.id);
            return exam ? (
              <ol className="overflow-hidden rounded-lg border border-border bg-surface shadow-sm">
                <ExamRow courseId={courseId} exam={exam} compact={compact} />
              </ol>
            ) : null;
          })()}
        </section>
      ))}
    </div>
  );
}

function OutlineRow({
  number,
  courseId,
  lecture,
  mode,
  current,
  compact,
  onPreview,
  onNavigate,
}: {
  number: number;
  courseId: number;
  lecture: LectureOutline;
  mode: OutlineMode;
  current: boolean;
  compact: boolean;
  onPreview?: (lecture: LectureOutline) => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("learning");
  const paths = useLearnerPaths();
  const look = stateLook(lecture.state, { isPreview: lecture.is_preview });
  const guestPreview = mode === "guest" && lecture.is_preview;
  // An administrator previewing opens every lecture, whatever its status.
  const opens = mode === "learner" ? look.opens || paths.preview : guestPreview;
  const reason = !opens && look.message ? translateMessage(look.message) : null;
  const title = (
    <Content
      lang={lecture.title_lang}
      className={cn("min-w-0 text-sm", opens ? "font-medium text-fg" : "text-fg-muted")}
    >
      {lecture.title}
    </Content>
  );
  const facts = (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
      {lecture.duration_seconds > 0 && (
        <span className="tabular-nums">{clock(lecture.duration_seconds)}</span>
      )}
      {lecture.has_quiz && (
        <span className="inline-flex items-center gap-1">
          <FileQuestion aria-hidden="true" className="size-3.5" />
          {t("outline.quiz")}
        </span>
      )}
      {lecture.is_preview && mode === "learner" && <span>{t("outline.preview")}</span>}
      {reason && !compact && <span>{reason}</span>}
    </span>
  );
  const body = (
    <>
      <span className="flex w-6 shrink-0 justify-center pt-0.5">
        <StateIcon state={lecture.state} isPreview={lecture.is_preview} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-baseline gap-2">
          <span className="text-xs text-fg-muted tabular-nums">{number}.</span>
          {title}
        </span>
        {facts}
        {lecture.state === "in_progress" && lecture.watched_percent !== null && (
          <ProgressBar
            value={lecture.watched_percent}
            size="sm"
            className="max-w-48"
            label={t("outline.watched", { percent: lecture.watched_percent })}
          />
        )}
      </span>
      {!compact && (
        <span className="hidden self-center sm:block">
          <StateBadge state={lecture.state} isPreview={lecture.is_preview} />
        </span>
      )}
      <span className={cn("sr-only", !compact && "sm:hidden")}>{t(look.label)}</span>
    </>
  );
  const rowClasses = cn(
    "flex items-start gap-3 border-b border-border px-4 py-3 last:border-b-0",
    current && "bg-primary-soft",
  );
  if (mode === "learner" && opens)
    return (
      <li>
        <Link
          to={paths.lesson(courseId, lecture.id)}
          aria-current={current ? "page" : undefined}
          onClick={onNavigate}
          className={cn(rowClasses, "transition-colors duration-150 hover:bg-surface-muted focus-ring")}
        >
          {body}
        </Link>
      </li>
    );
  if (guestPreview && onPreview)
    return (
      <li>
        <button
          type="button"
          onClick={() => onPreview(lecture)}
          className={cn(
            rowClasses,
            "w-full text-left transition-colors duration-150 hover:bg-surface-muted focus-ring",
          )}
        >
          {body}
        </button>
      </li>
    );
  return (
    <li className={rowClasses} aria-disabled="true" title={reason ?? undefined}>
      {body}
    </li>
  );
}
