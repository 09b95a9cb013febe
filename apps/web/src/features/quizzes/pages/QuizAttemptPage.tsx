/**
 * …/quiz/attempt?id=N: one attempt, from in progress to evaluating to passed or failed.
 * In progress: one question at a time with the question list, answers saved as they are given
 * (PUT per answer, typed words after a short pause) with a saved indicator, and the timer counting
 * against the server's deadline (re-synced on focus, reload and every save; it keeps running on the
 * server when the learner leaves). Leaving warns that navigating away is not allowed; cancelling
 * asks whether to terminate (= submit). At zero the attempt is submitted ("Quiz timer has expired").
 * Submitted: the result with every question reviewed, retake, buy again or the next step.
 */
import type { AttemptResult, QuestionView, QuizAnswer } from "@aprendo/contract";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Check, CloudOff, Send, X } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useBlocker, useNavigate, useParams, useSearchParams } from "react-router";
import { Badge, Button, Card, ConfirmDialog, Container, ProgressBar, Spinner } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { ApiError } from "../../../lib/http";
import { showError, showInfo } from "../../../lib/toast";
import { useStickyBar } from "../../shell/stickyTop";
import {
  extendAttempt,
  type LoadedAttempt,
  quizKeys,
  saveAnswer,
  startAttempt,
  submitAttempt,
  useAttempt,
  useInstructions,
  useResult,
} from "../api";
import { useBuyExam } from "../cart";
import { QuestionControls, SaveStatus } from "../components/QuestionControls";
import { QuizCrumbs, QuizLoadError, QuizSkeleton } from "../components/QuizFrame";
import { QuizTimer } from "../components/QuizTimer";
import { ResultView } from "../components/ResultView";
import { attemptPath, isAnswered, localDeadline, ownerFromParams, quizPath, withBlanks } from "../logic";

type SaveState = "idle" | "saving" | "saved" | "error";

/** Saves answers as given: one request at a time per question, the newest answer always wins. */
function useAnswerSaver(attemptId: number, onSaved: (remaining: number) => void, onClosed: () => void) {
  const [states, setStates] = useState<Record<number, SaveState>>({});
  const pending = useRef(new Map<number, QuizAnswer>());
  const chains = useRef(new Map<number, Promise<void>>());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const callbacks = useRef({ onSaved, onClosed });
  callbacks.current = { onSaved, onClosed };
  const setState = useCallback(
    (id: number, state: SaveState) => setStates((all) => ({ ...all, [id]: state })),
    [],
  );

  const flush = useCallback(
    (questionId: number): Promise<void> => {
      const timer = timers.current.get(questionId);
      if (timer) clearTimeout(timer);
      timers.current.delete(questionId);
      const previous = chains.current.get(questionId) ?? Promise.resolve();
      const next = previous.then(async () => {
        const answer = pending.current.get(questionId);
        if (!answer) return;
        pending.current.delete(questionId);
        setState(questionId, "saving");
        try {
          const saved = await saveAnswer(attemptId, questionId, answer);
          if (!pending.current.has(questionId)) setState(questionId, "saved");
          callbacks.current.onSaved(saved.remaining_seconds);
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            // Over on the server (time is up, or submitted elsewhere): show the result.
            callbacks.current.onClosed();
            return;
          }
          if (!pending.current.has(questionId)) pending.current.set(questionId, answer);
          setState(questionId, "error");
          showError(error);
        }
      });
      chains.current.set(questionId, next);
      return next;
    },
    [attemptId, setState],
  );

  const save = useCallback(
    (questionId: number, answer: QuizAnswer, delayMs = 0) => {
      pending.current.set(questionId, answer);
      const timer = timers.current.get(questionId);
      if (timer) clearTimeout(timer);
      if (delayMs > 0) {
        setState(questionId, "saving");
        timers.current.set(
          questionId,
          setTimeout(() => void flush(questionId), delayMs),
        );
      } else void flush(questionId);
    },
    [flush, setState],
  );

  /** Sends everything not yet saved and waits for it (before submitting). */
  const flushAll = useCallback(async () => {
    const ids = new Set([...pending.current.keys(), ...timers.current.keys()]);
    await Promise.allSettled([...ids].map((id) => flush(id)));
    await Promise.allSettled([...chains.current.values()]);
  }, [flush]);

  // Typed words waiting for their pause are sent when the page goes away.
  useEffect(() => () => void flushAll(), [flushAll]);

  const unsaved = Object.values(states).filter((s) => s === "error").length;
  const saving = Object.values(states).some((s) => s === "saving");
  return { states, save, flush, flushAll, unsaved, saving };
}

