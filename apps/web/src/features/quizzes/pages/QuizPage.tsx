/**
 * The instructions of a lecture quiz, module exam or level exam (…/lesson/:lessonId/quiz,
 * …/course-module/:courseModuleId/quiz, …/course-level/:courseLevelId/quiz): time limit in minutes
 * and seconds, questions, pass mark, attempts left, price; resume an attempt in progress; the last
 * result; buy the exam (again) when no attempt is left; start.
 */
import type { AttemptBody, QuizInstructions } from "@aprendo/contract";
import { useQueryClient } from "@tanstack/react-query";
import {
  Award,
  CircleCheck,
  Clock,
  FileQuestion,
  Play,
  RotateCcw,
  ShoppingCart,
  Target,
  Ticket,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Badge, Banner, Button, Card, ConfirmDialog, Container, PageHeader } from "../../../components/ui";
import { dateLanguage, formatDateTime, formatMoney } from "../../../lib/format";
import { reportUnexpected } from "../../../lib/report-error";
import { showError } from "../../../lib/toast";
import { quizKeys, startAttempt, useInstructions } from "../api";
import { useBuyExam } from "../cart";
import { QuizCrumbs, QuizLoadError, QuizSkeleton } from "../components/QuizFrame";
import {
  attemptPath,
  durationParts,
  formatClock,
  formatFactor,
  ownerFromParams,
  type QuizOwner,
} from "../logic";

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border border-border bg-surface-muted/50 p-3">
      <dt className="flex items-center gap-2 text-xs font-medium text-fg-muted">
        <span aria-hidden="true" className="text-primary [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="pl-6 text-base font-semibold text-fg">{value}</dd>
    </div>
  );
}

