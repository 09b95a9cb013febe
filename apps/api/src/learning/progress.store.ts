/**
 * Saving a video progress report: the request a playing video sends every few seconds, so it is
 * kept to three round trips (the row, then one statement writing it and the enrolment's "last
 * lecture"), with no transaction held open. Two reports racing for one row (two tabs) are settled
 * optimistically: the write only applies to the row version it was computed from (`xmin`), and the
 * loser reads again and merges on top of the winner, so no watched second is lost.
 */
import { catalogLimits, type ProgressReport } from "@aprendo/contract";
import type { ProgressRow } from "../catalog/outline";
import type { Db } from "../db/client";
import type { WatchedRanges } from "../db/schema/index";
import { AppError } from "../http/errors";
import { mergeRanges, normalizeReport, subtractRanges, takeSeconds, totalSeconds } from "./watched-ranges";

/** A video plays at most this fast (2x speed plus margin): the cap on seconds a report may add. */
const PLAYBACK_RATE_ALLOWANCE = 2.5;
/** Clocks and buffering. */
const REPORT_SLACK_SECONDS = 30;
const ATTEMPTS = 5;

type Current = {
  version: string;
  watched_ranges: WatchedRanges;
  last_report_at: Date;
  video_watched_at: Date | null;
  quiz_passed_at: Date | null;
  completed_at: Date | null;
};
type Saved = {
  watched_seconds: number;
  last_position_seconds: number;
  video_watched_at: Date | null;
  quiz_passed_at: Date | null;
  completed_at: Date | null;
};
type Lecture = { id: number; courseId: number; durationSeconds: number; hasQuiz: boolean };

const READ = `SELECT xmin::text AS version, watched_ranges, last_report_at, video_watched_at, quiz_passed_at,
  completed_at FROM lecture_progress WHERE user_id = $1 AND lecture_id = $2`;

// $1 user, $2 lecture, $3 title, $4 ranges, $5 watched seconds, $6 position, $7 video watched at,
// $8 completed at, $9 now; the update also $10, the row version it was computed from.
const write = (saved: string) => `WITH saved AS (${saved}),
touched AS (
  UPDATE enrolments SET last_lecture_id = $2, last_activity_at = $9
  WHERE user_id = $1 AND course_id = $3 AND EXISTS (SELECT 1 FROM saved)
)
SELECT watched_seconds, last_position_seconds, video_watched_at, quiz_passed_at, completed_at FROM saved`;
const INSERT =
  write(`INSERT INTO lecture_progress (user_id, lecture_id, course_id, watched_ranges, watched_seconds,
    last_position_seconds, video_watched_at, completed_at, last_report_at)
  VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING *`);
const UPDATE = write(`UPDATE lecture_progress SET watched_ranges = $4::jsonb, watched_seconds = $5,
    last_position_seconds = $6, video_watched_at = $7, completed_at = $8, last_report_at = $9
  WHERE user_id = $1 AND lecture_id = $2 AND xmin = $10::xid RETURNING *`);

/**
 * The row after a report: only seconds not yet watched are added, and no more of them than the time
 * since the previous report allows (a forged report cannot "watch" an hour in a second).
 */
function applyReport(current: Current | undefined, lecture: Lecture, report: ProgressReport, now: Date) {
  const duration = lecture.durationSeconds;
  const existing = mergeRanges(current?.watched_ranges ?? []);
  const fresh = subtractRanges(normalizeReport(report.ranges, duration), existing);
  const elapsed = current ? Math.max(0, (now.getTime() - current.last_report_at.getTime()) / 1000) : 0;
  const allowance = Math.floor(elapsed * PLAYBACK_RATE_ALLOWANCE) + REPORT_SLACK_SECONDS;
  const ranges = mergeRanges([...existing, ...takeSeconds(fresh, allowance)]);
  const watched = totalSeconds(ranges);
  const threshold = Math.ceil(duration * catalogLimits.completionShare);
  const videoWatchedAt = current?.video_watched_at ?? (watched >= threshold ? now : null);
  const completedAt =
    current?.completed_at ?? (videoWatchedAt && (!lecture.hasQuiz || current?.quiz_passed_at) ? now : null);
  const position = Math.min(Math.round(report.position), Math.max(duration, 0));
  return [JSON.stringify(ranges), watched, position, videoWatchedAt, completedAt, now];
}

export async function saveProgressReport(
  db: Db,
  input: { userId: number; lecture: Lecture; report: ProgressReport },
): Promise<ProgressRow> {
  const { userId, lecture } = input;
  const key = [userId, lecture.id, lecture.courseId];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await db.$client.query<Current>({
      name: "progress_current",
      text: READ,
      values: [userId, lecture.id],
    });
    const current = read.rows[0];
    const values = [...key, ...applyReport(current, lecture, input.report, new Date())];
    const { rows } = current
      ? await db.$client.query<Saved>({
          name: "progress_update",
          text: UPDATE,
          values: [...values, current.version],
        })
      : await db.$client.query<Saved>({ name: "progress_insert", text: INSERT, values });
    const saved = rows[0];
    if (saved)
      return {
        lectureId: lecture.id,
        watchedSeconds: saved.watched_seconds,
        lastPositionSeconds: saved.last_position_seconds,
        videoWatchedAt: saved.video_watched_at,
        quizPassedAt: saved.quiz_passed_at,
        completedAt: saved.completed_at,
      };
    // Another report for the same row won the race: read it again and merge on top.
  }
  throw new AppError("conflict");
}
