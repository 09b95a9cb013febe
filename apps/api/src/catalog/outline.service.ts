/**
 * A title's outline (levels > modules > lectures, in order) and the state of each lecture for one
 * learner (spec section 4). The sequential rule lives here: a published lecture is available when
 * the previous published lecture in order, across modules and levels, is completed. Draft and
 * coming-soon lectures are skipped by that rule, so an unfinished lecture never blocks the rest.
 */
import { type LectureState, wholePercent } from "@aprendo/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { preparedFor } from "../db/prepared";
import { courseLevels, courseModules, enrolments, lectureProgress, lectures } from "../db/schema/index";
import { cached } from "./catalog-cache.service";

const lectureColumns = {
  id: lectures.id,
  moduleId: lectures.moduleId,
  courseId: lectures.courseId,
  position: lectures.position,
  titleEn: lectures.titleEn,
  titleEs: lectures.titleEs,
  status: lectures.status,
  durationSeconds: lectures.durationSeconds,
  isPreview: lectures.isPreview,
  hasQuiz: lectures.hasQuiz,
  hasVideo: lectures.videoKey,
};

export type OutlineLecture = {
  id: number;
  moduleId: number;
  levelId: number;
  courseId: number;
  position: number;
  titleEn: string;
  titleEs: string;
  status: "draft" | "coming_soon" | "published";
  durationSeconds: number;
  isPreview: boolean;
  hasQuiz: boolean;
  hasVideo: boolean;
};
export type OutlineModule = {
  id: number;
  levelId: number;
  position: number;
  titleEn: string;
  titleEs: string;
  examQuizId: number | null;
  lectures: OutlineLecture[];
};
export type OutlineLevel = {
  id: number;
  position: number;
  titleEn: string;
  titleEs: string;
  examQuizId: number | null;
  modules: OutlineModule[];
};
export type CourseOutline = {
  levels: OutlineLevel[];
  /** Every lecture in learning order. */
  order: OutlineLecture[];
};

/** The outline, from the catalogue cache (authoring reads use `readOutline`, always fresh). */
export function loadOutline(db: DbOrTx, courseId: number): Promise<CourseOutline> {
  return cached(db, `outline:${courseId}`, () => readOutline(db, courseId));
}

export async function readOutline(db: DbOrTx, courseId: number): Promise<CourseOutline> {
  const [levelRows, moduleRows, lectureRows] = await Promise.all([
    db
      .select({
        id: courseLevels.id,
        position: courseLevels.position,
        titleEn: courseLevels.titleEn,
        titleEs: courseLevels.titleEs,
        examQuizId: courseLevels.examQuizId,
      })
      .from(courseLevels)
      .where(eq(courseLevels.courseId, courseId))
      .orderBy(asc(courseLevels.position), asc(courseLevels.id)),
    db
      .select({
        id: courseModules.id,
        levelId: courseModules.levelId,
        position: courseModules.position,
        titleEn: courseModules.titleEn,
        titleEs: courseModules.titleEs,
        examQuizId: courseModules.examQuizId,
      })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db
      .select(lectureColumns)
      .from(lectures)
      .where(eq(lectures.courseId, courseId))
      .orderBy(asc(lectures.position), asc(lectures.id)),
  ]);
  const levels: OutlineLevel[] = levelRows.map((l) => ({ ...l, modules: [] }));
  const levelById = new Map(levels.map((l) => [l.id, l]));
  const moduleById = new Map<number, OutlineModule>();
  for (const m of moduleRows) {
    const module: OutlineModule = { ...m, lectures: [] };
    moduleById.set(m.id, module);
    levelById.get(m.levelId)?.modules.push(module);
  }
  for (const row of lectureRows) {
    const module = moduleById.get(row.moduleId);
    if (!module) continue;
    module.lectures.push({ ...row, levelId: module.levelId, hasVideo: row.hasVideo !== null });
  }
  const order = levels.flatMap((l) => l.modules.flatMap((m) => m.lectures));
  return { levels, order };
}

export type ProgressRow = {
  lectureId: number;
  watchedSeconds: number;
  lastPositionSeconds: number;
  videoWatchedAt: Date | null;
  quizPassedAt: Date | null;
  completedAt: Date | null;
};

