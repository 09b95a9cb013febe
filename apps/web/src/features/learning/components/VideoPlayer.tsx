/**
 * The lecture video with watched-time tracking: honest ranges (skips are not in them) go to the
 * server every ~10 s while playing and on pause and end; playback resumes at the saved position.
 * The server credits watched time no faster than real time at the fastest speed offered here (2x,
 * `catalogLimits.maxPlaybackRate`), so the player never plays faster, and when a report comes back
 * with seconds left uncredited (the lecture view's budget, e.g. after the page was reopened while
 * playing) it keeps those ranges and sends them again with the next report, paused or not.
 */
import { catalogLimits, type LectureDetail, type ProgressResult } from "@aprendo/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isSilentError } from "../../../lib/http";
import { clock } from "../../catalog/logic";
import { reportProgress } from "../api";
import { resumeAt, WatchTracker } from "../progress";

/** How often a playing video reports (catalogLimits.progressReportSeconds). */
export const REPORT_EVERY_MS = 10_000;

export function VideoPlayer({
  lectureId,
  video,
  lastPosition,
  tracked,
  onResult,
}: {
  lectureId: number;
  video: NonNullable<LectureDetail["video"]>;
  lastPosition: number;
  /** Reports progress (enrolled learners); previews only play. */
  tracked: boolean;
  onResult: (result: ProgressResult) => void;
}) {
  const { t } = useTranslation("learning");
  const ref = useRef<HTMLVideoElement>(null);
  const tracker = useRef(new WatchTracker());
  const busy = useRef(false);
  const again = useRef(false);
  /** The server left some reported seconds uncredited: they are kept and reported again. */
  const pending = useRef(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
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
    [lectureId, tracked],
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
  }, [flush]);

  const onLoadedMetadata = () => {
    const element = ref.current;
    if (!element) return;
    const at = resumeAt(lastPosition, element.duration || video.duration_seconds);
    if (at > 0) {
      element.currentTime = at;
      setResumedAt(at);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-hidden rounded-lg bg-black shadow-sm">
        {/* biome-ignore lint/a11y/useMediaCaption: lecture videos have no caption tracks yet */}
        <video
          ref={ref}
          src={video.url}
          controls
          playsInline
          preload="metadata"
          onLoadedMetadata={onLoadedMetadata}
          className="aspect-video w-full bg-black"
          data-testid="lecture-video"
          aria-label={t("video.label")}
        />
      </div>
      {resumedAt !== null && (
        <p className="text-xs text-fg-muted" role="status">
          {t("video.resumed", { time: clock(resumedAt) })}
        </p>
      )}
    </div>
  );
}
