/**
 * Course authoring: titles, levels, modules, lectures and FAQs, their order and their status.
 * Status changes need isAbleToUpdateCourseStatus; everything else isCourseManager (checked by the
 * routes). Files (cover, video, e-books) are in authoring.files.ts.
 */
import type {
  AdminCourse,
  AdminLecture,
  adminCourseListQuery,
  courseInput,
  coursePatch,
  lectureFaqInput,
  lectureFaqPatch,
  lectureInput,
  lecturePatch,
  levelInput,
  PublicationStatus,
} from "@aprendo/contract";
import { and, asc, count, desc, eq, inArray, max, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Config } from "../config/config";
import type { Db, DbOrTx } from "../db/client";
import {
  categories,
  courseLevels,
  courseModules,
  courses,
  lectureEbooks,
  lectureFaqs,
  lectures,
} from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { signMediaToken } from "../learning/media-token";
import type { Storage } from "../storage/storage";
import { canChangeStatus } from "./catalog.policy";
import { hasEnrolments } from "./catalog.service";
import { coverUrl, iso } from "./catalog.text";
import { readOutline } from "./outline";
import { titleSearch } from "./search";

type CourseInput = z.output<typeof courseInput>;
type CoursePatch = z.output<typeof coursePatch>;

function requireStatusPermission(
  user: CurrentUser,
  status: PublicationStatus | undefined,
  current?: PublicationStatus,
) {
  if (status !== undefined && status !== (current ?? "draft") && !canChangeStatus(user))
    throw new AppError("forbidden", "catalog.statusPermission");
}

async function requireCategory(db: DbOrTx, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw AppError.field("category_id", "catalog.categoryNotFound");
}

async function findCourse(db: DbOrTx, id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  if (!row) throw new AppError("not_found", "catalog.courseNotFound");
  return row;
}

// ---------- titles ----------

const summaryColumns = {
  id: courses.id,
  categoryId: courses.categoryId,
  categoryName: categories.nameEn,
  status: courses.status,
  titleEn: courses.titleEn,
  titleEs: courses.titleEs,
  pricePence: courses.pricePence,
  currency: courses.currency,
  isFree: courses.isFree,
  coverImageKey: courses.coverImageKey,
  position: courses.position,
  enrolmentCount: courses.enrolmentCount,
  publishedAt: courses.publishedAt,
  updatedAt: courses.updatedAt,
};
type SummaryRow = {
  id: number;
  categoryId: number | null;
  categoryName: string | null;
  status: PublicationStatus;
  titleEn: string;
  titleEs: string;
  pricePence: number;
  currency: string;
  isFree: boolean;
  coverImageKey: string | null;
  position: number;
  enrolmentCount: number;
  publishedAt: Date | null;
  updatedAt: Date;
};