export async function loadProgress(
  db: DbOrTx,
  userId: number,
  courseId: number,
): Promise<Map<number, ProgressRow>> {
  const rows = await db
    .select({
      lectureId: lectureProgress.lectureId,
      watchedSeconds: lectureProgress.watchedSeconds,
      lastPositionSeconds: lectureProgress.lastPositionSeconds,
      videoWatchedAt: lectureProgress.videoWatchedAt,
      quizPassedAt: lectureProgress.quizPassedAt,
      completedAt: lectureProgress.completedAt,
    })
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.courseId, courseId)));
  return new Map(rows.map((r) => [r.lectureId, r]));
}

const learnerStateQuery = preparedFor((db) =>
  db
    .select({
      enrolment: enrolments,
      lectureId: lectureProgress.lectureId,
      watchedSeconds: lectureProgress.watchedSeconds,
      lastPositionSeconds: lectureProgress.lastPositionSeconds,
      videoWatchedAt: lectureProgress.videoWatchedAt,
      quizPassedAt: lectureProgress.quizPassedAt,
      completedAt: lectureProgress.completedAt,
    })
    .from(enrolments)
    .leftJoin(
      lectureProgress,
      and(eq(lectureProgress.userId, enrolments.userId), eq(lectureProgress.courseId, enrolments.courseId)),
    )
    .where(
      and(
        eq(enrolments.userId, sql.placeholder("userId")),
        eq(enrolments.courseId, sql.placeholder("courseId")),
      ),
    )
    .prepare("catalog_learner_state"),
);

/** A learner's enrolment in a title and their progress on its lectures, in one query. */
export async function loadLearnerState(db: DbOrTx, userId: number, courseId: number) {
  const rows = await learnerStateQuery(db).execute({ userId, courseId });
  const progress = new Map<number, ProgressRow>();
  for (const r of rows)
    if (r.lectureId !== null)
      progress.set(r.lectureId, {
        lectureId: r.lectureId,
        watchedSeconds: r.watchedSeconds ?? 0,
        lastPositionSeconds: r.lastPositionSeconds ?? 0,
        videoWatchedAt: r.videoWatchedAt,
        quizPassedAt: r.quizPassedAt,
        completedAt: r.completedAt,
      });
  return { enrolment: rows[0]?.enrolment ?? null, progress };
}

/**
 * Each lecture's state for a caller. `entitled` false (guest, not enrolled) makes every lecture
 * `not_enrolled`; an administrator previewing sees published lectures as `to_start`.
 */
export function lectureStates(
  outline: CourseOutline,
  progress: ReadonlyMap<number, ProgressRow>,
  caller: { entitled: boolean; preview?: boolean },
): Map<number, LectureState> {
  const states = new Map<number, LectureState>();
  let previousCompleted = true;
  for (const lecture of outline.order) {
    if (!caller.entitled) {
      states.set(lecture.id, "not_enrolled");
      continue;
    }
    if (lecture.status === "draft") {
      states.set(lecture.id, "not_published");
      continue;
    }
    if (lecture.status === "coming_soon") {
      states.set(lecture.id, "coming_soon");
      continue;
    }
    if (caller.preview) {
      states.set(lecture.id, "to_start");
      continue;
    }
    const p = progress.get(lecture.id);
    // What was completed stays open, even if a lecture was later inserted before it.
    if (p?.completedAt) states.set(lecture.id, lecture.hasQuiz ? "quiz_passed" : "completed");
    else if (!previousCompleted) states.set(lecture.id, "locked");
    else if (p && (p.watchedSeconds > 0 || p.videoWatchedAt)) states.set(lecture.id, "in_progress");
    else states.set(lecture.id, "to_start");
    previousCompleted = Boolean(p?.completedAt);
  }
  return states;
}

export const isOpenState = (state: LectureState) =>
  state === "to_start" || state === "in_progress" || state === "completed" || state === "quiz_passed";

export function courseProgressOf(outline: CourseOutline, progress: ReadonlyMap<number, ProgressRow>) {
  const published = outline.order.filter((l) => l.status === "published");
  const completed = published.filter((l) => progress.get(l.id)?.completedAt).length;
  const total = published.length;
  return {
    completed_lectures: completed,
    total_lectures: total,
    percent: wholePercent(completed, total),
  };
}

export function watchedPercent(watchedSeconds: number, durationSeconds: number): number {
  return wholePercent(watchedSeconds, durationSeconds);
}
