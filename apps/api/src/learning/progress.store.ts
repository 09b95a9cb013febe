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
import { LEARNED_TODAY } from "./activity.service";
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

/** The progress row (if any), the lecture view (if any) and the time, in one round trip. */
const READ = `SELECT p.xmin::text AS version, p.watched_ranges, p.video_watched_at, p.quiz_passed_at,
  p.completed_at, v.started_at AS view_started_at, v.credited_seconds AS view_credited,
  v.seen_at AS view_seen_at, statement_timestamp() AS now
FROM (SELECT $1::int AS user_id, $2::int AS lecture_id) k
LEFT JOIN lecture_progress p ON p.user_id = k.user_id AND p.lecture_id = k.lecture_id
LEFT JOIN lecture_views v ON v.user_id = k.user_id AND v.lecture_id = k.lecture_id`;

// $1 user, $2 lecture, $3 title, $4 ranges, $5 watched seconds, $6 position, $7 video watched at,
// $8 completed at, $9 now, $10 the view's start, $11 seconds the view has credited, $12 seconds
// this report newly credited; the update also $13, the row version it was computed from. The view
// and the day's learning time (learning/activity.ts) are written only with the progress.
const write = (saved: string) => `WITH saved AS (${saved}),
touched AS (
  UPDATE enrolments SET last_lecture_id = $2, last_activity_at = $9
  WHERE user_id = $1 AND course_id = $3 AND EXISTS (SELECT 1 FROM saved)
),
viewed AS (
  INSERT INTO lecture_views (user_id, lecture_id, started_at, credited_seconds, seen_at)
  SELECT $1, $2, $10::timestamptz, $11::int, $9 WHERE EXISTS (SELECT 1 FROM saved)
  ON CONFLICT (user_id, lecture_id) DO UPDATE SET started_at = EXCLUDED.started_at,
    credited_seconds = EXCLUDED.credited_seconds, seen_at = EXCLUDED.seen_at
),
learned AS (${LEARNED_TODAY})
SELECT watched_seconds, last_position_seconds, video_watched_at, quiz_passed_at, completed_at FROM saved`;
const INSERT =
  write(`INSERT INTO lecture_progress (user_id, lecture_id, course_id, watched_ranges, watched_seconds,
    last_position_seconds, video_watched_at, completed_at, last_report_at)
  VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING *`);
const UPDATE = write(`UPDATE lecture_progress SET watched_ranges = $4::jsonb, watched_seconds = $5,
    last_position_seconds = $6, video_watched_at = $7, completed_at = $8, last_report_at = $9
  WHERE user_id = $1 AND lecture_id = $2 AND xmin = $13::xid RETURNING *`);

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
    const read = await db.$client.query<Current>({
      name: "progress_current_view",
      text: READ,
      values: [userId, lecture.id],
    });
    const current = read.rows[0]!;
    const { values: computed, uncredited } = applyReport(current, lecture, input.report);
    const values = [...key, ...computed];
    const { rows } =
      current.version !== null
        ? await db.$client.query<Saved>({
            name: "progress_update_view",
            text: UPDATE,
            values: [...values, current.version],
          })
        : await db.$client.query<Saved>({ name: "progress_insert_view", text: INSERT, values });
    const saved = rows[0];
    if (saved) return { row: progressRowOf(lecture.id, saved), uncredited };
    // Another report for the same row won the race: read it again and merge on top.
  }
  throw new AppError("conflict");
}
