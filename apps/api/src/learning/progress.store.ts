/**
 * Saving a video progress report: the request a playing video sends every few seconds, so it is
 * kept to two round trips (the row with the lecture view, then one statement writing it, the view's
 * credit and the enrolment's "last lecture"), with no transaction held open. Two reports racing for
 * one row (two tabs) are settled optimistically: the write only applies to the row version it was computed from (`xmin`), and the
 * loser reads again and merges on top of the winner, so no watched second is lost.
 */
import { catalogLimits, type ProgressReport } from "@aprendo/contract";
import type { ProgressRow } from "../catalog/outline.service";
import type { Db } from "../db/client";
import type { WatchedRanges } from "../db/schema/index";
import { AppError } from "../http/errors";
import { readProgress, writeProgress } from "./progress.sql";
import { type LectureView, liveView, viewAllowance } from "./view-budget";
import { mergeRanges, normalizeReport, subtractRanges, takeSeconds, totalSeconds } from "./watched-ranges";

const ATTEMPTS = 5;

type Current = {
  /** Null when the learner has no progress row on this lecture yet. */
  version: string | null;
  watched_ranges: WatchedRanges | null;
  video_watched_at: Date | null;
  quiz_passed_at: Date | null;
  completed_at: Date | null;
  view_started_at: Date | null;
  view_credited: number | null;
  view_seen_at: Date | null;
  /** The database's clock: every node measures a view's time on the same clock. */
  now: Date;
};
/** What a progress write returns (its RETURNING columns), turned into a row by `progressRowOf`. */
export type Saved = {
  watched_seconds: number;
  last_position_seconds: number;
  video_watched_at: Date | null;
  quiz_passed_at: Date | null;
  completed_at: Date | null;
};
type Lecture = {
  id: number;
  courseId: number;
  durationSeconds: number;
  hasQuiz: boolean;
  videoKey: string | null;
};

export const progressRowOf = (lectureId: number, saved: Saved): ProgressRow => ({
  lectureId,
  watchedSeconds: saved.watched_seconds,
  lastPositionSeconds: saved.last_position_seconds,
  videoWatchedAt: saved.video_watched_at,
  quizPassedAt: saved.quiz_passed_at,
  completedAt: saved.completed_at,
});

const viewOf = (c: Current): LectureView | null =>
  c.view_started_at && c.view_seen_at
    ? { startedAt: c.view_started_at, creditedSeconds: c.view_credited ?? 0, seenAt: c.view_seen_at }
    : null;

/**
 * The row after a report: only seconds not yet watched are added, and no more of them than the
 * lecture view still allows (view-budget.ts), so a forged report cannot "watch" an hour in a second.
 * Answers the statement's values and the reported seconds left uncredited.
 */
function applyReport(current: Current, lecture: Lecture, report: ProgressReport) {
  const { now } = current;
  const duration = lecture.durationSeconds;
  const existing = mergeRanges(current.watched_ranges ?? []);
  const fresh = subtractRanges(normalizeReport(report.ranges, duration), existing);
  const view = liveView(viewOf(current), now);
  const credited = takeSeconds(fresh, viewAllowance(view, now));
  const creditedSeconds = totalSeconds(credited);
  const ranges = mergeRanges([...existing, ...credited]);
  const watched = totalSeconds(ranges);
  const threshold = Math.ceil(duration * catalogLimits.completionShare);
  // A lecture without a video is never "watched" by a report: the learner marks it complete
  // (completion.service.ts), so merely opening it does not complete it.
  const videoWatchedAt =
    current.video_watched_at ?? (lecture.videoKey !== null && watched >= threshold ? now : null);
  const completedAt =
    current.completed_at ?? (videoWatchedAt && (!lecture.hasQuiz || current.quiz_passed_at) ? now : null);
  const position = Math.min(Math.round(report.position), Math.max(duration, 0));
  return {
    values: [
      JSON.stringify(ranges),
      watched,
      position,
      videoWatchedAt,
      completedAt,
      now,
      view.startedAt,
      view.creditedSeconds + creditedSeconds,
      creditedSeconds,
    ],
    uncredited: totalSeconds(fresh) - creditedSeconds,
  };
}

export async function saveProgressReport(
  db: Db,
  input: { userId: number; lecture: Lecture; report: ProgressReport },
): Promise<{ row: ProgressRow; uncredited: number }> {
  const { userId, lecture } = input;
  const key = [userId, lecture.id, lecture.courseId];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await readProgress<Current>(db, userId, lecture.id);
    const { values: computed, uncredited } = applyReport(current, lecture, input.report);
    const saved = await writeProgress<Saved>(db, [...key, ...computed], current.version);
    if (saved) return { row: progressRowOf(lecture.id, saved), uncredited };
    // Another report for the same row won the race: read it again and merge on top.
  }
  throw new AppError("conflict");
}
