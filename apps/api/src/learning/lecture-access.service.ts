/**
 * The one gate in front of a lecture and its files (DOMAIN.md: media, quiz and e-books only for a
 * learner entitled to the title and past the lecture's lock; the server decides for every file
 * request too). The lecture page, progress, notes, Q&A, the video and the PDFs all pass here.
 */
import type { LectureState } from "@aprendo/contract";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import { catalogPolicy } from "../catalog/catalog.policy";
import { cached } from "../catalog/catalog-cache.service";
import {
  type CourseOutline,
  lectureStates,
  loadLearnerState,
  loadOutline,
  type ProgressRow,
} from "../catalog/outline.service";
import type { Db, DbOrTx } from "../db/client";
import { courses, lectureNotesAccess, lectures } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { isLearner } from "../http/policy";

export type LectureRow = typeof lectures.$inferSelect;
export type LectureAccess = {
  lecture: LectureRow;
  course: {
    id: number;
    status: "draft" | "coming_soon" | "published";
    titleEn: string;
    titleEs: string;
    teachingLanguage: string;
  };
  outline: CourseOutline;
  progress: Map<number, ProgressRow>;
  states: Map<number, LectureState>;
  state: LectureState;
  /** learner: enrolled and past the lock; admin: previewing as a learner; preview: a public preview lecture. */
  mode: "learner" | "admin" | "preview";
};

function loadLecture(db: Db, lectureId: number) {
  return cached(db, `lecture:${lectureId}`, () => readLecture(db, lectureId));
}

async function readLecture(db: DbOrTx, lectureId: number) {
  const [row] = await db
    .select({
      lecture: lectures,
      course: {
        id: courses.id,
        status: courses.status,
        titleEn: courses.titleEn,
        titleEs: courses.titleEs,
        teachingLanguage: courses.teachingLanguage,
      },
    })
    .from(lectures)
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(eq(lectures.id, lectureId));
  return row ?? null;
}

const isPublicPreview = (row: { lecture: LectureRow; course: { status: string } }) =>
  row.lecture.isPreview && row.lecture.status === "published" && row.course.status === "published";

const lockMessage: Partial<Record<LectureState, string>> = {
  locked: "lecture.locked",
  not_published: "lecture.notPublished",
  coming_soon: "lecture.comingSoon",
};

/**
 * Resolves who may open the lecture and how, or throws the spec's message: 404 unknown lecture,
 * 403 "enrol first", "complete the previous lecture first", "not published yet", "coming soon",
 * and on the public route "preview not available".
 */
export async function resolveLecture(
  db: Db,
  user: CurrentUser | null,
  lectureId: number,
  via: "learner" | "preview" = "learner",
): Promise<LectureAccess> {
  const row = await loadLecture(db, lectureId);
  const admin = catalogPolicy.allow(user, "preview");
  if (!row || (row.course.status === "draft" && !admin)) throw new AppError("not_found", "lecture.notFound");
  const outline = await loadOutline(db, row.course.id);
  const base = { lecture: row.lecture, course: row.course, outline };

  if (admin) {
    const states = lectureStates(outline, new Map(), { entitled: true, preview: true });
    return {
      ...base,
      progress: new Map(),
      states,
      state: states.get(lectureId) ?? "to_start",
      mode: "admin",
    };
  }

  const { enrolment, progress } = isLearner(user)
    ? await loadLearnerState(db, user.id, row.course.id)
    : { enrolment: null, progress: new Map<number, ProgressRow>() };
  if (!enrolment || via === "preview") {
    if (isPublicPreview(row)) {
      const states = lectureStates(outline, new Map(), { entitled: false });
      return { ...base, progress: new Map(), states, state: "not_enrolled", mode: "preview" };
    }
    if (via === "preview") throw new AppError("forbidden", "lecture.previewNotAvailable");
    throw new AppError("forbidden", "catalog.notEnrolled");
  }

  const states = lectureStates(outline, progress, { entitled: true });
  const state = states.get(lectureId) ?? "locked";
  const refused = lockMessage[state];
  if (refused) throw new AppError("forbidden", refused);
  return { ...base, progress, states, state, mode: "learner" };
}

/**
 * E-books of a lecture: for whoever may open the lecture, and also for learners on the
 * lecture-notes access list (purchased e-notes or an administrator's grant) without the lock.
 */
export async function resolveEbookAccess(
  db: Db,
  user: CurrentUser | null,
  lectureId: number,
): Promise<LectureRow> {
  let refusal = new AppError("forbidden", "lecture.ebookNotEntitled");
  try {
    const access = await resolveLecture(db, user, lectureId);
    if (access.mode !== "preview") return access.lecture;
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 403 || !isLearner(user)) throw error;
    refusal = error;
  }
  if (!isLearner(user)) throw refusal;
  const row = await loadLecture(db, lectureId);
  if (!row || row.course.status === "draft") throw new AppError("not_found", "lecture.notFound");
  const [grant] = await db
    .select({ id: lectureNotesAccess.id })
    .from(lectureNotesAccess)
    .where(
      and(
        eq(lectureNotesAccess.userId, user.id),
        eq(lectureNotesAccess.courseId, row.course.id),
        or(isNull(lectureNotesAccess.moduleId), eq(lectureNotesAccess.moduleId, row.lecture.moduleId)),
        or(isNull(lectureNotesAccess.lectureId), eq(lectureNotesAccess.lectureId, lectureId)),
        or(isNull(lectureNotesAccess.expiresAt), gt(lectureNotesAccess.expiresAt, new Date())),
      ),
    )
    .limit(1);
  if (!grant) throw refusal;
  return row.lecture;
}

/** The published lectures just before and after one, in learning order. */
export function neighbours(outline: CourseOutline, lectureId: number) {
  const visible = outline.order.filter((l) => l.status !== "draft" || l.id === lectureId);
  const index = visible.findIndex((l) => l.id === lectureId);
  return { previous: visible[index - 1] ?? null, next: visible[index + 1] ?? null };
}
