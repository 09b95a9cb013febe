/**
 * Course authoring of titles: list, outline, create, update, status, delete. Status changes need
 * isAbleToUpdateCourseStatus; everything else isCourseManager (checked by the routes). Levels,
 * modules, lectures and FAQs are in structure.service.ts; files (cover, video, e-books) in authoring.files.ts.
 */
import type {
  AdminCourse,
  adminCourseListQuery,
  courseInput,
  coursePatch,
  PublicationStatus,
} from "@aprendo/contract";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { categories, courses, lectureCaptions, lectureEbooks, lectureFaqs } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { coverUrl, iso } from "../lib/text";
import {
  deleteWithFiles,
  type FileDeps,
  findCourse,
  nextPosition,
  requireCategory,
  requireStatusPermission,
} from "./authoring-helpers.service";
import { hasEnrolments } from "./catalog.service";
import { readOutline } from "./outline.service";
import { titleSearch } from "./search.service";

type CourseInput = z.output<typeof courseInput>;
type CoursePatch = z.output<typeof coursePatch>;

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
      .orderBy(
        ...listOrder(
          query.sort,
          {
            title: sql`lower(${courses.titleEn})`,
            category: sql`lower(${categories.nameEn})`,
            status: courses.status,
            price: courses.pricePence,
            learners: courses.enrolmentCount,
            updated_at: courses.updatedAt,
          },
          courses.id,
          [asc(courses.position), desc(courses.updatedAt), desc(courses.id)],
        ),
      )
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
      level: courses.level,
      teachingLanguage: courses.teachingLanguage,
      outcomesEn: courses.outcomesEn,
      outcomesEs: courses.outcomesEs,
      requirementsEn: courses.requirementsEn,
      requirementsEs: courses.requirementsEs,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .where(eq(courses.id, id));
  if (!row) throw new AppError("not_found", "catalog.courseNotFound");
  const outline = await readOutline(db, id);
  const lectureIds = outline.order.map((l) => l.id);
  const [ebookCounts, faqCounts, captioned] = lectureIds.length
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
        db
          .selectDistinct({ id: lectureCaptions.lectureId })
          .from(lectureCaptions)
          .where(inArray(lectureCaptions.lectureId, lectureIds)),
      ])
    : [[], [], []];
  const ebooksBy = new Map(ebookCounts.map((c) => [c.id, c.n]));
  const withCaptions = new Set(captioned.map((c) => c.id));
  const faqsBy = new Map(faqCounts.map((c) => [c.id, c.n]));
  return {
    ...presentSummary(row),
    short_description_en: row.shortEn,
    short_description_es: row.shortEs,
    description_en: row.descriptionEn,
    description_es: row.descriptionEs,
    level: row.level,
    language: row.teachingLanguage === "es" ? "es" : "en",
    outcomes_en: row.outcomesEn,
    outcomes_es: row.outcomesEs,
    requirements_en: row.requirementsEn,
    requirements_es: row.requirementsEs,
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
          has_captions: withCaptions.has(l.id),
        })),
      })),
    })),
  };
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
      level: input.level,
      teachingLanguage: input.language,
      outcomesEn: input.outcomes_en,
      outcomesEs: input.outcomes_es,
      requirementsEn: input.requirements_en,
      requirementsEs: input.requirements_es,
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
      level: patch.level ?? current.level,
      teachingLanguage: patch.language ?? current.teachingLanguage,
      outcomesEn: patch.outcomes_en ?? current.outcomesEn,
      outcomesEs: patch.outcomes_es ?? current.outcomesEs,
      requirementsEn: patch.requirements_en ?? current.requirementsEn,
      requirementsEs: patch.requirements_es ?? current.requirementsEs,
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

/** Deletes a title without learners, then its files (authoring.helpers.ts, deleteWithFiles). */
export async function deleteCourse(deps: FileDeps, id: number) {
  const { db } = deps;
  const course = await findCourse(db, id);
  if (await hasEnrolments(db, id)) throw new AppError("conflict", "catalog.courseHasEnrolments");
  await deleteWithFiles(deps, { courseId: id }, () => db.delete(courses).where(eq(courses.id, id)), [
    course.coverImageKey,
  ]);
}