function presentSummary(row: SummaryRow) {
  return {
    id: row.id,
    category_id: row.categoryId,
    category_name: row.categoryName,
    status: row.status,
    title_en: row.titleEn,
    title_es: row.titleEs,
    price_pence: row.pricePence,
    currency: row.currency,
    is_free: row.isFree,
    cover_url: coverUrl(row),
    position: row.position,
    enrolment_count: row.enrolmentCount,
    published_at: iso(row.publishedAt),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function adminListCourses(db: Db, query: z.output<typeof adminCourseListQuery>) {
  const englishMatch = query.q ? titleSearch(query.q, "en") : null;
  const spanishMatch = query.q ? titleSearch(query.q, "es") : null;
  const where = and(
    query.status ? eq(courses.status, query.status) : undefined,
    query.category_id ? eq(courses.categoryId, query.category_id) : undefined,
    englishMatch && spanishMatch ? sql`(${englishMatch.where} OR ${spanishMatch.where})` : undefined,
  ) as SQL | undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(courses)
      .leftJoin(categories, eq(categories.id, courses.categoryId))
      .where(where)
      .orderBy(asc(courses.position), desc(courses.updatedAt))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { data: rows.map(presentSummary), total: total?.n ?? 0 };
}

export async function adminCourse(db: Db, id: number): Promise<AdminCourse> {
  const [row] = await db
    .select({
      ...summaryColumns,
      shortEn: courses.shortDescriptionEn,
      shortEs: courses.shortDescriptionEs,
      descriptionEn: courses.descriptionEn,
      descriptionEs: courses.descriptionEs,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .where(eq(courses.id, id));
  if (!row) throw new AppError("not_found", "catalog.courseNotFound");
  const outline = await readOutline(db, id);
  const lectureIds = outline.order.map((l) => l.id);
  const [ebookCounts, faqCounts] = lectureIds.length
    ? await Promise.all([
        db
          .select({ id: lectureEbooks.lectureId, n: count() })
          .from(lectureEbooks)
          .where(inArray(lectureEbooks.lectureId, lectureIds))
          .groupBy(lectureEbooks.lectureId),
        db
          .select({ id: lectureFaqs.lectureId, n: count() })
          .from(lectureFaqs)
          .where(inArray(lectureFaqs.lectureId, lectureIds))
          .groupBy(lectureFaqs.lectureId),
      ])
    : [[], []];
  const ebooksBy = new Map(ebookCounts.map((c) => [c.id, c.n]));
  const faqsBy = new Map(faqCounts.map((c) => [c.id, c.n]));
  return {
    ...presentSummary(row),
    short_description_en: row.shortEn,
    short_description_es: row.shortEs,
    description_en: row.descriptionEn,
    description_es: row.descriptionEs,
    created_at: row.createdAt.toISOString(),
    levels: outline.levels.map((level) => ({
      id: level.id,
      title_en: level.titleEn,
      title_es: level.titleEs,
      position: level.position,
      modules: level.modules.map((module) => ({
        id: module.id,
        title_en: module.titleEn,
        title_es: module.titleEs,
        position: module.position,
        lectures: module.lectures.map((l) => ({
          id: l.id,
          title_en: l.titleEn,
          title_es: l.titleEs,
          position: l.position,
          status: l.status,
          is_preview: l.isPreview,
          has_video: l.hasVideo,
          has_quiz: l.hasQuiz,
          duration_seconds: l.durationSeconds,
          ebook_count: ebooksBy.get(l.id) ?? 0,
          faq_count: faqsBy.get(l.id) ?? 0,
        })),
      })),
    })),
  };
}

async function nextPosition(db: DbOrTx, table: PgTable, column: PgColumn, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ top: max(column) })
    .from(table)
    .where(where);
  return Number(row?.top ?? -1) + 1;
}

export async function createCourse(db: Db, user: CurrentUser, input: CourseInput) {
  requireStatusPermission(user, input.status);
  await requireCategory(db, input.category_id);
  const [row] = await db
    .insert(courses)
    .values({
      categoryId: input.category_id,
      titleEn: input.title_en,
      titleEs: input.title_es,
      shortDescriptionEn: input.short_description_en,
      shortDescriptionEs: input.short_description_es,
      descriptionEn: input.description_en,
      descriptionEs: input.description_es,
      pricePence: input.is_free ? 0 : input.price_pence,
      isFree: input.is_free,
      position: input.position ?? (await nextPosition(db, courses, courses.position)),
      status: input.status ?? "draft",
      publishedAt: input.status === "published" ? new Date() : null,
    })
    .returning({ id: courses.id });
  return row!.id;
}

export async function updateCourse(db: Db, user: CurrentUser, id: number, patch: CoursePatch) {
  const current = await findCourse(db, id);
  requireStatusPermission(user, patch.status, current.status);
  if (patch.category_id !== undefined) await requireCategory(db, patch.category_id);
  const isFree = patch.is_free ?? current.isFree;
  const price = isFree ? 0 : (patch.price_pence ?? current.pricePence);
  if (!isFree && price === 0) throw AppError.field("price_pence", "catalog.paidNeedsPrice");
  await db
    .update(courses)
    .set({
      categoryId: patch.category_id === undefined ? current.categoryId : patch.category_id,
      titleEn: patch.title_en ?? current.titleEn,
      titleEs: patch.title_es ?? current.titleEs,
      shortDescriptionEn: patch.short_description_en ?? current.shortDescriptionEn,
      shortDescriptionEs: patch.short_description_es ?? current.shortDescriptionEs,
      descriptionEn: patch.description_en ?? current.descriptionEn,
      descriptionEs: patch.description_es ?? current.descriptionEs,
      isFree,
      pricePence: price,
      position: patch.position ?? current.position,
      ...(patch.status ? statusChange(patch.status, current.publishedAt) : {}),
      updatedAt: new Date(),
    })
    .where(eq(courses.id, id));
}

const statusChange = (status: PublicationStatus, publishedAt: Date | null) => ({
  status,
  publishedAt: status === "published" ? (publishedAt ?? new Date()) : publishedAt,
});

export async function setCourseStatus(db: Db, id: number, status: PublicationStatus) {
  const current = await findCourse(db, id);
  await db
    .update(courses)
    .set({ ...statusChange(status, current.publishedAt), updatedAt: new Date() })
    .where(eq(courses.id, id));
}

/** Storage keys of everything under a title (or a level, module, lecture), to remove after the rows. */
async function fileKeys(
  db: DbOrTx,
  where: { courseId?: number; levelId?: number; moduleId?: number; lectureId?: number },
) {
  const lectureWhere = where.lectureId
    ? eq(lectures.id, where.lectureId)
    : where.moduleId
      ? eq(lectures.moduleId, where.moduleId)
      : where.levelId
        ? inArray(
            lectures.moduleId,
            db
              .select({ id: courseModules.id })
              .from(courseModules)
              .where(eq(courseModules.levelId, where.levelId)),
          )
        : eq(lectures.courseId, where.courseId ?? 0);
  const rows = await db
    .select({ video: lectures.videoKey, ebook: lectureEbooks.fileKey })
    .from(lectures)
    .leftJoin(lectureEbooks, eq(lectureEbooks.lectureId, lectures.id))
    .where(lectureWhere);
  return [...new Set(rows.flatMap((r) => [r.video, r.ebook]).filter((k): k is string => Boolean(k)))];
}

export async function removeFiles(storage: Storage, keys: readonly (string | null)[]) {
  await Promise.all(
    keys.filter((k): k is string => Boolean(k)).map((k) => storage.delete(k).catch(() => {})),
  );
}

export async function deleteCourse(db: Db, storage: Storage, id: number) {
  const course = await findCourse(db, id);
  if (await hasEnrolments(db, id)) throw new AppError("conflict", "catalog.courseHasEnrolments");
  const keys = await fileKeys(db, { courseId: id });
  await db.delete(courses).where(eq(courses.id, id));
  await removeFiles(storage, [...keys, course.coverImageKey]);
}

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

export async function findLevel(db: DbOrTx, id: number) {
  const [row] = await db.select().from(courseLevels).where(eq(courseLevels.id, id));
  if (!row) throw new AppError("not_found", "catalog.levelNotFound");
  return row;
}

export async function findModule(db: DbOrTx, id: number) {
  const [row] = await db.select().from(courseModules).where(eq(courseModules.id, id));
  if (!row) throw new AppError("not_found", "catalog.moduleNotFound");
  return row;
}

export async function findLecture(db: DbOrTx, id: number) {
  const [row] = await db.select().from(lectures).where(eq(lectures.id, id));
  if (!row) throw new AppError("not_found", "lecture.notFound");
  return row;
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

export async function deleteLevel(db: Db, storage: Storage, id: number) {
  await findLevel(db, id);
  const keys = await fileKeys(db, { levelId: id });
  await db.delete(courseLevels).where(eq(courseLevels.id, id));
  await removeFiles(storage, keys);
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

export async function deleteModule(db: Db, storage: Storage, id: number) {
  await findModule(db, id);
  const keys = await fileKeys(db, { moduleId: id });
  await db.delete(courseModules).where(eq(courseModules.id, id));
  await removeFiles(storage, keys);
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

export async function deleteLecture(db: Db, storage: Storage, id: number) {
  await findLecture(db, id);
  const keys = await fileKeys(db, { lectureId: id });
  await db.delete(lectures).where(eq(lectures.id, id));
  await removeFiles(storage, keys);
}

export async function adminLecture(
  deps: { db: Db; config: Config },
  user: CurrentUser,
  id: number,
): Promise<AdminLecture> {
  const { db } = deps;
  const lecture = await findLecture(db, id);
  const [module, ebooks, faqs] = await Promise.all([
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
  ]);
  const token = lecture.videoKey
    ? (await signMediaToken(deps.config.jwtSecret, { userId: user.id, lectureId: id, kind: "video" })).token
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
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: table.id }).from(table).where(parent).for("update");
    const have = new Set(current.map((r) => r.id));
    if (ids.length !== have.size || new Set(ids).size !== ids.length || ids.some((i) => !have.has(i)))
      throw AppError.field("ids", "catalog.orderMismatch");
    if (ids.length === 0) return;
    await tx
      .update(table)
      .set({
        position: sql`array_position(${sql.raw(`ARRAY[${ids.map(Number).join(",")}]::int[]`)}, ${table.id}) - 1`,
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
