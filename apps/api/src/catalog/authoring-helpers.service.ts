/** Small pieces shared by the authoring services: finders, positions, status permission, files. */

import type { PublicationStatus } from "@aprendo/contract";
import { eq, inArray, max, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import {
  categories,
  courseLevels,
  courseModules,
  courses,
  lectureEbooks,
  lectureMedia,
  lectures,
} from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { removeRenditions } from "../media/media.service";
import { removeStoredFiles } from "../storage/remove-files";
import { catalogPolicy } from "./catalog.policy";

export function requireStatusPermission(
  user: CurrentUser,
  status: PublicationStatus | undefined,
  current?: PublicationStatus,
) {
  if (status !== undefined && status !== (current ?? "draft") && !catalogPolicy.allow(user, "changeStatus"))
    throw new AppError("forbidden", "catalog.statusPermission");
}

export async function requireCategory(db: DbOrTx, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw AppError.field("category_id", "catalog.categoryNotFound");
}

export async function findCourse(db: DbOrTx, id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  if (!row) throw new AppError("not_found", "catalog.courseNotFound");
  return row;
}

export async function nextPosition(
  db: DbOrTx,
  table: PgTable,
  column: PgColumn,
  where?: SQL,
): Promise<number> {
  const [row] = await db
    .select({ top: max(column) })
    .from(table)
    .where(where);
  return Number(row?.top ?? -1) + 1;
}

export type FileDeps = Pick<Deps, "db" | "storage" | "log">;

type LectureScope = { courseId?: number; levelId?: number; moduleId?: number; lectureId?: number };

function lecturesIn(db: DbOrTx, where: LectureScope) {
  return where.lectureId
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
}

export async function fileKeys(db: DbOrTx, where: LectureScope) {
  const rows = await db
    .select({ video: lectures.videoKey, ebook: lectureEbooks.fileKey })
    .from(lectures)
    .leftJoin(lectureEbooks, eq(lectureEbooks.lectureId, lectures.id))
    .where(lecturesIn(db, where));
  return [...new Set(rows.flatMap((r) => [r.video, r.ebook]).filter((k): k is string => Boolean(k)))];
}

/**
 * Deletes the rows of a title, level, module or lecture with `deleteRows` (lectures cascade), then
 * what they left in storage: videos, e-books, `extraKeys` (a cover) and the HLS rendition folders,
 * each kept while a lecture elsewhere still plays it (the demo's lectures share one per title).
 */
export async function deleteWithFiles(
  deps: FileDeps,
  where: LectureScope,
  deleteRows: () => Promise<unknown>,
  extraKeys: readonly (string | null)[] = [],
) {
  const keys = await fileKeys(deps.db, where);
  const renditions = await deps.db
    .selectDistinct({ prefix: lectureMedia.prefix })
    .from(lectureMedia)
    .innerJoin(lectures, eq(lectures.id, lectureMedia.lectureId))
    .where(lecturesIn(deps.db, where));
  await deleteRows();
  await removeStoredFiles(deps, [...keys, ...extraKeys], { during: "authoring deletion", ...where });
  // One folder at a time: each lists its files from its playlists before deleting them.
  for (const { prefix } of renditions)
    await removeRenditions(deps, prefix, { during: "lecture deleted", ...where });
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
