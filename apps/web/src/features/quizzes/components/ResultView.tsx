/**
 * Passed or failed: the score against the pass mark, what to do next (retake, buy the exam again,
 * the next lecture, the module or level exam), then every question with the learner's answer and
 * whether it was right; the correct one and the explanation when the quiz's setting shows them.
 */
import type { AttemptResult, ExamCartItem } from "@aprendo/contract";
import { ArrowRight, Award, RotateCcw, ShoppingCart, TimerOff, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Banner, Button, Card, ProgressBar } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { dateLanguage, formatDateTime, formatMoney } from "../../../lib/format";
import { durationParts, quizPath } from "../logic";
import { ReviewQuestion } from "./ReviewQuestion";

type Props = {
  result: AttemptResult;
  onRetake: () => void;
  retaking: boolean;
  /** The exam access to buy again (from the instructions); null for free quizzes. */
  purchase: { cart_item: ExamCartItem; price_pence: number } | null;
  currency: string;
  onBuy: (item: ExamCartItem) => void;
};

function NextStepLink({ result }: { result: AttemptResult }) {
  const { t } = useTranslation("quizzes");
  const step = result.next_step;
  let to: string | null = null;
  let label = "";
  if (step.kind === "lecture" && step.lecture_id) {
    to = `/iu/courses/${step.course_id}/lesson/${step.lecture_id}`;
    label = t("result.nextLecture", { title: step.title });
  } else if (step.kind === "module_exam" && step.module_id) {
    to = quizPath(step.course_id, { kind: "module", id: step.module_id });
    label = t("result.nextModuleExam", { title: step.title });
  } else if (step.kind === "level_exam" && step.level_id) {
    to = quizPath(step.course_id, { kind: "level", id: step.level_id });
    label = t("result.nextLevelExam", { title: step.title });
  } else if (step.kind === "course_complete") {
    to = `/iu/courses/${step.course_id}`;
    label = t("result.backToTitle");
  }
  if (!to) return null;
  return (
    <Button asChild variant={result.passed ? "primary" : "secondary"} size="lg">
      <Link to={to} data-testid="next-step">
        {label}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </Button>
  );
}

export function ResultView({ result, onRetake, retaking, purchase, currency, onBuy }: Props) {
  const { t, i18n } = useTranslation("quizzes");
  const language = dateLanguage(i18n.language);
  const taken = durationParts(
    (new Date(result.submitted_at).getTime() - new Date(result.started_at).getTime()) / 1000,
  );
  const mustBuy = !result.can_retake && result.attempts_left === 0 && purchase !== null;
  const ownerPath = quizPath(result.course_id, result.owner);
  // The result replaces the questions (or arrives with the page): focus moves onto the outcome, which
  // is announced, instead of falling to the page's start (WCAG 2.4.3, 4.1.3).
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => outcome.current?.focus(), []);
  return (
    <div className="flex flex-col gap-6" data-testid="quiz-result">
      {result.message && (
        <Banner tone="warning" title={result.message}>
          {t("result.expiredText")}
        </Banner>
      )}
      <Card className="overflow-hidden">
        <div
          ref={outcome}
          tabIndex={-1}
          role="status"
          data-testid="result-outcome"
          className={cn(
            "flex flex-col items-center gap-3 px-6 py-8 text-center outline-none",
            result.passed ? "bg-success-soft" : "bg-danger-soft",
          )}
        >
          <div
            aria-hidden="true"
            className={cn(
              "flex size-16 items-center justify-center rounded-full",
              result.passed ? "bg-success text-success-fg" : "bg-danger text-danger-fg",
            )}
          >
            {result.status === "expired" && !result.passed ? (
              <TimerOff className="size-8" />
            ) : result.passed ? (
              <Award className="size-8" />
            ) : (
              <XCircle className="size-8" />
            )}
          </div>
          <h2 className="text-2xl font-semibold text-fg" data-testid="result-heading">
            {result.passed ? t("result.passed") : t("result.failed")}
          </h2>
          <p className="text-base text-fg">
            {result.passed
              ? t("result.passedText", { score: result.score_percent })
              : t("result.failedText", { score: result.score_percent, mark: result.pass_mark_percent })}
          </p>
        </div>
        <div className="flex flex-col gap-5 p-6">
          <div className="flex flex-col gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm font-medium text-fg">{t("result.score")}</span>
              <span className="text-3xl font-semibold text-fg tabular-nums" data-testid="result-score">
                {result.score_percent}%
              </span>
            </div>
            <ProgressBar
              value={result.score_percent}
              label={t("result.score")}
              valueText={`${result.score_percent}%`}
              tone={result.passed ? "success" : "accent"}
            />
            <p className="text-sm text-fg-muted">
              {t("result.passMark", { mark: result.pass_mark_percent })}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-fg-muted">{t("result.correct")}</dt>
              <dd className="text-base font-semibold text-fg tabular-nums">
                {t("result.correctOf", { correct: result.correct_count, count: result.question_count })}
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("result.points")}</dt>
              <dd className="text-base font-semibold text-fg tabular-nums">
                {Number(result.points.toFixed(2))} / {result.max_points}
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("result.timeTaken")}</dt>
              <dd className="text-base font-semibold text-fg tabular-nums">{t("duration.short", taken)}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("result.submittedAt")}</dt>
              <dd className="text-base font-semibold text-fg">
                {formatDateTime(result.submitted_at, language)}
              </dd>
            </div>
          </dl>
          {result.attempts_left !== null && (
            <p className="text-sm text-fg-muted">
              {t("result.attemptsLeft", { count: result.attempts_left })}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {result.can_retake && (
              <Button
                variant={result.passed ? "secondary" : "primary"}
                size="lg"
                onClick={onRetake}
                loading={retaking}
                data-testid="retake"
              >
                {!retaking && <RotateCcw aria-hidden="true" className="size-4" />}
                {t("result.retake")}
              </Button>
            )}
            {mustBuy && purchase && (
              <Button variant="accent" size="lg" onClick={() => onBuy(purchase.cart_item)}>
                <ShoppingCart aria-hidden="true" className="size-4" />
                {t("instructions.buyAgain", {
                  price: formatMoney(purchase.price_pence, i18n.language, currency),
                })}
              </Button>
            )}
            <NextStepLink result={result} />
            <Button asChild variant="ghost" size="lg">
              <Link to={ownerPath}>{t("result.backToInstructions")}</Link>
            </Button>
          </div>
        </div>
      </Card>
      <section aria-labelledby="review-heading" className="flex flex-col gap-4">
        <h2 id="review-heading" className="text-xl font-semibold text-fg">
          {t("result.review")}
        </h2>
        {result.answers_note && (
          <Banner tone="info" title={t("result.answersHidden")}>
            <span data-testid="answers-note">{result.answers_note}</span>
          </Banner>
        )}
        {result.questions.map((question, index) => (
          <ReviewQuestion key={question.id} question={question} number={index + 1} />
        ))}
      </section>
    </div>
  );
}
