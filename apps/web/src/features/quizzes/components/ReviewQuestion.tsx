/**
 * A question after submission (results) or in the author's preview: the learner's answer beside the
 * correct one, part by part for gaps and links, and the explanation. Everything shown here came
 * from the server's result; nothing is graded in the browser. While the quiz's setting hides the
 * correct answers (an exam with attempts ahead), the server sends none: the learner sees only
 * whether each question was right and what they answered.
 */
import type { QuestionView, QuizAnswer } from "@aprendo/contract";
import { ArrowRight, CircleCheck, CircleMinus, CircleX, Lightbulb } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge, Card, Content } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { withBlanks } from "../logic";

export type ReviewedQuestion = QuestionView & {
  /** Null while the correct answers are hidden (then the explanation is null too). */
  correct_answer: { answer: QuizAnswer; accepted?: Record<string, string[]> } | null;
  explanation: string | null;
  /** Results only (absent in the author's preview). */
  given?: QuizAnswer | null;
  correct?: boolean;
  points?: number;
  parts?: Array<{ id: string; correct: boolean }>;
};

type Verdict = "correct" | "partial" | "wrong" | "unanswered";

function verdictOf(question: ReviewedQuestion): Verdict | null {
  if (question.correct === undefined) return null;
  if (question.correct) return "correct";
  if (!question.given) return "unanswered";
  return (question.points ?? 0) > 0 ? "partial" : "wrong";
}

const verdictLook = {
  correct: { tone: "success", icon: CircleCheck },
  partial: { tone: "warning", icon: CircleMinus },
  wrong: { tone: "danger", icon: CircleX },
  unanswered: { tone: "neutral", icon: CircleMinus },
} as const;

function Mark({ ok }: { ok: boolean }) {
  const { t } = useTranslation("quizzes");
  return ok ? (
    <CircleCheck aria-label={t("review.right")} className="size-5 shrink-0 text-success" />
  ) : (
    <CircleX aria-label={t("review.wrong")} className="size-5 shrink-0 text-danger" />
  );
}

/** The learner's part of an answer, marked right or wrong (null: not told, answers hidden). */
function Given({ ok, text }: { ok: boolean | null; text: string }) {
  const { t } = useTranslation("quizzes");
  if (ok === null)
    return (
      <span className="flex items-center gap-1.5 text-fg">
        <span className="text-fg-muted">{t("review.yourAnswer")}:</span>
        <span>{text}</span>
      </span>
    );
  return (
    <span className="flex items-center gap-1.5">
      <Mark ok={ok} />
      <span className={cn(ok ? "text-fg" : "text-danger line-through")}>{text}</span>
    </span>
  );
}

function ChoiceReview({ question, showGiven }: { question: ReviewedQuestion; showGiven: boolean }) {
  const { t } = useTranslation("quizzes");
  const answer = question.correct_answer?.answer;
  const correctIds =
    answer?.type === "single" ? [answer.option_id] : answer?.type === "multiple" ? answer.option_ids : [];
  // Hidden answers: a chosen option is only "your answer", neither right nor wrong on its own.
  const hidden = question.correct_answer === null;
  const given = question.given;
  const chosenIds =
    given?.type === "single" ? [given.option_id] : given?.type === "multiple" ? given.option_ids : [];
  return (
    <ul className="flex flex-col gap-2">
      {(question.options ?? []).map((option) => {
        const isCorrect = correctIds.includes(option.id);
        const isChosen = showGiven && chosenIds.includes(option.id);
        return (
          <li
            key={option.id}
            className={cn(
              "flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm",
              isCorrect
                ? "border-success/40 bg-success-soft"
                : isChosen
                  ? hidden
                    ? "border-info/40 bg-info-soft"
                    : "border-danger/40 bg-danger-soft"
                  : "border-border",
            )}
          >
            {isCorrect ? (
              <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
            ) : isChosen && !hidden ? (
              <CircleX aria-hidden="true" className="size-4 shrink-0 text-danger" />
            ) : (
              <span aria-hidden="true" className="size-4 shrink-0" />
            )}
            <Content lang={option.lang} className="min-w-0 flex-1 text-fg">
              {option.text}
            </Content>
            {isChosen && (
              <Badge tone={isCorrect ? "success" : hidden ? "info" : "danger"}>
                {t("review.yourAnswer")}
              </Badge>
            )}
            {isCorrect && <Badge tone="success">{t("review.correctAnswer")}</Badge>}
          </li>
        );
      })}
    </ul>
  );
}

