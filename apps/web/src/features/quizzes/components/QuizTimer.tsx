/**
 * The attempt's clock, counting against the server's deadline (converted once to this device's
 * clock when the server answered; re-synced by the page on focus, reload and every save). It says
 * the time left in mm:ss, warns in the last minute, and calls `onExpire` once when it reaches zero.
 */
import { Clock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { clockTone, formatClock, secondsLeft } from "../logic";

export function QuizTimer({ deadline, onExpire }: { deadline: number; onExpire: () => void }) {
  const { t } = useTranslation("quizzes");
  const [now, setNow] = useState(() => Date.now());
  const expire = useRef(onExpire);
  expire.current = onExpire;
  const fired = useRef(false);

  useEffect(() => {
    const handle = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(handle);
  }, []);

  const left = secondsLeft(deadline, now);
  useEffect(() => {
    if (left > 0) fired.current = false;
    else if (!fired.current) {
      fired.current = true;
      expire.current();
    }
  }, [left]);

  // Screen readers hear the clock only at a few moments, not every second.
  const announcement = left === 60 ? t("timer.oneMinute") : left === 10 ? t("timer.tenSeconds") : null;
  const [spoken, setSpoken] = useState("");
  useEffect(() => {
    if (announcement) setSpoken(announcement);
  }, [announcement]);

  const tone = clockTone(left);
  return (
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
      <span className="sr-only" aria-live="assertive">
        {spoken}
      </span>
    </div>
  );
}
