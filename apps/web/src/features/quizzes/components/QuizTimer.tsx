/**
 * The attempt's clock, counting against the server's deadline (converted once to this device's
 * clock when the server answered; re-synced by the page on focus, reload and every save). It says
 * the time left in mm:ss, shows the learner's extra time (accommodation), and calls `onExpire` once
 * when it reaches zero. Screen readers hear it only twice (WCAG 2.2.1): at two minutes and at thirty
 * seconds, each once, even when a re-sync jumps over the exact second. In a practice quiz the
 * learner can ask for more time (`onMoreTime`, shown while `extensionsLeft` > 0). An untimed
 * attempt shows "No time limit" and never expires here (the server closes it after a day).
 */
import { Clock, Infinity as NoLimit, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { clockTone, formatClock, formatFactor, secondsLeft, warningDue } from "../logic";

export function QuizTimer({
  deadline,
  onExpire,
  timed = true,
  factorPercent = null,
  extensionsLeft = null,
  onMoreTime,
  asking = false,
}: {
  deadline: number;
  onExpire: () => void;
  timed?: boolean;
  factorPercent?: number | null;
  extensionsLeft?: number | null;
  onMoreTime?: () => void;
  asking?: boolean;
}) {
  const { t, i18n } = useTranslation("quizzes");
  const [now, setNow] = useState(() => Date.now());
  const expire = useRef(onExpire);
  expire.current = onExpire;
  const fired = useRef(false);
  const warned = useRef(new Set<number>());

  useEffect(() => {
    if (!timed) return;
    const handle = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(handle);
  }, [timed]);

  const left = secondsLeft(deadline, now);
  useEffect(() => {
    if (!timed) return;
    if (left > 0) fired.current = false;
    else if (!fired.current) {
      fired.current = true;
      expire.current();
    }
  }, [left, timed]);

  const [spoken, setSpoken] = useState("");
  useEffect(() => {
    if (!timed) return;
    const due = warningDue(left, warned.current);
    if (due === null) return;
    warned.current.add(due);
    setSpoken(t(due === 120 ? "timer.twoMinutes" : "timer.thirtySeconds"));
  }, [left, timed, t]);
  // More time given: the warnings may be heard again before the new end.
  useEffect(() => {
    if (left > 120) warned.current.clear();
  }, [left]);

  if (!timed)
    return (
      <div
        className="flex items-center gap-2 rounded-full border border-border-strong bg-surface px-3 py-1.5 font-semibold text-fg"
        data-testid="quiz-untimed"
      >
        <NoLimit aria-hidden="true" className="size-4" />
        <span className="text-sm">{t("timer.noLimit")}</span>
      </div>
    );

  const tone = clockTone(left);
  const factor = factorPercent ? formatFactor(factorPercent, i18n.language) : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div
        className={cn(
          "flex items-center gap-2 rounded-full border px-3 py-1.5 font-semibold tabular-nums transition-colors duration-150",
          tone === "normal" && "border-border-strong bg-surface text-fg",
          tone === "warning" && "border-warning/40 bg-warning-soft text-warning",
          tone === "danger" && "border-danger/40 bg-danger-soft text-danger motion-safe:animate-pulse",
        )}
      >
        <Clock aria-hidden="true" className="size-4" />
        <span className="sr-only">{t("timer.label")}</span>
        <span role="timer" aria-live="off" className="text-base" data-testid="quiz-timer">
          {formatClock(left)}
        </span>
        {factor && (
          <span
            className="rounded-full bg-primary-soft px-1.5 text-xs font-semibold text-primary"
            data-testid="quiz-extra-time"
          >
            <span aria-hidden="true">{factor}</span>
            <span className="sr-only">{t("timer.extraTime", { factor })}</span>
          </span>
        )}
        <span className="sr-only" aria-live="assertive" data-testid="quiz-timer-warning">
          {spoken}
        </span>
      </div>
      {onMoreTime && (extensionsLeft ?? 0) > 0 && left > 0 && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onMoreTime}
          loading={asking}
          aria-label={t("timer.moreTimeLabel", { count: extensionsLeft ?? 0 })}
          data-testid="quiz-more-time"
        >
          <Plus aria-hidden="true" className="size-4" />
          {/* Short on phones, so the clock's bar stays one row; the name starts with the visible words. */}
          <span className="max-sm:hidden">{t("timer.moreTime")}</span>
          <span className="sm:hidden">{t("timer.moreTimeShort")}</span>
        </Button>
      )}
    </div>
  );
}