function Body({ data, courseId, owner }: { data: QuizInstructions; courseId: number; owner: QuizOwner }) {
  const { t, i18n } = useTranslation("quizzes");
  const navigate = useNavigate();
  const client = useQueryClient();
  const buy = useBuyExam();
  const [starting, setStarting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const limit = durationParts(data.time_limit_seconds);
  const price = formatMoney(data.price_pence, i18n.language, data.currency);
  const language = dateLanguage(i18n.language);

  const start = async () => {
    setStarting(true);
    try {
      const attempt: AttemptBody = await startAttempt(owner);
      client.setQueryData(quizKeys.attempt(attempt.id, i18n.language === "es" ? "es" : "en"), {
        ...attempt,
        received_at: Date.now(),
      });
      void client.invalidateQueries({ queryKey: ["quizzes", "instructions"] });
      navigate(attemptPath(courseId, owner, attempt.id));
    } catch (error) {
      showError(error);
      void client.invalidateQueries({ queryKey: ["quizzes", "instructions"] });
      throw error;
    } finally {
      setStarting(false);
    }
  };

  const kindLabel = t(`kinds.${data.kind}`);
  const attemptsText =
    data.attempts_left === null
      ? t("instructions.unlimited")
      : t("instructions.attemptsLeftValue", { count: data.attempts_left });
  const inProgress = data.in_progress;

  return (
    <>
      <PageHeader
        above={
          <QuizCrumbs
            courseId={courseId}
            courseTitle={data.course.title}
            owner={owner}
            ownerTitle={data.owner.title}
          />
        }
        title={data.title}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={data.is_paid ? "accent" : "primary"}>{kindLabel}</Badge>
            {data.passed && (
              <Badge tone="success">
                <Award aria-hidden="true" />
                {t("instructions.passedBadge")}
              </Badge>
            )}
            <span className="text-sm">{data.owner.title}</span>
          </span>
        }
      />
      <div className="flex flex-col gap-6">
        {inProgress && (
          <Banner
            tone="warning"
            title={t("instructions.inProgressTitle")}
            action={
              <Button asChild>
                <Link to={attemptPath(courseId, owner, inProgress.attempt_id)} data-testid="resume">
                  <Play aria-hidden="true" className="size-4" />
                  {t("instructions.resume")}
                </Link>
              </Button>
            }
          >
            {t("instructions.inProgressText", { time: formatClock(inProgress.remaining_seconds) })}
          </Banner>
        )}

        <Card className="gap-6 p-5 sm:p-6">
          <section aria-labelledby="facts-heading" className="flex flex-col gap-3">
            <h2 id="facts-heading" className="text-xl font-semibold text-fg">
              {t("instructions.before")}
            </h2>
            <dl className="grid grid-cols-1 gap-3 min-[450px]:grid-cols-2 lg:grid-cols-4">
              <Fact
                icon={<Clock />}
                label={t("instructions.timeLimit")}
                value={
                  <span data-testid="time-limit">
                    {data.timed ? t("duration.long", limit) : t("timer.noLimit")}
                    {data.timed && data.time_factor_percent && (
                      <span className="block text-sm font-normal text-fg-muted">
                        {t("timer.extraTime", {
                          factor: formatFactor(data.time_factor_percent, i18n.language),
                        })}
                      </span>
                    )}
                  </span>
                }
              />
              <Fact
                icon={<FileQuestion />}
                label={t("instructions.questions")}
                value={t("instructions.questionCount", { count: data.question_count })}
              />
              <Fact
                icon={<Target />}
                label={t("instructions.passMark")}
                value={`${data.pass_mark_percent}%`}
              />
              <Fact
                icon={<RotateCcw />}
                label={t("instructions.attempts")}
                value={<span data-testid="attempts-left">{attemptsText}</span>}
              />
            </dl>
          </section>

          {data.instructions && <p className="text-base whitespace-pre-line text-fg">{data.instructions}</p>}
          <ul className="flex flex-col gap-2 text-sm text-fg">
            {(
              [
                "rule1",
                "rule2",
                ...(data.timed ? (["rule3"] as const) : []),
                ...(data.timed && !data.is_paid ? (["ruleMoreTime"] as const) : []),
                data.is_paid ? "rulePaid" : "ruleFree",
              ] as const
            ).map((rule) => (
              <li key={rule} className="flex items-start gap-2">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                <span>{t(`instructions.${rule}`)}</span>
              </li>
            ))}
          </ul>

          {data.blocked_code === "locked" && (
            <Banner tone="warning" title={t("instructions.locked")}>
              <span data-testid="exam-locked">{data.blocked_reason}</span>
            </Banner>
          )}
          {data.blocked_code !== "locked" && data.blocked_reason && data.purchase && (
            <Banner
              tone="info"
              title={
                data.blocked_code === "buy_exam_again" ? t("instructions.usedUp") : t("instructions.buyFirst")
              }
            >
              {data.blocked_reason}
            </Banner>
          )}
          {data.blocked_code !== "locked" && data.blocked_reason && !data.purchase && (
            // Passed with every attempt used is an achievement, not a warning.
            <Banner tone={data.passed ? "success" : "warning"}>{data.blocked_reason}</Banner>
          )}

          <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center">
            {!inProgress && data.can_start && (
              <Button
                size="lg"
                loading={starting}
                onClick={() =>
                  data.is_paid
                    ? setConfirmOpen(true)
                    : void start().catch(reportUnexpected("starting a quiz"))
                }
                data-testid="start-quiz"
              >
                {!starting && <Play aria-hidden="true" className="size-4" />}
                {data.last_result ? t("instructions.startAgain") : t("instructions.start")}
              </Button>
            )}
            {/* A locked exam can still be bought ahead, when no attempt is left to use. */}
            {data.purchase &&
              !data.can_start &&
              !inProgress &&
              (data.blocked_code !== "locked" || data.attempts_left === 0) && (
                <Button
                  size="lg"
                  variant="accent"
                  onClick={() => buy(data.purchase!.cart_item)}
                  data-testid="buy-exam"
                >
                  <ShoppingCart aria-hidden="true" className="size-4" />
                  {data.blocked_code === "buy_exam_again"
                    ? t("instructions.buyAgain", { price })
                    : t("instructions.buy", { price })}
                </Button>
              )}
            {data.is_paid && (
              <p className="flex items-center gap-2 text-sm text-fg-muted">
                <Ticket aria-hidden="true" className="size-4" />
                {t("instructions.priceNote", { price, count: data.attempts_per_access ?? 2 })}
              </p>
            )}
          </div>
        </Card>

        {data.last_result && (
          <Card className="flex-col gap-3 p-5 sm:flex-row sm:items-center sm:p-6" data-testid="last-result">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <h2 className="text-base font-semibold text-fg">{t("instructions.lastResult")}</h2>
              <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
                <span className="text-xl font-semibold text-fg tabular-nums">
                  {data.last_result.score_percent}%
                </span>
                <Badge tone={data.last_result.passed ? "success" : "danger"}>
                  {data.last_result.passed ? t("result.passed") : t("result.failed")}
                </Badge>
                <span>{formatDateTime(data.last_result.submitted_at, language)}</span>
              </p>
            </div>
            <Button asChild variant="secondary">
              <Link to={attemptPath(courseId, owner, data.last_result.attempt_id)}>
                {t("instructions.viewResults")}
              </Link>
            </Button>
          </Card>
        )}
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        tone="primary"
        title={t("instructions.confirmTitle")}
        description={t("instructions.confirmText", {
          time: t("duration.long", limit),
          count: data.attempts_left ?? 0,
        })}
        confirmLabel={t("instructions.start")}
        cancelLabel={t("cancel")}
        onConfirm={start}
      />
    </>
  );
}

export default function QuizPage() {
  const { t } = useTranslation("quizzes");
  const params = useParams();
  // A kept-alive page re-renders with the current address while hidden: it stays on its own quiz.
  const [{ owner, courseId }] = useState(() => ({
    owner: ownerFromParams(params),
    courseId: Number(params.courseId) || 0,
  }));
  const instructions = useInstructions(owner);

  if (!owner)
    return (
      <QuizLoadError
        error={null}
        onRetry={() => {}}
        retrying={false}
        backTo={{ to: "/iu/courses", label: t("backToTitles") }}
      />
    );
  if (instructions.isPending) return <QuizSkeleton />;
  if (instructions.isError)
    return (
      <QuizLoadError
        error={instructions.error}
        onRetry={() => void instructions.refetch()}
        retrying={instructions.isFetching}
        backTo={
          owner.kind === "lecture"
            ? { to: `/iu/courses/${courseId}/lesson/${owner.id}`, label: t("backToLecture") }
            : { to: `/iu/courses/${courseId}`, label: t("backToTitle") }
        }
      />
    );
  return (
    <Container size="reading" className="py-6 sm:py-8">
      <Body data={instructions.data} courseId={courseId || instructions.data.course.id} owner={owner} />
    </Container>
  );
}
