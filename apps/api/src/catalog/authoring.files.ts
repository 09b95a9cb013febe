/** Authoring uploads: a title's cover, a lecture's video and its e-books (type by content, size-limited). */
import { randomBytes } from "node:crypto";
import { catalogLimits, imageTypes, type lectureEbookPatch, videoTypes } from "@aprendo/contract";
import { eq, max } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Db } from "../db/client";
import { courses, lectureEbooks, lectures } from "../db/schema/index";
import { AppError } from "../http/errors";
import { storeUpload } from "../http/uploads";
import { removeStoredFiles } from "../storage/remove-files";
import { extensionOf } from "../storage/sniff";
import { type FileDeps, findLecture } from "./authoring-helpers.service";
import { pdfPageCounter, storedVideoDuration } from "./media-probe";

const suffix = () => randomBytes(6).toString("hex");

export async function uploadCover(deps: FileDeps, courseId: number, request: FastifyRequest) {
  const { db, storage } = deps;
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", "catalog.courseNotFound");
  const { key, type } = await storeUpload(request, storage, {
    maxBytes: catalogLimits.coverMaxBytes,
    types: imageTypes,
    keyFor: (type) => `courses/${courseId}/cover-${suffix()}.${extensionOf[type]}`,
  });
  await db
    .update(courses)
    .set({ coverImageKey: key, coverImageType: type, updatedAt: new Date() })
    .where(eq(courses.id, courseId));
  await removeStoredFiles(deps, [course.coverImageKey], { during: "cover replaced", courseId });
}

/** Replaces a lecture's video; its duration is read from the file, or taken from `duration_seconds`. */
export async function uploadVideo(deps: FileDeps, lectureId: number, request: FastifyRequest) {
  const { db, storage } = deps;
  const lecture = await findLecture(db, lectureId);
  const upload = await storeUpload(request, storage, {
    maxBytes: catalogLimits.videoMaxBytes,
    types: videoTypes,
    keyFor: (type) => `lectures/${lectureId}/video-${suffix()}.${extensionOf[type]}`,
  });
  const { key } = upload;
  const given = Number(upload.fields.duration_seconds);
  const stored = await storage.get(key);
  const duration =
    Number.isInteger(given) && given > 0 && given <= 86_400
      ? given
      : stored && (await storedVideoDuration(stored, upload.type));
  if (!duration) {
    await removeStoredFiles(deps, [key], { during: "video of unknown length refused", lectureId });
    throw AppError.field("duration_seconds", "catalog.durationUnknown");
  }
  await db
    .update(lectures)
    .set({
      videoKey: key,
      videoType: upload.type,
      videoBytes: upload.size,
      durationSeconds: duration,
      updatedAt: new Date(),
    })
    .where(eq(lectures.id, lectureId));
  await removeStoredFiles(deps, [lecture.videoKey], { during: "video replaced", lectureId });
  return duration;
}

/** Adds a PDF to a lecture; form fields `title_en`, `title_es` (default: the file name), `pages`. */
export async function uploadEbook(deps: FileDeps, lectureId: number, request: FastifyRequest) {
  const { db, storage } = deps;
  await findLecture(db, lectureId);
  const counter = pdfPageCounter();
  const upload = await storeUpload(request, storage, {
    maxBytes: catalogLimits.ebookMaxBytes,
    types: ["application/pdf"],
    keyFor: () => `lectures/${lectureId}/ebooks/${suffix()}.pdf`,
    observe: counter.observe,
  });
  const { key } = upload;
  const fallback = upload.fileName.replace(/\.pdf$/i, "").slice(0, 160) || "E-book";
  const given = Number(upload.fields.pages);
  const [top] = await db
    .select({ top: max(lectureEbooks.position) })
    .from(lectureEbooks)
    .where(eq(lectureEbooks.lectureId, lectureId));
  const [row] = await db
    .insert(lectureEbooks)
    .values({
      lectureId,
      titleEn: (upload.fields.title_en || fallback).slice(0, 160),
      titleEs: (upload.fields.title_es || upload.fields.title_en || fallback).slice(0, 160),
      fileKey: key,
      fileBytes: upload.size,
      pages:
        Number.isInteger(given) && given > 0 && given < 10_000 ? given : Math.min(counter.pages(), 9_999),
      position: (top?.top ?? -1) + 1,
    })
    .returning({ id: lectureEbooks.id });
  return row!.id;
}

export async function updateEbook(db: Db, id: number, patch: z.output<typeof lectureEbookPatch>) {
  const [row] = await db
    .update(lectureEbooks)
    .set({
      ...(patch.title_en ? { titleEn: patch.title_en } : {}),
      ...(patch.title_es ? { titleEs: patch.title_es } : {}),
      ...(patch.position !== undefined ? { position: patch.position } : {}),
      updatedAt: new Date(),
    })
    .where(eq(lectureEbooks.id, id))
    .returning({ id: lectureEbooks.id });
  if (!row) throw new AppError("not_found", "lecture.ebookNotFound");
}

export async function deleteEbook(deps: FileDeps, id: number) {
  const [row] = await deps.db.delete(lectureEbooks).where(eq(lectureEbooks.id, id)).returning();
  if (!row) throw new AppError("not_found", "lecture.ebookNotFound");
  await removeStoredFiles(deps, [row.fileKey], { during: "e-book removed", ebookId: id });
}
