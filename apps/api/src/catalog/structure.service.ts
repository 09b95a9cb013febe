/** Authoring of a title's structure: levels, modules, lectures (with their status), order and FAQs. */

import type {
  AdminLecture,
  lectureFaqInput,
  lectureFaqPatch,
  lectureInput,
  lecturePatch,
  levelInput,
  PublicationStatus,
} from "@aprendo/contract";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../config/config";
import type { Db } from "../db/client";
import {
  categories,
  courseLevels,
  courseModules,
  lectureEbooks,
  lectureFaqs,
  lectures,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { signMediaToken } from "../http/media-token";
import { mediaOf, renditionUrl, streamingBody } from "../media/media.service";
import {
  deleteWithFiles,
  type FileDeps,
  findCourse,
  findLecture,
  findLevel,
  findModule,
  nextPosition,
  requireStatusPermission,
} from "./authoring-helpers.service";

// ---------- levels, modules, lectures ----------

type LevelInput = z.output<typeof levelInput>;

export async function createLevel(db: Db, courseId: number, input: LevelInput) {
  await findCourse(db, courseId);
  const [row] = await db
    .insert(courseLevels)
    .values({
      courseId,
      titleEn: input.title_en,
      titleEs: input.title_es,
      position:
        input.position ??
        (await nextPosition(db, courseLevels, courseLevels.position, eq(courseLevels.courseId, courseId))),
    })
    .returning({ id: courseLevels.id });
  return row!.id;
}

export async function updateLevel(db: Db, id: number, input: Partial<LevelInput>) {
  await findLevel(db, id);
  await db
    .update(courseLevels)
    .set({
      ...(input.title_en ? { titleEn: input.title_en } : {}),
      ...(input.title_es ? { titleEs: input.title_es } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      updatedAt: new Date(),
    })
    .where(eq(courseLevels.id, id));
}

export async function deleteLevel(deps: FileDeps, id: number) {
  await findLevel(deps.db, id);
  await deleteWithFiles(deps, { levelId: id }, () =>
    deps.db.delete(courseLevels).where(eq(courseLevels.id, id)),
  );
}

export async function createModule(db: Db, levelId: number, input: LevelInput) {
  const level = await findLevel(db, levelId);
  const [row] = await db
    .insert(courseModules)
    .values({
      levelId,
      courseId: level.courseId,
      titleEn: input.title_en,
      titleEs: input.title_es,
      position:
        input.position ??
        (await nextPosition(db, courseModules, courseModules.position, eq(courseModules.levelId, levelId))),
    })
    .returning({ id: courseModules.id });
  return row!.id;
}

export async function updateModule(db: Db, id: number, input: Partial<LevelInput>) {
  await findModule(db, id);
  await db
    .update(courseModules)
    .set({
      ...(input.title_en ? { titleEn: input.title_en } : {}),
      ...(input.title_es ? { titleEs: input.title_es } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      updatedAt: new Date(),
    })
    .where(eq(courseModules.id, id));
}

export async function deleteModule(deps: FileDeps, id: number) {
  await findModule(deps.db, id);
  await deleteWithFiles(deps, { moduleId: id }, () =>
    deps.db.delete(courseModules).where(eq(courseModules.id, id)),
  );
}

export async function createLecture(
  db: Db,
  user: CurrentUser,
  moduleId: number,
  input: z.output<typeof lectureInput>,
) {
  const module = await findModule(db, moduleId);
  requireStatusPermission(user, input.status);
  const [row] = await db
    .insert(lectures)
    .values({
      moduleId,
      courseId: module.courseId,
      titleEn: input.title_en,
      titleEs: input.title_es,
      descriptionEn: input.description_en,
      descriptionEs: input.description_es,
      isPreview: input.is_preview,
      status: input.status ?? "draft",
      position:
        input.position ??
        (await nextPosition(db, lectures, lectures.position, eq(lectures.moduleId, moduleId))),
    })
    .returning({ id: lectures.id });
  return row!.id;
}

export async function updateLecture(
  db: Db,
  user: CurrentUser,
  id: number,
  patch: z.output<typeof lecturePatch>,
) {
  const current = await findLecture(db, id);
  requireStatusPermission(user, patch.status, current.status);
  await db
    .update(lectures)
    .set({
      titleEn: patch.title_en ?? current.titleEn,
      titleEs: patch.title_es ?? current.titleEs,
      descriptionEn: patch.description_en ?? current.descriptionEn,
      descriptionEs: patch.description_es ?? current.descriptionEs,
      isPreview: patch.is_preview ?? current.isPreview,
      position: patch.position ?? current.position,
      durationSeconds: patch.duration_seconds ?? current.durationSeconds,
      status: patch.status ?? current.status,
      updatedAt: new Date(),
    })
    .where(eq(lectures.id, id));
}

export async function setLectureStatus(db: Db, id: number, status: PublicationStatus) {
  await findLecture(db, id);
  await db.update(lectures).set({ status, updatedAt: new Date() }).where(eq(lectures.id, id));
}

export async function deleteLecture(deps: FileDeps, id: number) {
  await findLecture(deps.db, id);
  await deleteWithFiles(deps, { lectureId: id }, () => deps.db.delete(lectures).where(eq(lectures.id, id)));
}

/** `t`: the request's translator, for the video's transcode state (media/media.service.ts). */
export async function adminLecture(
  deps: { db: Db; config: Config },
  user: CurrentUser,
  id: number,
  t: (message: string) => string,
): Promise<AdminLecture> {
  const { db } = deps;
  const lecture = await findLecture(db, id);
  const [module, ebooks, faqs, media] = await Promise.all([
    findModule(db, lecture.moduleId),
    db
      .select()
      .from(lectureEbooks)
      .where(eq(lectureEbooks.lectureId, id))
      .orderBy(asc(lectureEbooks.position), asc(lectureEbooks.id)),
    db
      .select()
      .from(lectureFaqs)
      .where(eq(lectureFaqs.lectureId, id))
      .orderBy(asc(lectureFaqs.position), asc(lectureFaqs.id)),
    mediaOf(db, id),
  ]);
  const token = lecture.videoKey
    ? (
        await signMediaToken(deps.config.jwtSecret, {
          userId: user.id,
          lectureId: id,
          kind: "video",
          sessionId: user.sessionId,
        })
      ).token
    : null;
  return {
    id: lecture.id,
    course_id: lecture.courseId,
    module_id: lecture.moduleId,
    level_id: module.levelId,
    title_en: lecture.titleEn,
    title_es: lecture.titleEs,
    description_en: lecture.descriptionEn,
    description_es: lecture.descriptionEs,
    position: lecture.position,
    status: lecture.status,
    is_preview: lecture.isPreview,
    has_video: lecture.videoKey !== null,
    has_quiz: lecture.hasQuiz,
    duration_seconds: lecture.durationSeconds,
    ebook_count: ebooks.length,
    faq_count: faqs.length,
    video: lecture.videoKey
      ? {
          type: lecture.videoType ?? "video/mp4",
          size_bytes: lecture.videoBytes ?? 0,
          url: `/api/iu/lectures/${id}/video?token=${token}`,
          streaming: media ? streamingBody(media, t, renditionUrl(id, token)) : null,
        }
      : null,
    ebooks: ebooks.map((e) => ({
      id: e.id,
      title_en: e.titleEn,
      title_es: e.titleEs,
      pages: e.pages,
      size_bytes: e.fileBytes,
      position: e.position,
    })),
    faqs: faqs.map((f) => ({
      id: f.id,
      question_en: f.questionEn,
      question_es: f.questionEs,
      answer_en: f.answerEn,
      answer_es: f.answerEs,
      position: f.position,
    })),
  };
}

// ---------- order ----------

/** Sets positions 0..n-1 in the given order; the ids must be exactly the current children. */
export async function reorder(
  db: Db,
  kind: "levels" | "modules" | "lectures" | "categories",
  parentId: number | null,
  ids: number[],
) {
  const table = { levels: courseLevels, modules: courseModules, lectures, categories }[kind];
  const parent =
    kind === "levels"
      ? eq(courseLevels.courseId, parentId ?? 0)
      : kind === "modules"
        ? eq(courseModules.levelId, parentId ?? 0)
        : kind === "lectures"
          ? eq(lectures.moduleId, parentId ?? 0)
          : undefined;
  await transaction(db, async (tx) => {
    const current = await tx.select({ id: table.id }).from(table).where(parent).for("update");
    const have = new Set(current.map((r) => r.id));
    if (ids.length !== have.size || new Set(ids).size !== ids.length || ids.some((i) => !have.has(i)))
      throw AppError.field("ids", "catalog.orderMismatch");
    if (ids.length === 0) return;
    await tx
      .update(table)
      .set({
        // The ids travel as one array parameter, so the statement's text is the same for any order.
        position: sql`array_position(${sql.param(ids.map(Number))}::int[], ${table.id}) - 1`,
      })
      .where(inArray(table.id, ids));
  });
}

// ---------- FAQs ----------

export async function createFaq(db: Db, lectureId: number, input: z.output<typeof lectureFaqInput>) {
  await findLecture(db, lectureId);
  const [row] = await db
    .insert(lectureFaqs)
    .values({
      lectureId,
      questionEn: input.question_en,
      questionEs: input.question_es,
      answerEn: input.answer_en,
      answerEs: input.answer_es,
      position:
        input.position ??
        (await nextPosition(db, lectureFaqs, lectureFaqs.position, eq(lectureFaqs.lectureId, lectureId))),
    })
    .returning({ id: lectureFaqs.id });
  return row!.id;
}

export async function updateFaq(db: Db, id: number, input: z.output<typeof lectureFaqPatch>) {
  const [row] = await db
    .update(lectureFaqs)
    .set({
      ...(input.question_en ? { questionEn: input.question_en } : {}),
      ...(input.question_es ? { questionEs: input.question_es } : {}),
      ...(input.answer_en ? { answerEn: input.answer_en } : {}),
      ...(input.answer_es ? { answerEs: input.answer_es } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      updatedAt: new Date(),
    })
    .where(eq(lectureFaqs.id, id))
    .returning({ id: lectureFaqs.id });
  if (!row) throw new AppError("not_found");
}

export async function deleteFaq(db: Db, id: number) {
  const [row] = await db.delete(lectureFaqs).where(eq(lectureFaqs.id, id)).returning({ id: lectureFaqs.id });
  if (!row) throw new AppError("not_found");
}
