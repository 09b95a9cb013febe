import { useCallback, useEffect, useState } from "react";

/** Seconds left until a deadline, ticking every second; `restart(n)` sets a new wait. */
export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  const restart = useCallback((next: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(at + next * 1000);
  }, []);

  return { seconds, restart };
}

/** 75 -> "1:15". */
export function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}
