/**
 * A lecture's captions (WebVTT per language) and chapters: authors upload and replace them, the
 * learner's lecture lists them, and the caption files are served behind the video's own access.
 *
 * A caption file is read whole (1 MB at most) and checked before it is stored: UTF-8 text, WebVTT
 * syntax, and every cue inside the video's duration (the contract's WebVTT reader names the line).
 */
import { randomBytes } from "node:crypto";
import {
  type CaptionLanguage,
  type LanguageCode,
  type LectureCaption,
  type LectureChapter,
  type LectureMediaExtras,
  lectureMediaLimits,
  messageKey,
  parseWebVtt,
} from "@aprendo/contract";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { findLecture } from "../catalog/authoring-helpers.service";
import { cached, invalidateCatalog } from "../catalog/catalog-cache.service";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { lectureCaptions, lectureChapters, lectureResources } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { receiveMultipart } from "../http/multipart";
import { localized } from "../lib/text";
import { removeStoredFiles } from "../storage/remove-files";

const suffix = () => randomBytes(6).toString("hex");

/** A lecture's chapters in the order they start (the learner's player and the editor). */
const chaptersOf = (db: Db, lectureId: number) =>
  db
    .select()
    .from(lectureChapters)
    .where(eq(lectureChapters.lectureId, lectureId))
    .orderBy(asc(lectureChapters.startSeconds));

/** What a learner's lecture shows of its captions and chapters (cached with the lecture's files). */
export async function captionsAndChapters(db: Db, lectureId: number) {
  return cached(db, `lecture-extras:${lectureId}`, async () => {
    const [captions, chapters] = await Promise.all([
      db
        .select({ language: lectureCaptions.language, fileKey: lectureCaptions.fileKey })
        .from(lectureCaptions)
        .where(eq(lectureCaptions.lectureId, lectureId))
        .orderBy(asc(lectureCaptions.language)),
      chaptersOf(db, lectureId),
    ]);
    return { captions, chapters };
  });
}

/** The captions and chapters of the learner's lecture payload; caption URLs carry the video's token. */
export async function videoExtras(
  db: Db,
  lectureId: number,
  language: LanguageCode,
  captionUrl: (language: CaptionLanguage) => string,
): Promise<{ captions: LectureCaption[]; chapters: LectureChapter[] }> {
  const { captions, chapters } = await captionsAndChapters(db, lectureId);
  return {
    captions: captions.map((c) => ({ language: c.language, url: captionUrl(c.language) })),
    chapters: chapters.map((c) => ({
      title: localized(language, c.titleEn, c.titleEs),
      start_seconds: c.startSeconds,
    })),
  };
}

/** An authoring write: cached lecture reads on this node start again (as every /af write does). */
const forget = (db: Db) => invalidateCatalog(db);

/** A 400 naming the field, its message with parameters ("line 12 ..."). */
export const fieldProblem = (field: string, key: string, params: Record<string, string | number> = {}) =>
  new AppError("validation", messageKey(key, params), { fields: { [field]: [messageKey(key, params)] } });

/** What the lecture editor shows: the captions per language, the chapters and the resources. */
export async function mediaExtras(db: Db, lectureId: number): Promise<LectureMediaExtras> {
  const lecture = await findLecture(db, lectureId);
  const [captions, chapters, resources] = await Promise.all([
    db
      .select()
      .from(lectureCaptions)
      .where(eq(lectureCaptions.lectureId, lectureId))
      .orderBy(asc(lectureCaptions.language)),
    chaptersOf(db, lectureId),
    db
      .select()
      .from(lectureResources)
      .where(eq(lectureResources.lectureId, lectureId))
      .orderBy(asc(lectureResources.position), asc(lectureResources.id)),
  ]);
  return {
    has_video: lecture.videoKey !== null,
    duration_seconds: lecture.durationSeconds,
    captions: captions.map((c) => ({
      language: c.language,
      cue_count: c.cueCount,
      size_bytes: c.fileBytes,
      updated_at: c.updatedAt.toISOString(),
      url: `/api/af/lectures/${lectureId}/captions/${c.language}`,
    })),
    chapters: chapters.map((c) => ({
      title_en: c.titleEn,
      title_es: c.titleEs,
      start_seconds: c.startSeconds,
    })),
    resources: resources.map((r) => ({
      id: r.id,
      title: r.title,
      file_name: r.fileName,
      type: r.contentType,
      size_bytes: r.fileBytes,
    })),
  };
}

