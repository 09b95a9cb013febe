/**
 * The statements of the hot learning paths (a playing video reports every few seconds; opening a
 * lecture begins its view; a reading lecture is marked complete): each a named constant, its text
 * snapshotted in progress.sql.test.ts, run as a named prepared statement by one function here.
 */
import type { Db } from "../db/client";
import { runNamed } from "../db/prepared";
import { LEARNED_TODAY } from "./learning.repository";
import { VIEW_IDLE_SECONDS } from "./view-budget";

/** The progress row (if any), the lecture view (if any) and the time, in one round trip. */
export const READ_PROGRESS = `SELECT p.xmin::text AS version, p.watched_ranges, p.video_watched_at, p.quiz_passed_at,
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
export const INSERT_PROGRESS =
  write(`INSERT INTO lecture_progress (user_id, lecture_id, course_id, watched_ranges, watched_seconds,
    last_position_seconds, video_watched_at, completed_at, last_report_at)
  VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING *`);
export const UPDATE_PROGRESS =
  write(`UPDATE lecture_progress SET watched_ranges = $4::jsonb, watched_seconds = $5,
    last_position_seconds = $6, video_watched_at = $7, completed_at = $8, last_report_at = $9
  WHERE user_id = $1 AND lecture_id = $2 AND xmin = $13::xid RETURNING *`);

// $1 user, $2 lecture, $3 title, $4 whether the lecture has a quiz. One statement: the progress row
// (the first time only: marking again changes nothing, so the request is idempotent) and the
// enrolment's "last lecture" for continue-learning.
export const MARK_COMPLETE = `WITH saved AS (
  INSERT INTO lecture_progress (user_id, lecture_id, course_id, video_watched_at, completed_at, last_report_at)
  VALUES ($1, $2, $3, statement_timestamp(), CASE WHEN $4::boolean THEN NULL ELSE statement_timestamp() END,
    statement_timestamp())
  ON CONFLICT (user_id, lecture_id) DO UPDATE SET
    video_watched_at = coalesce(lecture_progress.video_watched_at, EXCLUDED.video_watched_at),
    completed_at = coalesce(lecture_progress.completed_at,
      CASE WHEN NOT $4::boolean OR lecture_progress.quiz_passed_at IS NOT NULL THEN statement_timestamp() END),
    last_report_at = EXCLUDED.last_report_at
  RETURNING watched_seconds, last_position_seconds, video_watched_at, quiz_passed_at, completed_at
),
touched AS (
  UPDATE enrolments SET last_lecture_id = $2, last_activity_at = statement_timestamp()
  WHERE user_id = $1 AND course_id = $3
)
SELECT * FROM saved`;

/**
 * Opening a lecture begins a view, or continues the live one (a second tab, the page refreshing its
 * media links): continuing never widens the budget, and restarting an idle view narrows it. One
 * statement on the database clock, so every node agrees on the time.
 */
export const BEGIN_VIEW = `INSERT INTO lecture_views (user_id, lecture_id, started_at, credited_seconds, seen_at)
VALUES ($1::int, $2::int, statement_timestamp(), 0, statement_timestamp())
ON CONFLICT (user_id, lecture_id) DO UPDATE SET
  started_at = CASE WHEN lecture_views.seen_at > EXCLUDED.seen_at - interval '${VIEW_IDLE_SECONDS} seconds'
    THEN lecture_views.started_at ELSE EXCLUDED.started_at END,
  credited_seconds = CASE WHEN lecture_views.seen_at > EXCLUDED.seen_at - interval '${VIEW_IDLE_SECONDS} seconds'
    THEN lecture_views.credited_seconds ELSE 0 END,
  seen_at = EXCLUDED.seen_at`;

/** The progress row and lecture view of a learner's lecture, and the database's time (READ_PROGRESS). */
export async function readProgress<Row>(db: Db, userId: number, lectureId: number): Promise<Row> {
  const [row] = await runNamed<Row>(db, "progress_current_view", READ_PROGRESS, [userId, lectureId]);
  return row!;
}

/**
 * Writes a report: inserts the row (no `version`), or updates the version it was computed from.
 * Undefined when another report won the race (the row is taken, or changed since it was read).
 */
export async function writeProgress<Row>(
  db: Db,
  values: unknown[],
  version: string | null,
): Promise<Row | undefined> {
  const [row] =
    version !== null
      ? await runNamed<Row>(db, "progress_update_view", UPDATE_PROGRESS, [...values, version])
      : await runNamed<Row>(db, "progress_insert_view", INSERT_PROGRESS, values);
  return row;
}

/** Marks a lecture without a video watched (and complete, unless its quiz is still to pass): MARK_COMPLETE. */
export async function markComplete<Row>(
  db: Db,
  input: { userId: number; lectureId: number; courseId: number; hasQuiz: boolean },
): Promise<Row> {
  const [row] = await runNamed<Row>(db, "lecture_mark_complete", MARK_COMPLETE, [
    input.userId,
    input.lectureId,
    input.courseId,
    input.hasQuiz,
  ]);
  return row!;
}

export async function beginView(db: Db, userId: number, lectureId: number): Promise<void> {
  await runNamed(db, "lecture_view_begin", BEGIN_VIEW, [userId, lectureId]);
}
