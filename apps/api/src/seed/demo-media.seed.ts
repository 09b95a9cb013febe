/**
 * The demo lectures' generated media (made by scripts/demo-media/generate.ts):
 * a narrated-slides MP4 per title, its HLS renditions, English and Spanish captions and chapters.
 * The renditions are committed, so a fresh `npm install && npm start` plays HLS with no ffmpeg:
 * they are stored once per title under `demo/hls/<title>/` and every lecture of the title points
 * its `lecture_media` row there (media.service.ts keeps a folder while a lecture still uses it).
 * Captions are copied per lecture, since an author may replace or delete one lecture's captions.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseWebVtt } from "@aprendo/contract";
import type { Db } from "../db/client";
import { lectureCaptions, lectureChapters, lectureMedia } from "../db/schema/index";
import { renditionTypes } from "../media/media.service";
import type { Storage } from "../storage/storage";

export type DemoMedia = {
  slug: string;
  heights: number[];
  files: string[];
  folder: string;
  captions: Array<{ language: "en" | "es"; data: Buffer; cues: number }>;
  chapters: Array<{ title_en: string; title_es: string; start_seconds: number }>;
};

/** The generated media of `demo/<slug>/original.mp4`, or null for any other seed video. */
export async function loadDemoMedia(assets: string, video: string): Promise<DemoMedia | null> {
  const match = /^demo\/([a-z-]+)\/original\.mp4$/.exec(video);
  if (!match) return null;
  const folder = path.join(assets, "demo", match[1]!);
  const files = (await readdir(path.join(folder, "hls"))).filter((f) => renditionTypes[f.split(".").pop()!]);
  const master = await readFile(path.join(folder, "hls", "master.m3u8"), "utf8");
  const heights = [...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
  const captions = await Promise.all(
    (["en", "es"] as const).map(async (language) => {
      const data = await readFile(path.join(folder, `captions.${language}.vtt`));
      const parsed = parseWebVtt(data.toString("utf8"));
      if (!parsed.ok) throw new Error(`demo captions ${match[1]}/${language}: ${parsed.problem.key}`);
      return { language, data, cues: parsed.cues.length };
    }),
  );
  const chapters = JSON.parse(await readFile(path.join(folder, "chapters.json"), "utf8"));
  return { slug: match[1]!, heights, files, folder, captions, chapters };
}

/** Stores the title's renditions once (`stored` remembers which titles are done in this seed run). */
export async function attachDemoMedia(
  deps: { db: Db; storage: Storage },
  lectureId: number,
  sourceKey: string,
  media: DemoMedia,
  stored: Set<string>,
) {
  const { db, storage } = deps;
  const prefix = `demo/hls/${media.slug}/`;
  if (!stored.has(media.slug)) {
    for (const file of media.files) {
      const data = await readFile(path.join(media.folder, "hls", file));
      await storage.put(prefix + file, data, { contentType: renditionTypes[file.split(".").pop()!] });
    }
    stored.add(media.slug);
  }
  const now = new Date();
  await db.insert(lectureMedia).values({
    lectureId,
    status: "ready",
    progress: 100,
    sourceKey,
    prefix,
    heights: media.heights,
    startedAt: now,
    finishedAt: now,
  });
  for (const caption of media.captions) {
    const key = `lectures/${lectureId}/captions-${caption.language}-seed.vtt`;
    await storage.put(key, caption.data, { contentType: "text/vtt" });
    await db.insert(lectureCaptions).values({
      lectureId,
      language: caption.language,
      fileKey: key,
      fileBytes: caption.data.length,
      cueCount: caption.cues,
    });
  }
  if (media.chapters.length > 0)
    await db.insert(lectureChapters).values(
      media.chapters.map((c) => ({
        lectureId,
        titleEn: c.title_en,
        titleEs: c.title_es,
        startSeconds: c.start_seconds,
      })),
    );
}
