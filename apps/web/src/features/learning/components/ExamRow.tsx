/**
 * A module or level exam in the title's outline: locked until every lecture of its module or level
 * is completed, then a link to its quiz page (/iu/courses/{c}/course-module/{m}/quiz or
 * /course-level/{l}/quiz) with the attempts left, the attempt in progress, or the pass.
 */
import { Award, GraduationCap, Lock, ShoppingCart, Timer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge, type BadgeTone } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";
import type { CourseExam } from "../../catalog/api";
import { useLearnerPaths } from "../paths";

const look: Record<CourseExam["state"], { icon: typeof Lock; tone: BadgeTone; iconClass: string }> = {
  locked: { icon: Lock, tone: "neutral", iconClass: "text-fg-muted" },
  available: { icon: GraduationCap, tone: "primary", iconClass: "text-primary" },
  in_progress: { icon: Timer, tone: "warning", iconClass: "text-warning" },
  buy: { icon: ShoppingCart, tone: "accent", iconClass: "text-accent" },
  passed: { icon: Award, tone: "success", iconClass: "text-success" },
};

export const examPath = (courseId: number, exam: Pick<CourseExam, "kind" | "owner_id">) =>
  `/iu/courses/${courseId}/${exam.kind === "module" ? "course-module" : "course-level"}/${exam.owner_id}/quiz`;

export function ExamRow({
  courseId,
  exam,
  compact,
}: {
  courseId: number;
  exam: CourseExam;
  compact: boolean;
}) {
  const { t, i18n } = useTranslation("learning");
  const paths = useLearnerPaths();
  const { icon: Icon, tone, iconClass } = look[exam.state];
  const left = exam.lectures_total - exam.lectures_completed;
  const detail = paths.preview
    ? t("exams.preview")
    : exam.state === "locked"
      ? t(exam.kind === "module" ? "exams.lockedModule" : "exams.lockedLevel", { count: left })
      : exam.state === "passed"
        ? exam.best_score_percent !== null
          ? t("exams.passedScore", { score: exam.best_score_percent })
          : t("exams.passed")
        : exam.state === "in_progress"
          ? t("exams.inProgressText")
          : exam.state === "buy"
            ? t("exams.buyText", { price: formatMoney(exam.price_pence, i18n.language, exam.currency) })
            : exam.attempts_left === null
              ? t("exams.unlimited", { mark: exam.pass_mark_percent })
              : t("exams.attemptsLeft", { count: exam.attempts_left, mark: exam.pass_mark_percent });
  const name = t(exam.kind === "module" ? "exams.moduleExam" : "exams.levelExam");
  const opens = !paths.preview && exam.state !== "locked";
  const body = (
    <>
      <span className="flex w-6 shrink-0 justify-center pt-0.5">
        <Icon aria-hidden="true" className={cn("size-5", iconClass)} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className={cn("text-sm", opens ? "font-medium text-fg" : "text-fg-muted")}>
          {name}
          {!compact && <span className="text-fg-muted">: {exam.title}</span>}
        </span>
        <span className="text-xs text-fg-muted">{detail}</span>
      </span>
      {!compact && (
        <span className="hidden self-center sm:block">
          <Badge tone={tone}>{t(`exams.states.${exam.state}`)}</Badge>
        </span>
      )}
      <span className={cn("sr-only", !compact && "sm:hidden")}>{t(`exams.states.${exam.state}`)}</span>
    </>
  );
  const rowClasses =
    "flex items-start gap-3 border-b border-border bg-surface-muted/40 px-4 py-3 last:border-b-0";
  return (
    <li data-testid={`exam-${exam.kind}-${exam.owner_id}`}>
      {opens ? (
        <Link
          to={examPath(courseId, exam)}
          className={cn(rowClasses, "transition-colors duration-150 hover:bg-surface-muted focus-ring")}
        >
          {body}
        </Link>
      ) : (
        <div className={rowClasses} aria-disabled="true">
          {body}
        </div>
      )}
    </li>
  );
}
