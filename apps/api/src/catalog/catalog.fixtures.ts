/** Test factories of the catalogue: `buildCourse(t, { levels: 2 })`, `enrol(t, user, course)`, `multipart(...)`. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../test/test-app";
import {
  categories,
  courseLevels,
  courseModules,
  courses,
  enrolments,
  lectureEbooks,
  lectureFaqs,
  lectures,
  type PublicationStatus,
} from "../db/schema/index";
import { buildPdf } from "../seed/assets/pdf";
import { seedAssetsFolder } from "../seed/catalog.seed";

export const assetsFolder = seedAssetsFolder() ?? path.resolve("apps/api/src/seed/assets");
export const sampleVideo = () => readFileSync(path.join(assetsFolder, "lecture-b.mp4"));
export const sampleWebm = () => readFileSync(path.join(assetsFolder, "lecture-d.webm"));
export const samplePng = () => readFileSync(path.join(assetsFolder, "cover-photography.png"));
export const samplePdf = () =>
  buildPdf(
    [
      { title: "One", paragraphs: ["First page"] },
      { title: "Two", paragraphs: ["Second page"] },
      { title: "Three", paragraphs: ["Third page"] },
    ],
    { title: "Sample", footer: "Test" },
  );

let sequence = 0;

export type BuiltCourse = {
  id: number;
  lectureIds: number[];
  moduleIds: number[];
  levelIds: number[];
  categoryId: number;
};

export async function buildCourse(
  t: TestApp,
  options: {
    status?: PublicationStatus;
    pricePence?: number;
    levels?: number;
    modules?: number;
    lectures?: number;
    duration?: number;
    title?: [string, string];
    /** Lectures (by index in learning order) with a quiz, in preview, or in another status. */
    quizAt?: number[];
    previewAt?: number[];
    lectureStatus?: Record<number, PublicationStatus>;
    categoryId?: number;
  } = {},
): Promise<BuiltCourse> {
  sequence += 1;
  const db = t.deps.db;
  const categoryId =
    options.categoryId ??
    (
      await db
        .insert(categories)
        .values({
          nameEn: `Category ${sequence}`,
          nameEs: `Categoría ${sequence}`,
          slug: `category-${sequence}-${Date.now()}`,
        })
        .returning({ id: categories.id })
    )[0]!.id;
  const price = options.pricePence ?? 0;
  const [title, titleEs] = options.title ?? [`Course ${sequence}`, `Curso ${sequence}`];
  const [course] = await db
    .insert(courses)
    .values({
      categoryId,
      status: options.status ?? "published",
      titleEn: title,
      titleEs,
      shortDescriptionEn: `About ${title}`,
      shortDescriptionEs: `Sobre ${titleEs}`,
      pricePence: price,
      isFree: price === 0,
      publishedAt: new Date(),
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  const video = sampleVideo();
  const pdf = samplePdf();
  const built: BuiltCourse = { id: courseId, lectureIds: [], moduleIds: [], levelIds: [], categoryId };
  let index = 0;
  for (let l = 0; l < (options.levels ?? 2); l++) {
    const [level] = await db
      .insert(courseLevels)
      .values({ courseId, position: l, titleEn: `Level ${l + 1}`, titleEs: `Nivel ${l + 1}` })
      .returning({ id: courseLevels.id });
    built.levelIds.push(level!.id);
    for (let m = 0; m < (options.modules ?? 1); m++) {
      const [module] = await db
        .insert(courseModules)
        .values({
          levelId: level!.id,
          courseId,
          position: m,
          titleEn: `Module ${l + 1}.${m + 1}`,
          titleEs: `Módulo ${l + 1}.${m + 1}`,
        })
        .returning({ id: courseModules.id });
      built.moduleIds.push(module!.id);
      for (let n = 0; n < (options.lectures ?? 2); n++) {
        const [lecture] = await db
          .insert(lectures)
          .values({
            moduleId: module!.id,
            courseId,
            position: n,
            titleEn: `Lecture ${index + 1}`,
            titleEs: `Lección ${index + 1}`,
            status: options.lectureStatus?.[index] ?? "published",
            durationSeconds: options.duration ?? 20,
            videoType: "video/mp4",
            videoBytes: video.length,
            isPreview: options.previewAt?.includes(index) ?? false,
            hasQuiz: options.quizAt?.includes(index) ?? false,
          })
          .returning({ id: lectures.id });
        const lectureId = lecture!.id;
        const videoKey = `lectures/${lectureId}/video.mp4`;
        await t.deps.storage.put(videoKey, video);
        await t.deps.storage.put(`lectures/${lectureId}/ebooks/notes.pdf`, pdf);
        await db.update(lectures).set({ videoKey }).where(eqId(lectureId));
        await db.insert(lectureEbooks).values({
          lectureId,
          titleEn: "Notes",
          titleEs: "Apuntes",
          fileKey: `lectures/${lectureId}/ebooks/notes.pdf`,
          fileBytes: pdf.length,
          pages: 3,
        });
        await db.insert(lectureFaqs).values({
          lectureId,
          questionEn: "A question?",
          questionEs: "¿Una pregunta?",
          answerEn: "An answer.",
          answerEs: "Una respuesta.",
        });
        built.lectureIds.push(lectureId);
        index += 1;
      }
    }
  }
  return built;
}

const eqId = (id: number) => eq(lectures.id, id);

export async function enrol(t: TestApp, userId: number, courseId: number) {
  await t.deps.db.insert(enrolments).values({ userId, courseId, source: "admin" });
}

/** A multipart/form-data body: fields first, then the file (as the upload routes expect). */
export function multipart(
  fields: Record<string, string>,
  file: { name?: string; filename: string; contentType: string; data: Buffer } | null,
) {
  const boundary = `----aprendo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? "file"}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
