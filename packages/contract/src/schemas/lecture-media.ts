/**
 * A lecture's captions, chapters and resources, and manual completion.
 *
 * Authors (isCourseManager):
 *   GET    /af/lectures/:id/media-extras              captions (per language), chapters, resources
 *   POST   /af/lectures/:id/captions/:language        multipart `file`: WebVTT (validated; times inside the video)
 *   DELETE /af/lectures/:id/captions/:language
 *   PUT    /af/lectures/:id/chapters                  the whole list of chapters
 *   POST   /af/lectures/:id/resources                 multipart `title` + `file` (PDF, ZIP, text/code; 50 MB)
 *   DELETE /af/lecture-resources/:id
 * Learners (same access as the lecture's video):
 *   GET /iu/lectures/:id/captions/:language[?token=]  the WebVTT file (bearer or the video's media token)
 *   GET /lectures/:id/preview/captions/:language      a preview lecture's captions
 *   GET /iu/lectures/:id/resources                    the lecture's resources
 *   GET /iu/lectures/:id/resources/:resourceId/file   a resource download (bearer)
 *   POST /iu/lectures/:id/complete                    mark a lecture without a video complete
 */
import { z } from "zod";
import { MB } from "../domain/constants";
import { captionLanguage } from "./catalog";
import { idParam, text } from "./validators";

export const lectureMediaLimits = {
  captionMaxBytes: 1 * MB,
  resourceMaxBytes: 50 * MB,
  maxChapters: 50,
  maxResources: 20,
} as const;

const id = z.number().int();

export const captionParams = z.object({ id: idParam, language: captionLanguage });
export const lectureResourceParams = z.object({ id: idParam, resourceId: idParam });

export const chapterInput = z.object({
  title_en: text(1, 120),
  title_es: text(1, 120),
  start_seconds: z.number().int().min(0).max(86_400),
});
export const lectureChaptersBody = z.object({
  chapters: z.array(chapterInput).max(lectureMediaLimits.maxChapters),
});

export const adminCaption = z.object({
  language: captionLanguage,
  cue_count: z.number().int(),
  size_bytes: z.number().int(),
  updated_at: z.string(),
  /** Opens the file for its authors (bearer). */
  url: z.string(),
});
export const adminResource = z.object({
  id,
  title: z.string(),
  file_name: z.string(),
  type: z.string(),
  size_bytes: z.number().int(),
});
/** A stored chapter as answered (plain strings: the input's trimming is no reply's business). */
export const storedChapter = z.object({
  title_en: z.string(),
  title_es: z.string(),
  start_seconds: z.number().int(),
});
export const lectureMediaExtras = z.object({
  has_video: z.boolean(),
  duration_seconds: z.number().int(),
  captions: z.array(adminCaption),
  chapters: z.array(storedChapter),
  resources: z.array(adminResource),
});
export type LectureMediaExtras = z.infer<typeof lectureMediaExtras>;

/** A resource in the learner's lecture: downloaded with the session (bearer) from `url`. */
export const lectureResource = adminResource.extend({ url: z.string() });
export type LectureResource = z.infer<typeof lectureResource>;
export const lectureResourceList = z.object({ data: z.array(lectureResource) });
