/**
 * The lecture video with watched-time tracking: honest ranges (skips are not in them) go to the
 * server every ~10 s while playing and on pause and end; playback resumes at the saved position.
 */
import type { LectureDetail, ProgressResult } from "@aprendo/contract";
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
            onResultRef.current(await reportProgress(lectureId, report));
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
    const timer = setInterval(() => {
      if (!element.paused && current.hasNews) void flush();
    }, REPORT_EVERY_MS);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("seeking", onSeeking);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onEnded);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      clearInterval(timer);
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
