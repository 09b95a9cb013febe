/**
 * Marking a lecture without a video complete: a reading lecture (e-books, FAQs,
 * a description) has no seconds to watch, so the learner says when it is done. The lecture then
 * counts like a watched video: its quiz opens, it completes (at once, or when the quiz is passed),
 * the next lecture unlocks, the title's progress, "continue learning" and certificates follow.
 */
import type { LanguageCode, ProgressResult } from "@aprendo/contract";
import type { ProgressRow } from "../catalog/outline.service";
import type { Db } from "../db/client";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { progressOutcome } from "./lecture.service";
import { resolveLecture } from "./lecture-access.service";
import { progressRowOf, type Saved } from "./progress.store";

// $1 user, $2 lecture, $3 title, $4 whether the lecture has a quiz. One statement: the progress row
// (the first time only: marking again changes nothing, so the request is idempotent) and the
// enrolment's "last lecture" for continue-learning.
const MARK = `WITH saved AS (
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

export async function markLectureComplete(
  db: Db,
  input: { user: CurrentUser; lectureId: number; language: LanguageCode; t: (message: string) => string },
): Promise<ProgressResult> {
  const access = await resolveLecture(db, input.user, input.lectureId);
  const { lecture } = access;
  // Checked after the lock, so a learner learns nothing of a lecture they may not open.
  if (lecture.videoKey) throw new AppError("conflict", "lecture.cannotComplete");
  let row: ProgressRow | undefined = access.progress.get(lecture.id);
  // An administrator previewing as a learner sees the answer but records nothing (as with progress).
  if (access.mode === "learner") {
    const { rows } = await db.$client.query<Saved>({
      name: "lecture_mark_complete",
      text: MARK,
      values: [input.user.id, lecture.id, lecture.courseId, lecture.hasQuiz],
    });
    row = progressRowOf(lecture.id, rows[0]!);
  }
  return progressOutcome(db, access, { ...input, row, uncredited: 0 });
}
