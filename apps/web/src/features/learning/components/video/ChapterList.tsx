/**
 * The lecture's chapters under the video: a button per chapter (its start and title) that seeks
 * there, the one playing marked. The seek bar marks them too, but a pointer on a thin bar is no way
 * to reach a chapter by keyboard or screen reader, nor on a phone.
 */
import type { LectureChapter } from "@aprendo/contract";
import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../lib/cn";
import { clock } from "../../../catalog/logic";

/** The chapter playing at `time`: the last one started (chapters come sorted by their start). */
export const chapterAt = (chapters: readonly LectureChapter[], time: number) =>
  chapters.findLastIndex((chapter) => chapter.start_seconds <= time);

export function ChapterList({
  chapters,
  videoRef,
}: {
  chapters: readonly LectureChapter[];
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const { t } = useTranslation("learning");
  const [current, setCurrent] = useState(-1);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setCurrent(chapterAt(chapters, video.currentTime));
    update();
    video.addEventListener("timeupdate", update);
    video.addEventListener("seeked", update);
    return () => {
      video.removeEventListener("timeupdate", update);
      video.removeEventListener("seeked", update);
    };
  }, [chapters, videoRef]);

  const seek = (chapter: LectureChapter) => {
    const video = videoRef.current;
    if (video) video.currentTime = chapter.start_seconds;
  };

  return (
    <nav aria-label={t("player.chapters")} data-testid="chapters">
      <ol className="flex flex-wrap gap-2">
        {chapters.map((chapter, index) => (
          <li key={`${chapter.start_seconds}-${chapter.title}`}>
            <button
              type="button"
              onClick={() => seek(chapter)}
              aria-current={index === current ? "true" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm focus-ring sm:min-h-9",
                index === current
                  ? "border-primary bg-primary-soft text-fg"
                  : "border-border bg-surface text-fg-muted hover:bg-surface-muted hover:text-fg",
              )}
            >
              <span className="font-medium text-primary tabular-nums">{clock(chapter.start_seconds)}</span>{" "}
              <span>{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
