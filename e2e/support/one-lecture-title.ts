/**
 * A tiny title built through the authoring API, as an administrator would: one level, one module,
 * one lecture with the short sample video (and whatever files a journey adds). The journeys that
 * need a title of their own (the player's captions, the certificate) start here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect } from "./fixtures";

const root = path.resolve(import.meta.dirname, "..", "..");

/** An administrator's requests: the page's request context and its bearer header. */
export type Api = { request: APIRequestContext; auth: Record<string, string> };
type Upload = { name: string; mimeType: string; buffer: Buffer };

/** A JSON call that must succeed (its answer is returned). */
export async function call(api: Api, method: "POST" | "PUT", url: string, data?: object) {
  const res = await api.request.fetch(`/api${url}`, { method, headers: api.auth, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** A multipart upload that must succeed: the file after the form's other fields. */
export async function upload(api: Api, url: string, file: Upload, fields: Record<string, string> = {}) {
  const res = await api.request.post(`/api${url}`, { headers: api.auth, multipart: { ...fields, file } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** The repository's short sample lecture video (15 seconds). */
export const sampleVideo = (name: string): Upload => ({
  name,
  mimeType: "video/mp4",
  buffer: readFileSync(path.join(root, "apps/api/src/seed/assets/lecture-b.mp4")),
});

type Texts = [en: string, es: string];

/**
 * A free draft title named `name` with its level, module and one lecture (the sample video uploaded),
 * all named in English and Spanish. Answers the ids; `publishTitle` publishes it.
 */
export async function oneLectureTitle(
  api: Api,
  texts: { name: string; about: Texts; level: Texts; module: Texts; lecture: Texts; description: Texts },
) {
  const course = await call(api, "POST", "/af/courses", {
    title_en: texts.name,
    title_es: `${texts.name} (ES)`,
    short_description_en: texts.about[0],
    short_description_es: texts.about[1],
    price_pence: 0,
    is_free: true,
  });
  const level = await call(api, "POST", `/af/courses/${course.id}/levels`, {
    title_en: texts.level[0],
    title_es: texts.level[1],
  });
  const module = await call(api, "POST", `/af/levels/${level.id}/modules`, {
    title_en: texts.module[0],
    title_es: texts.module[1],
  });
  const lecture = await call(api, "POST", `/af/modules/${module.id}/lectures`, {
    title_en: texts.lecture[0],
    title_es: texts.lecture[1],
    description_en: texts.description[0],
    description_es: texts.description[1],
  });
  await upload(api, `/af/lectures/${lecture.id}/video`, sampleVideo(`${texts.lecture[0].toLowerCase()}.mp4`));
  return { courseId: course.id as number, moduleId: module.id as number, lectureId: lecture.id as number };
}

/** Publishes the lecture, then the title. */
export async function publishTitle(api: Api, courseId: number, lectureId: number) {
  await call(api, "PUT", `/af/lectures/${lectureId}/status`, { status: "published" });
  await call(api, "PUT", `/af/courses/${courseId}/status`, { status: "published" });
}