function GapReview({ question, showGiven }: { question: ReviewedQuestion; showGiven: boolean }) {
  const { t } = useTranslation("quizzes");
  const correct =
    question.correct_answer?.answer.type === "missing_word" ? question.correct_answer.answer.gaps : {};
  const hidden = question.correct_answer === null;
  const given = question.given?.type === "missing_word" ? question.given.gaps : {};
  const parts = new Map((question.parts ?? []).map((part) => [part.id, part.correct]));
  return (
    <ul className="flex flex-col gap-2">
      {(question.gaps ?? []).map((gap) => {
        const textOf = (value: string | undefined) =>
          gap.mode === "choose" ? (gap.options?.find((o) => o.id === value)?.text ?? value) : value;
        const right =
          gap.mode === "type"
            ? (question.correct_answer?.accepted?.[gap.id] ?? [correct[gap.id] ?? ""]).join(" / ")
            : textOf(correct[gap.id]);
        const mine = given[gap.id];
        const ok = parts.get(gap.id) ?? false;
        return (
          <li
            key={gap.id}
            className="flex flex-col gap-1 rounded-md border border-border px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-3"
          >
            <span className="font-medium text-fg">{t("question.gap", { number: gap.id })}</span>
            {showGiven && (
              <Given ok={hidden ? null : ok} text={mine ? (textOf(mine) ?? "") : t("review.noAnswer")} />
            )}
            {!hidden && (!showGiven || !ok) && (
              <span className="flex items-center gap-1.5 text-fg">
                <span className="text-fg-muted">{t("review.correctIs")}</span>
                <strong className="font-semibold text-success">{right}</strong>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function LinkReview({ question, showGiven }: { question: ReviewedQuestion; showGiven: boolean }) {
  const { t } = useTranslation("quizzes");
  const correct =
    question.correct_answer?.answer.type === "word_linking" ? question.correct_answer.answer.matches : {};
  const hidden = question.correct_answer === null;
  const given = question.given?.type === "word_linking" ? question.given.matches : {};
  const parts = new Map((question.parts ?? []).map((part) => [part.id, part.correct]));
  const rightText = (id: string | undefined) => question.right?.find((r) => r.id === id)?.text ?? "";
  return (
    <ul className="flex flex-col gap-2">
      {(question.left ?? []).map((item) => {
        const ok = parts.get(item.id) ?? false;
        const mine = given[item.id];
        return (
          <li
            key={item.id}
            className="flex flex-col gap-1 rounded-md border border-border px-3 py-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-3"
          >
            <Content lang={item.lang} className="font-medium text-fg">
              {item.text}
            </Content>
            <ArrowRight aria-hidden="true" className="hidden size-4 text-fg-muted sm:block" />
            {showGiven && (
              <Given ok={hidden ? null : ok} text={mine ? rightText(mine) : t("review.noAnswer")} />
            )}
            {!hidden && (!showGiven || !ok) && (
              <span className="flex items-center gap-1.5">
                <span className="text-fg-muted">{t("review.correctIs")}</span>
                <strong className="font-semibold text-success">{rightText(correct[item.id])}</strong>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function ReviewQuestion({ question, number }: { question: ReviewedQuestion; number: number }) {
  const { t } = useTranslation("quizzes");
  const verdict = verdictOf(question);
  const showGiven = verdict !== null;
  const look = verdict ? verdictLook[verdict] : null;
  const headingId = `review-${question.id}`;
  return (
    <Card asChild className="gap-4 p-4 sm:p-6">
      <article aria-labelledby={headingId} data-testid="review-question">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col gap-1">
            <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {t("review.questionNumber", { number })} · {t(`types.${question.type}`)}
            </p>
            <h3 id={headingId} className="text-base font-semibold text-fg">
              {question.type === "missing_word" ? withBlanks(question.text) : question.text}
            </h3>
          </div>
          {look && verdict && (
            <Badge tone={look.tone}>
              <look.icon aria-hidden="true" />
              {verdict === "partial"
                ? t("review.partial", { percent: Math.round((question.points ?? 0) * 100) })
                : t(`review.${verdict}`)}
            </Badge>
          )}
        </header>
        {(question.type === "single" || question.type === "multiple") && (
          <ChoiceReview question={question} showGiven={showGiven} />
        )}
        {question.type === "missing_word" && <GapReview question={question} showGiven={showGiven} />}
        {question.type === "word_linking" && <LinkReview question={question} showGiven={showGiven} />}
        {question.explanation && (
          <div className="flex gap-3 rounded-md border border-info/30 bg-info-soft px-3 py-2 text-sm text-fg">
            <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
            <p>
              <span className="sr-only">{t("review.explanation")}: </span>
              {question.explanation}
            </p>
          </div>
        )}
      </article>
    </Card>
  );
}