/** Checks and stores one language's caption file, replacing the one before; answers its cue count. */
export async function saveCaptions(
  deps: Pick<Deps, "db" | "storage" | "log">,
  request: FastifyRequest,
  lectureId: number,
  language: CaptionLanguage,
): Promise<number> {
  const { db, storage } = deps;
  const lecture = await findLecture(db, lectureId);
  if (!lecture.videoKey) throw new AppError("conflict", "captions.noVideo");
  if (!request.isMultipart()) throw AppError.field("file", "catalog.fileRequired");
  const form = await receiveMultipart(request, {
    maxFileBytes: lectureMediaLimits.captionMaxBytes,
    maxFiles: 1,
    maxFields: 5,
    maxFieldBytes: 1_000,
    tooLarge: () =>
      new AppError("payload_too_large", "catalog.fileTooLarge", {
        params: { max: lectureMediaLimits.captionMaxBytes / (1024 * 1024) },
      }),
  });
  const file = form.files[0];
  if (!file || file.data.length === 0) throw AppError.field("file", "catalog.fileRequired");
  let source: string;
  try {
    source = new TextDecoder("utf-8", { fatal: true }).decode(file.data);
  } catch {
    // Not UTF-8: the author sent something else (a .srt in another encoding, a video...).
    throw AppError.field("file", "captions.notText");
  }
  if (source.includes("\u0000")) throw AppError.field("file", "captions.notText");
  const result = parseWebVtt(source, lecture.durationSeconds);
  if (!result.ok) throw fieldProblem("file", result.problem.key, result.problem.params);

  const key = `lectures/${lectureId}/captions-${language}-${suffix()}.vtt`;
  await storage.put(key, file.data, { contentType: "text/vtt" });
  const [before] = await db
    .select({ fileKey: lectureCaptions.fileKey })
    .from(lectureCaptions)
    .where(and(eq(lectureCaptions.lectureId, lectureId), eq(lectureCaptions.language, language)));
  const row = {
    fileKey: key,
    fileBytes: file.data.length,
    cueCount: result.cues.length,
    updatedAt: new Date(),
  };
  await db
    .insert(lectureCaptions)
    .values({ lectureId, language, ...row })
    .onConflictDoUpdate({ target: [lectureCaptions.lectureId, lectureCaptions.language], set: row });
  forget(db);
  await removeStoredFiles(deps, [before?.fileKey], { during: "caption replacement", lectureId, language });
  return result.cues.length;
}

export async function deleteCaptions(
  deps: Pick<Deps, "db" | "storage" | "log">,
  lectureId: number,
  language: CaptionLanguage,
) {
  const { db } = deps;
  await findLecture(db, lectureId);
  const [removed] = await db
    .delete(lectureCaptions)
    .where(and(eq(lectureCaptions.lectureId, lectureId), eq(lectureCaptions.language, language)))
    .returning({ fileKey: lectureCaptions.fileKey });
  if (!removed) throw new AppError("not_found", "captions.notFound");
  forget(db);
  await removeStoredFiles(deps, [removed.fileKey], { during: "caption removal", lectureId, language });
}

/** Replaces the lecture's chapters; each must start inside the video, no two at the same second. */
export async function saveChapters(
  db: Db,
  lectureId: number,
  chapters: ReadonlyArray<{ title_en: string; title_es: string; start_seconds: number }>,
) {
  const lecture = await findLecture(db, lectureId);
  const seen = new Set<number>();
  for (const [i, chapter] of chapters.entries()) {
    if (lecture.durationSeconds > 0 && chapter.start_seconds >= lecture.durationSeconds)
      throw fieldProblem(`chapters.${i}.start_seconds`, "chapters.afterEnd", {
        title: chapter.title_en,
        duration: lecture.durationSeconds,
      });
    if (seen.has(chapter.start_seconds))
      throw fieldProblem(`chapters.${i}.start_seconds`, "chapters.twice", { start: chapter.start_seconds });
    seen.add(chapter.start_seconds);
  }
  await transaction(db, async (tx) => {
    await tx.delete(lectureChapters).where(eq(lectureChapters.lectureId, lectureId));
    if (chapters.length > 0)
      await tx.insert(lectureChapters).values(
        chapters.map((c) => ({
          lectureId,
          titleEn: c.title_en,
          titleEs: c.title_es,
          startSeconds: c.start_seconds,
        })),
      );
  });
  forget(db);
}

/** The stored key of a lecture's caption file in one language. */
export async function captionKey(db: Db, lectureId: number, language: CaptionLanguage): Promise<string> {
  const { captions } = await captionsAndChapters(db, lectureId);
  const caption = captions.find((c) => c.language === language);
  if (!caption) throw new AppError("not_found", "captions.notFound");
  return caption.fileKey;
}