function QuestionList({
  questions,
  answers,
  current,
  onGo,
}: {
  questions: QuestionView[];
  answers: Record<string, QuizAnswer>;
  current: number;
  onGo: (index: number) => void;
}) {
  const { t } = useTranslation("quizzes");
  return (
    <nav aria-label={t("attempt.questionList")}>
      <ol className="flex gap-2 overflow-x-auto pb-1 lg:grid lg:grid-cols-5 lg:overflow-visible">
        {questions.map((question, index) => {
          const answered = isAnswered(answers[String(question.id)]);
          const here = index === current;
          return (
            <li key={question.id} className="shrink-0">
              <button
                type="button"
                onClick={() => onGo(index)}
                aria-current={here ? "step" : undefined}
                aria-label={t(answered ? "attempt.goAnswered" : "attempt.goUnanswered", {
                  number: index + 1,
                })}
                className={cn(
                  "relative flex size-11 items-center justify-center rounded-md border text-sm font-semibold tabular-nums transition-colors duration-150 focus-ring lg:size-10",
                  answered
                    ? "border-primary bg-primary text-primary-fg hover:bg-primary-hover"
                    : "border-border-strong bg-surface text-fg hover:bg-surface-muted",
                  here && "ring-2 ring-ring ring-offset-2 ring-offset-background",
                )}
              >
                {index + 1}
                {answered && (
                  <Check
                    aria-hidden="true"
                    className="absolute -top-1.5 -right-1.5 size-4 rounded-full bg-success p-0.5 text-success-fg"
                  />
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The bar with the clock: under the top bar from tablets, at the bottom of phones (always in reach).
 * It publishes its height for the page's scroll padding, so Tab never leaves a control under it.
 */
function ClockBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useStickyBar(bar);
  return (
    <div
      ref={bar}
      data-sticky-bar
      className="fixed inset-x-0 bottom-[var(--cookie-inset,0px)] z-20 border-t border-border bg-surface/95 px-4 py-2 shadow-lg backdrop-blur md:sticky md:top-[var(--sticky-top)] md:bottom-auto md:rounded-lg md:border md:px-4 md:py-3 md:shadow-sm"
    >
      {children}
    </div>
  );
}

function Runner({
  attempt,
  onFinished,
}: {
  attempt: LoadedAttempt;
  onFinished: (result: AttemptResult) => void;
}) {
  const { t } = useTranslation("quizzes");
  const client = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, QuizAnswer>>(() => attempt.answers);
  const [index, setIndex] = useState(() => {
    const first = attempt.questions.findIndex((q) => !isAnswered(attempt.answers[String(q.id)]));
    return Math.max(first, 0);
  });
  const [deadline, setDeadline] = useState(() =>
    localDeadline(attempt.remaining_seconds, attempt.received_at),
  );
  const [phase, setPhase] = useState<"running" | "evaluating">("running");
  const [extensionsLeft, setExtensionsLeft] = useState(attempt.extensions_left);
  const [asking, setAsking] = useState(false);
  const [terminateOpen, setTerminateOpen] = useState(false);
  const [submitOpen, setSubmitOpen] = useState(false);
  const finishing = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Each fresh read of the attempt (focus, reload) re-syncs the clock with the server.
  useEffect(() => {
    setDeadline(localDeadline(attempt.remaining_seconds, attempt.received_at));
    setExtensionsLeft(attempt.extensions_left);
  }, [attempt.remaining_seconds, attempt.received_at, attempt.extensions_left]);

  // "5 more minutes": the server moves the deadline; the clock follows its answer.
  const askMoreTime = async () => {
    setAsking(true);
    try {
      const extended = await extendAttempt(attempt.id);
      setDeadline(localDeadline(extended.remaining_seconds, Date.now()));
      setExtensionsLeft(extended.extensions_left);
      showInfo(t("timer.moreTimeGiven"));
    } catch (error) {
      showError(error);
    } finally {
      setAsking(false);
    }
  };

  const finishRef = useRef<(reason: "learner" | "timeout" | "closed") => Promise<void>>(async () => {});
  const saver = useAnswerSaver(
    attempt.id,
    (remaining) => setDeadline(localDeadline(remaining, Date.now())),
    () => void finishRef.current("closed"),
  );

  const finish = useCallback(
    async (reason: "learner" | "timeout" | "closed") => {
      if (finishing.current) return;
      finishing.current = true;
      setPhase("evaluating");
      if (reason === "timeout") showInfo(t("attempt.timeUp"));
      try {
        if (reason !== "closed") await saver.flushAll();
        const result = await submitAttempt(attempt.id);
        void client.invalidateQueries({ queryKey: ["quizzes", "instructions"] });
        void client.invalidateQueries({ queryKey: ["learning"] });
        void client.invalidateQueries({ queryKey: ["catalog"] });
        onFinished(result);
      } catch (error) {
        showError(error);
        finishing.current = false;
        setPhase("running");
      }
    },
    [attempt.id, client, onFinished, saver, t],
  );
  finishRef.current = finish;

  // Leaving while the quiz runs: the warning of spec section 8, inside the app and when closing the tab.
  const running = phase === "running";
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      running &&
      !finishing.current &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [running]);

  const questions = attempt.questions;
  const question = questions[index];
  const answeredNow = questions.filter((q) => isAnswered(answers[String(q.id)])).length;
  const unanswered = questions.length - answeredNow;

  const change = (q: QuestionView, answer: QuizAnswer, options?: { typing?: boolean }) => {
    setAnswers((all) => ({ ...all, [String(q.id)]: answer }));
    saver.save(q.id, answer, options?.typing ? 700 : 0);
  };

  const go = (next: number) => {
    if (question) void saver.flush(question.id);
    setIndex(Math.min(Math.max(0, next), questions.length - 1));
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  if (phase === "evaluating")
    return (
      <Card className="items-center gap-4 px-6 py-16 text-center" data-testid="evaluating">
        <Spinner size="lg" />
        <h2 className="text-xl font-semibold text-fg">{t("attempt.evaluating")}</h2>
        <p role="status" className="text-sm text-fg-muted">
          {t("attempt.evaluatingText")}
        </p>
      </Card>
    );
  if (!question) return null;

  const saveSummary =
    saver.unsaved > 0 ? "error" : saver.saving ? "saving" : answeredNow > 0 ? "saved" : "idle";
  const labelId = `question-text-${question.id}`;

  return (
    <div className="flex flex-col gap-4 pb-28 md:pb-0">
      <ClockBar>
        <div className="flex items-center gap-3">
          <QuizTimer
            deadline={deadline}
            onExpire={() => void finish("timeout")}
            timed={attempt.timed}
            factorPercent={attempt.time_factor_percent}
            extensionsLeft={extensionsLeft}
            onMoreTime={() => void askMoreTime()}
            asking={asking}
          />
          <div className="hidden min-w-0 flex-1 md:block">
            <ProgressBar
              value={answeredNow}
              max={questions.length}
              label={t("attempt.progressLabel")}
              valueText={t("attempt.answeredOf", { answered: answeredNow, count: questions.length })}
              size="sm"
            />
          </div>
          <p className="flex-1 text-sm text-fg-muted tabular-nums md:flex-none">
            {/* A phone's bar keeps the clock and "5 min more" on one row: the count shrinks to "1/4". */}
            <span className="max-sm:sr-only">
              {t("attempt.answeredOf", { answered: answeredNow, count: questions.length })}
            </span>
            <span className="sm:hidden" aria-hidden="true">
              {answeredNow}/{questions.length}
            </span>
          </p>
          <span className="hidden text-sm sm:inline" aria-hidden="true">
            {saveSummary === "saving" && <span className="text-fg-muted">{t("attempt.saving")}</span>}
            {saveSummary === "saved" && <span className="text-success">{t("attempt.allSaved")}</span>}
            {saveSummary === "error" && (
              <span className="flex items-center gap-1 text-danger">
                <CloudOff className="size-4" />
                {t("attempt.someNotSaved")}
              </span>
            )}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setTerminateOpen(true)} data-testid="cancel-quiz">
            <X aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t("attempt.cancel")}</span>
            <span className="sr-only sm:hidden">{t("attempt.cancel")}</span>
          </Button>
        </div>
      </ClockBar>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_15rem] lg:items-start">
        <Card className="gap-5 p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-fg-muted">
              {t("attempt.questionOf", { number: index + 1, count: questions.length })}
            </p>
            <Badge tone="neutral">{t(`types.${question.type}`)}</Badge>
          </div>
          <h2
            id={labelId}
            ref={headingRef}
            tabIndex={-1}
            // The sentence of a missing-word question is shown once, with its gaps, just below.
            className={cn(
              "text-xl font-semibold text-fg outline-none",
              question.type === "missing_word" && "sr-only",
            )}
            data-testid="question-text"
          >
            {question.type === "missing_word" ? withBlanks(question.text) : question.text}
          </h2>
          <QuestionControls
            key={question.id}
            question={question}
            answer={answers[String(question.id)]}
            onChange={(answer, options) => change(question, answer, options)}
            labelId={labelId}
          />
          <SaveStatus
            state={saver.states[question.id] ?? "idle"}
            onRetry={() => void saver.flush(question.id)}
          />
          <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={() => go(index - 1)} disabled={index === 0}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t("attempt.previous")}
            </Button>
            {index < questions.length - 1 ? (
              <Button onClick={() => go(index + 1)} data-testid="next-question">
                {t("attempt.next")}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Button>
            ) : (
              <Button onClick={() => setSubmitOpen(true)} data-testid="submit-quiz">
                <Send aria-hidden="true" className="size-4" />
                {t("attempt.submit")}
              </Button>
            )}
          </div>
        </Card>
        <Card className="gap-3 p-4 lg:sticky lg:top-36">
          <h2 className="text-sm font-semibold text-fg">{t("attempt.questionList")}</h2>
          <QuestionList questions={questions} answers={answers} current={index} onGo={go} />
          <Button variant="secondary" onClick={() => setSubmitOpen(true)} className="mt-1">
            <Send aria-hidden="true" className="size-4" />
            {t("attempt.submit")}
          </Button>
        </Card>
      </div>

      <ConfirmDialog
        open={submitOpen}
        onOpenChange={setSubmitOpen}
        tone="primary"
        title={t("attempt.submitTitle")}
        description={
          unanswered > 0 ? t("attempt.submitUnanswered", { count: unanswered }) : t("attempt.submitAll")
        }
        confirmLabel={t("attempt.submit")}
        cancelLabel={t("attempt.keepGoing")}
        onConfirm={() => {
          setSubmitOpen(false);
          void finish("learner");
        }}
      />
      <ConfirmDialog
        open={terminateOpen}
        onOpenChange={setTerminateOpen}
        title={t("attempt.terminateTitle")}
        description={t("attempt.terminateText")}
        confirmLabel={t("attempt.terminate")}
        cancelLabel={t("attempt.keepGoing")}
        onConfirm={() => {
          setTerminateOpen(false);
          void finish("learner");
        }}
      />
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
        title={t("attempt.leaveTitle")}
        description={t("attempt.leaveText")}
        confirmLabel={t("attempt.terminateAndLeave")}
        cancelLabel={t("attempt.keepGoing")}
        onConfirm={async () => {
          const target = blocker;
          await finish("learner");
          if (target.state === "blocked") target.proceed();
        }}
      />
    </div>
  );
}

export default function QuizAttemptPage() {
  const { t, i18n } = useTranslation("quizzes");
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const buy = useBuyExam();
  // Kept-alive pages (the last five) re-render with the current address while hidden: this page
  // stays on the attempt it opened with, so each attempt keeps its own page.
  const [{ owner, courseId, attemptId }] = useState(() => ({
    owner: ownerFromParams(params),
    courseId: Number(params.courseId) || 0,
    attemptId: Number(search.get("id")) || 0,
  }));
  const language = i18n.language === "es" ? "es" : "en";
  const attempt = useAttempt(attemptId);
  const closed = attempt.data !== undefined && attempt.data.status !== "in_progress";
  const result = useResult(attemptId, closed);
  // The instructions name the title (breadcrumbs) and carry the exam to buy again.
  const instructions = useInstructions(owner);
  const [retaking, setRetaking] = useState(false);

  const onFinished = useCallback(
    (finished: AttemptResult) => {
      client.setQueryData(quizKeys.result(finished.attempt_id, language), finished);
      client.setQueryData<LoadedAttempt>(quizKeys.attempt(finished.attempt_id, language), (current) =>
        current ? { ...current, status: finished.status, remaining_seconds: 0 } : current,
      );
      window.scrollTo({ top: 0 });
    },
    [client, language],
  );

  const retake = async () => {
    if (!owner) return;
    setRetaking(true);
    try {
      const next = await startAttempt(owner);
      client.setQueryData(quizKeys.attempt(next.id, language), { ...next, received_at: Date.now() });
      void client.invalidateQueries({ queryKey: ["quizzes", "instructions"] });
      navigate(attemptPath(courseId, owner, next.id), { replace: true });
    } catch (error) {
      showError(error);
      void client.invalidateQueries({ queryKey: ["quizzes", "instructions"] });
    } finally {
      setRetaking(false);
    }
  };

  const heading = useMemo(
    () => attempt.data?.title ?? instructions.data?.title ?? t("title"),
    [attempt.data, instructions.data, t],
  );

  if (!owner) return <Navigate to="/404" replace />;
  const back = { to: quizPath(courseId, owner), label: t("backToInstructions") };

  // No attempt named: resume the one in progress, else go to the instructions.
  if (attemptId === 0) {
    if (instructions.isPending) return <QuizSkeleton />;
    const running = instructions.data?.in_progress;
    return (
      <Navigate
        to={running ? attemptPath(courseId, owner, running.attempt_id) : quizPath(courseId, owner)}
        replace
      />
    );
  }
  if (attempt.isPending) return <QuizSkeleton />;
  if (attempt.isError)
    return (
      <QuizLoadError
        error={attempt.error}
        onRetry={() => void attempt.refetch()}
        retrying={attempt.isFetching}
        backTo={back}
      />
    );
  const data = attempt.data;

  return (
    <Container size="page" className="max-w-5xl py-6 sm:py-8">
      <header className="flex flex-col gap-2 pb-6">
        <QuizCrumbs
          courseId={courseId}
          courseTitle={instructions.data?.course.title}
          owner={owner}
          ownerTitle={data.owner.title}
        />
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{heading}</h1>
        <p className="text-sm text-fg-muted">
          {t(`kinds.${data.kind}`)} · {data.owner.title}
        </p>
      </header>
      {!closed && <Runner key={data.id} attempt={data} onFinished={onFinished} />}
      {closed && result.isPending && (
        <Card className="items-center gap-4 px-6 py-16 text-center" data-testid="evaluating">
          <Spinner size="lg" />
          <p role="status" className="text-base font-semibold text-fg">
            {t("attempt.evaluating")}
          </p>
        </Card>
      )}
      {closed && result.isError && (
        <QuizLoadError
          error={result.error}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
          backTo={back}
        />
      )}
      {closed && result.data && (
        <ResultView
          result={result.data}
          onRetake={() => void retake()}
          retaking={retaking}
          purchase={instructions.data?.purchase ?? null}
          currency={instructions.data?.currency ?? "GBP"}
          onBuy={(item) => buy(item)}
        />
      )}
    </Container>
  );
}
