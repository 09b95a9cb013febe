/** Category authoring (isCategoryManager) and the lecture-notes access list (isCourseManager). */

import type { courseCategoryInput, courseCategoryPatch, notesAccessGrant } from "@aprendo/contract";
import { Role } from "@aprendo/contract";
import { and, asc, count, desc, eq, max, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { categories, courseModules, courses, lectureNotesAccess, lectures, users } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { iso } from "../lib/text";

export function slugify(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "category"
  );
}

const adminCategoryColumns = {
  id: categories.id,
  name_en: categories.nameEn,
  name_es: categories.nameEs,
  slug: categories.slug,
  position: categories.position,
  course_count: count(courses.id),
};

/** One category with both names and how many titles use it (404 "category not found"). */
export async function adminCategory(db: Db, id: number) {
  const [row] = await db
    .select(adminCategoryColumns)
    .from(categories)
    .leftJoin(courses, eq(courses.categoryId, categories.id))
    .where(eq(categories.id, id))
    .groupBy(categories.id);
  if (!row) throw new AppError("not_found", "catalog.categoryNotFound");
  return row;
}

export async function adminCategories(db: Db) {
  const rows = await db
    .select({
      id: categories.id,
      name_en: categories.nameEn,
      name_es: categories.nameEs,
      slug: categories.slug,
      position: categories.position,
      course_count: count(courses.id),
    })
    .from(categories)
    .leftJoin(courses, eq(courses.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.id));
  return { data: rows };
}

async function requireFreeSlug(db: Db, slug: string, except?: number) {
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), except ? ne(categories.id, except) : undefined));
  if (taken) throw AppError.field("slug", "catalog.slugTaken");
}

export async function createCategory(db: Db, input: z.output<typeof courseCategoryInput>) {
  const slug = input.slug ?? slugify(input.name_en);
  await requireFreeSlug(db, slug);
  const [top] = await db.select({ top: max(categories.position) }).from(categories);
  const [row] = await db
    .insert(categories)
    .values({
      nameEn: input.name_en,
      nameEs: input.name_es,
      slug,
      position: input.position ?? (top?.top ?? -1) + 1,
    })
    .returning({ id: categories.id });
  return row!.id;
}

export async function updateCategory(db: Db, id: number, patch: z.output<typeof courseCategoryPatch>) {
  if (patch.slug) await requireFreeSlug(db, patch.slug, id);
  const [row] = await db
    .update(categories)
    .set({
      ...(patch.name_en ? { nameEn: patch.name_en } : {}),
      ...(patch.name_es ? { nameEs: patch.name_es } : {}),
      ...(patch.slug ? { slug: patch.slug } : {}),
      ...(patch.position !== undefined ? { position: patch.position } : {}),
      updatedAt: new Date(),
    })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  if (!row) throw new AppError("not_found", "catalog.categoryNotFound");
}

export async function deleteCategory(db: Db, id: number) {
  const [used] = await db.select({ n: count() }).from(courses).where(eq(courses.categoryId, id));
  if ((used?.n ?? 0) > 0) throw new AppError("conflict", "catalog.categoryInUse");
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  if (!row) throw new AppError("not_found", "catalog.categoryNotFound");
}

// ---------- lecture-notes access list ----------

export async function listNotesAccess(db: Db, courseId: number) {
  const rows = await db
    .select({ grant: lectureNotesAccess, username: users.username })
    .from(lectureNotesAccess)
    .innerJoin(users, eq(users.id, lectureNotesAccess.userId))
    .where(eq(lectureNotesAccess.courseId, courseId))
    .orderBy(desc(lectureNotesAccess.id));
  return {
    data: rows.map(({ grant, username }) => ({
      id: grant.id,
      user: { id: grant.userId, username },
      course_id: grant.courseId,
      module_id: grant.moduleId,
      lecture_id: grant.lectureId,
      source: grant.source,
      note: grant.note,
      expires_at: iso(grant.expiresAt),
      created_at: grant.createdAt.toISOString(),
    })),
  };
}

export async function grantNotesAccess(
  db: Db,
  admin: CurrentUser,
  courseId: number,
  input: z.output<typeof notesAccessGrant>,
) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", "catalog.courseNotFound");
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.user_id), eq(users.roleId, Role.learner)));
  if (!learner) throw AppError.field("user_id", "catalog.userNotFound");
  if (input.module_id) {
    const [m] = await db
      .select({ c: courseModules.courseId })
      .from(courseModules)
      .where(eq(courseModules.id, input.module_id));
    if (m?.c !== courseId) throw AppError.field("module_id", "catalog.lectureNotInCourse");
  }
  if (input.lecture_id) {
    const [l] = await db
      .select({ c: lectures.courseId })
      .from(lectures)
      .where(eq(lectures.id, input.lecture_id));
    if (l?.c !== courseId) throw AppError.field("lecture_id", "catalog.lectureNotInCourse");
  }
  const [row] = await db
    .insert(lectureNotesAccess)
    .values({
      userId: input.user_id,
      courseId,
      moduleId: input.module_id,
      lectureId: input.lecture_id,
      source: "admin",
      grantedBy: admin.id,
      note: input.note,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    })
    .returning({ id: lectureNotesAccess.id });
  return row!.id;
}

export async function revokeNotesAccess(db: Db, id: number) {
  const [row] = await db
    .delete(lectureNotesAccess)
    .where(eq(lectureNotesAccess.id, id))
    .returning({ id: lectureNotesAccess.id });
  if (!row) throw new AppError("not_found");
}
