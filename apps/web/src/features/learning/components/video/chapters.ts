/** The lecture's chapters as a WebVTT chapters track (media-chrome marks them on the seek bar). */
import type { LectureChapter } from "@aprendo/contract";

const stamp = (seconds: number) => {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = (s % 60).toFixed(3).padStart(6, "0");
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${rest}`;
};

/** Each chapter runs until the next one starts; the last until the end of the video. */
export function chaptersVtt(chapters: readonly LectureChapter[], duration: number): string {
  const sorted = [...chapters].sort((a, b) => a.start_seconds - b.start_seconds);
  const cues = sorted.map((chapter, i) => {
    const end = sorted[i + 1]?.start_seconds ?? Math.max(duration, chapter.start_seconds + 1);
    return `${stamp(chapter.start_seconds)} --> ${stamp(end)}\n${chapter.title.replace(/\n/g, " ")}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/**
 * The chapters track's URL: a blob, since the Content Security Policy lets media (text tracks
 * included) load only from the site and blob: URLs (a data: URL is refused). Revoke it when done.
 */
export const chaptersBlobUrl = (chapters: readonly LectureChapter[], duration: number) =>
  URL.createObjectURL(new Blob([chaptersVtt(chapters, duration)], { type: "text/vtt" }));
