/**
 * Watched-time reporting of the lecture video: honest ranges (skips are not in them) go to the
 * server every ~10 s while playing and on pause and end. The server credits watched time no faster
 * than real time at the fastest speed offered (2x, `catalogLimits.maxPlaybackRate`), so the player
 * never plays faster, and when a report comes back with seconds left uncredited (the lecture view's
 * budget, e.g. after the page was reopened while playing) it keeps those ranges and sends them
 * again with the next report, paused or not.
 */
import { catalogLimits, type ProgressResult } from "@aprendo/contract";
import { type RefObject, useCallback, useEffect, useRef } from "react";
import { isSilentError } from "../../../../lib/http";
import { reportProgress } from "../../api";
import { WatchTracker } from "../../progress";

/** How often a playing video reports (catalogLimits.progressReportSeconds). */
export const REPORT_EVERY_MS = 10_000;

export function useWatchReports(
  ref: RefObject<HTMLVideoElement | null>,
  {
    lectureId,
    tracked,
    onResult,
  }: { lectureId: number; tracked: boolean; onResult: (r: ProgressResult) => void },
) {
  const tracker = useRef(new WatchTracker());
  const busy = useRef(false);
  const again = useRef(false);
  /** The server left some reported seconds uncredited: they are kept and reported again. */
  const pending = useRef(false);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  /** Sends what was watched; one report at a time, a request made meanwhile follows it. */
  const flush = useCallback(
    async (savePosition = false) => {
      const element = ref.current;
      if (!tracked || !element) return;
      if (busy.current) {
        again.current = true;
        return;
      }
      busy.current = true;
      try {
        let force = savePosition;
        do {
          again.current = false;
          const report =
            tracker.current.take(element.currentTime) ??
            (force ? { ranges: [], position: Math.round(element.currentTime * 10) / 10 } : null);
          force = false;
          if (!report) break;
          try {
            const result = await reportProgress(lectureId, report);
            pending.current = result.uncredited_seconds > 0;
            // The server keeps only what it credited; the rest goes again with a later report.
            if (pending.current) tracker.current.putBack(report);
            onResultRef.current(result);
          } catch (error) {
            // Kept for the next report; nothing to tell the learner mid-video.
            tracker.current.putBack(report);
            if (!isSilentError(error)) console.warn("progress report failed", error);
            break;
          }
        } while (again.current);
      } finally {
        busy.current = false;
      }
    },
    [lectureId, tracked, ref],
  );

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const current = tracker.current;
    const onTime = () => current.time(element.currentTime, element.playbackRate);
    const onSeeking = () => current.seek();
    const onPause = () => {
      current.stop(element.currentTime);
      void flush(true);
    };
    const onEnded = () => {
      current.stop(element.duration || element.currentTime);
      void flush(true);
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") void flush(true);
    };
    // Speeds above the fastest the server credits are brought back to it (2x).
    const onRate = () => {
      if (element.playbackRate > catalogLimits.maxPlaybackRate)
        element.playbackRate = catalogLimits.maxPlaybackRate;
    };
    const timer = setInterval(() => {
      if (current.hasNews && (!element.paused || pending.current)) void flush();
    }, REPORT_EVERY_MS);
    element.addEventListener("ratechange", onRate);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("seeking", onSeeking);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onEnded);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      clearInterval(timer);
      element.removeEventListener("ratechange", onRate);
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("seeking", onSeeking);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onEnded);
      document.removeEventListener("visibilitychange", onHidden);
      // Leaving the page (or the page being kept hidden): stop playing and send what was watched.
      if (!element.paused) element.pause();
      current.stop(element.currentTime);
      void flush(true);
    };
  }, [flush, ref]);
}
