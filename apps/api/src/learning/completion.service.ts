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
import { markComplete } from "./progress.sql";
import { progressRowOf, type Saved } from "./progress.store";

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
    const saved = await markComplete<Saved>(db, {
      userId: input.user.id,
      lectureId: lecture.id,
      courseId: lecture.courseId,
      hasQuiz: lecture.hasQuiz,
    });
    row = progressRowOf(lecture.id, saved);
  }
  return progressOutcome(db, access, { ...input, row, uncredited: 0 });
}
