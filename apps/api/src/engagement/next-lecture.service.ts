/**
 * Where "Continue learning" takes a learner: the lecture they last opened while
 * it is unfinished, else the next unfinished open lecture after it, else the first unfinished open
 * one; when every open lecture is completed, the last one opened again (the card stays, to review).
 */
import type { CourseOutline, ProgressRow } from "../catalog/outline.service";
import { lectureStates } from "../catalog/outline.service";

type Lecture = CourseOutline["order"][number];

export function nextLectureToStudy(
  outline: CourseOutline,
  progress: ReadonlyMap<number, ProgressRow>,
  lastLectureId: number | null,
): Lecture | null {
  const states = lectureStates(outline, progress, { entitled: true });
  const unfinished = (lecture: Lecture) => {
    const state = states.get(lecture.id);
    return state === "in_progress" || state === "to_start";
  };
  const lastIndex = outline.order.findIndex((l) => l.id === lastLectureId);
  if (lastIndex >= 0) {
    const after = outline.order.slice(lastIndex).find(unfinished);
    if (after) return after;
  }
  return outline.order.find(unfinished) ?? outline.order[lastIndex] ?? null;
}
