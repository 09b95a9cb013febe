/**
 * Adaptive streaming of lecture videos: the `media.transcode` job, its state on
 * the lecture's `lecture_media` row, and the URLs the lecture editor and the player get.
 *
 * An upload (or an author's "convert again") marks the row `queued` and sends the job; with no
 * ffmpeg the row says `unavailable` and learners keep getting the uploaded MP4. The job copies the
 * source to a temporary folder, transcodes it (media/transcode.ts), puts every file through the
 * storage port (segments first, the master playlist last), then switches the row to `ready` only if
 * the lecture still has the same source; the renditions it replaced are deleted after the switch.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { type LectureStreaming, messageKey } from "@aprendo/contract";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { lectureMedia, lectures, type MediaStatus } from "../db/schema/index";
import { AppError } from "../http/errors";
import { removeStoredFiles } from "../storage/remove-files";
import { findFfmpeg } from "./ffmpeg";
import { FfmpegError, TranscodeStopped, transcodeToHls } from "./transcode";

export const TRANSCODE_JOB = "media.transcode";

export type MediaRow = typeof lectureMedia.$inferSelect;

/** What each kind of rendition file is served as; anything else is not a rendition file. */
export const renditionTypes: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  m4s: "video/iso.segment",
  mp4: "video/mp4",
  jpg: "image/jpeg",
  vtt: "text/vtt; charset=utf-8",
};

/** A file name the transcoder writes: flat, lower case, one known extension (no path, no `..`). */
export const RENDITION_FILE = /^[a-z0-9][a-z0-9_]{0,40}\.(m3u8|m4s|mp4|jpg|vtt)$/;

export async function mediaOf(db: Db, lectureId: number): Promise<MediaRow | null> {
  const [row] = await db.select().from(lectureMedia).where(eq(lectureMedia.lectureId, lectureId));
  return row ?? null;
}

/** The URL of one rendition file (`master.m3u8`...) on the routes of media/hls.routes.ts. */
export type RenditionUrl = (name: string) => string;

/** `/api/iu/lectures/:id/hls/:file?token=`, or the public preview's `/api/lectures/:id/preview/hls/:file`. */
export function renditionUrl(lectureId: number, token: string | null): RenditionUrl {
  return token
    ? (name) => `/api/iu/lectures/${lectureId}/hls/${name}?token=${encodeURIComponent(token)}`
    : (name) => `/api/lectures/${lectureId}/preview/hls/${name}`;
}

/** The state for the lecture editor, with the author's preview URLs when ready. */
export function streamingBody(
  row: MediaRow,
  t: (message: string) => string,
  url: RenditionUrl | null,
): LectureStreaming {
  const ready = row.status === "ready" && row.prefix !== null;
  const message =
    row.status === "processing"
      ? messageKey("media.processing", { percent: row.progress })
      : row.status === "ready"
        ? messageKey("media.ready", { heights: row.heights.map((h) => `${h}p`).join(", ") })
        : `media.${row.status}`;
  return {
    status: row.status,
    progress: row.progress,
    message: t(message),
    error: row.error,
    heights: ready ? row.heights : [],
    hls_url: ready && url ? url("master.m3u8") : null,
    poster_url: ready && url ? url("poster.jpg") : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The player's URLs, when the renditions are ready. */
export function playerUrls(row: MediaRow | null, url: RenditionUrl) {
  if (row?.status !== "ready" || !row.prefix) return { hlsUrl: null, posterUrl: null, thumbnailsUrl: null };
  return { hlsUrl: url("master.m3u8"), posterUrl: url("poster.jpg"), thumbnailsUrl: url("thumbs.vtt") };
}

/**
 * A playlist or the thumbnails' WebVTT with `?token=` added to every file it names, so a player
 * (which resolves them beside the playlist and drops the playlist's own query) sends the token
 * with each segment. Only these small text files are rewritten; segments go out as stored.
 */
export function withToken(text: string, token: string): string {
  const query = `?token=${encodeURIComponent(token)}`;
  return text
    .split("\n")
    .map((line) => {
      if (line.startsWith("#"))
        return line.replace(/URI="([^"?]+)"/g, (_, uri: string) => `URI="${uri}${query}"`);
      const file = /^([a-z0-9][a-z0-9_]*\.(?:m3u8|m4s|mp4|jpg))(#.*)?$/.exec(line.trim());
      return file ? `${file[1]}${query}${file[2] ?? ""}` : line;
    })
    .join("\n");
}

/**
 * Every file under a rendition folder, read from its playlists (storage has no listing): the
 * master, each variant playlist, the init and media segments they name, poster and thumbnails.
 */
async function renditionKeys(deps: Pick<Deps, "storage">, prefix: string): Promise<string[]> {
  const names = new Set(["master.m3u8", "poster.jpg", "thumbs.jpg", "thumbs.vtt"]);
  const read = async (name: string) => {
    const file = await deps.storage.get(prefix + name);
    if (!file) return "";
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const uris = (text: string) => [
    ...text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#")),
    ...[...text.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!),
  ];
  for (const variant of uris(await read("master.m3u8")).filter((u) => RENDITION_FILE.test(u))) {
    names.add(variant);
    for (const file of uris(await read(variant))) if (RENDITION_FILE.test(file)) names.add(file);
  }
  return [...names].map((name) => prefix + name);
}

/**
 * Deletes a rendition folder, unless a lecture still plays it: the demo's lectures share one
 * folder per title (seed/demo-media.seed.ts), so replacing one lecture's video keeps the others'.
 */
export async function removeRenditions(
  deps: Pick<Deps, "storage" | "log" | "db">,
  prefix: string | null,
  context: Record<string, unknown>,
) {
  if (!prefix) return;
  const [inUse] = await deps.db
    .select({ lectureId: lectureMedia.lectureId })
    .from(lectureMedia)
    .where(eq(lectureMedia.prefix, prefix))
    .limit(1);
  if (inUse) return;
  const keys = await renditionKeys(deps, prefix).catch((error: unknown) => {
    deps.log.error({ err: error, prefix, ...context }, "HLS renditions not listed for deletion");
    return [] as string[];
  });
  await removeStoredFiles(deps, keys, context);
}

async function setState(
  db: Db,
  lectureId: number,
  sourceKey: string,
  values: Partial<Omit<MediaRow, "lectureId" | "sourceKey">>,
) {
  return db
    .update(lectureMedia)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(lectureMedia.lectureId, lectureId), eq(lectureMedia.sourceKey, sourceKey)))
    .returning({ lectureId: lectureMedia.lectureId });
}

/**
 * Queues the transcode of the lecture's current video (after an upload, or when an author asks
 * again). Renditions of a previous video are deleted at once; those of the same video stay
 * playable until the new ones replace them.
 */
export async function requestTranscode(deps: Deps, lectureId: number): Promise<void> {
  const { db, jobs, config } = deps;
  const [lecture] = await db
    .select({ videoKey: lectures.videoKey })
    .from(lectures)
    .where(eq(lectures.id, lectureId));
  if (!lecture) throw new AppError("not_found", "lecture.notFound");
  if (!lecture.videoKey) throw new AppError("not_found", "lecture.noVideo");
  const sourceKey = lecture.videoKey;
  const previous = await mediaOf(db, lectureId);
  const sameSource = previous?.sourceKey === sourceKey;
  const ffmpeg = await findFfmpeg(config.ffmpegPath);
  const status: MediaStatus = ffmpeg.found ? "queued" : "unavailable";
  const values = {
    status,
    progress: 0,
    error: ffmpeg.found ? null : ffmpeg.reason,
    sourceKey,
    startedAt: null,
    finishedAt: null,
    updatedAt: new Date(),
    // The renditions of the same source keep playing while new ones are made.
    ...(sameSource ? {} : { prefix: null, heights: [] }),
  };
  await db
    .insert(lectureMedia)
    .values({ lectureId, ...values })
    .onConflictDoUpdate({ target: lectureMedia.lectureId, set: values });
  if (!sameSource)
    await removeRenditions(deps, previous?.prefix ?? null, { during: "video replaced", lectureId });
  if (!ffmpeg.found) {
    deps.log.warn({ lectureId, reason: ffmpeg.reason }, "video kept as uploaded: no ffmpeg to transcode it");
    return;
  }
  // Hours of video on one thread can take a while; a job past this is retried by pg-boss, as is one
  // stopped with its node (TranscodeStopped).
  await jobs.send(
    TRANSCODE_JOB,
    { lectureId, sourceKey },
    { expireInSeconds: 6 * 60 * 60, retry: { limit: 5, delaySeconds: 30, maxDelaySeconds: 600 } },
  );
}

/** Progress is written at most every 2 points and every second: enough for a polling editor. */
function progressWriter(db: Db, lectureId: number, sourceKey: string, log: Deps["log"]) {
  let written = 0;
  let at = 0;
  let chain = Promise.resolve();
  return {
    report(fraction: number) {
      const percent = Math.min(99, Math.floor(fraction * 100));
      if (percent < written + 2 || Date.now() - at < 1_000) return;
      written = percent;
      at = Date.now();
      chain = chain
        .then(() => setState(db, lectureId, sourceKey, { progress: percent }))
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error, lectureId }, "transcode progress not saved"));
    },
    settled: () => chain,
  };
}

/** The job: transcode one lecture's video if it is still the lecture's source. */
export async function transcodeLecture(deps: Deps, lectureId: number, sourceKey: string): Promise<void> {
  const { db, storage, log, config } = deps;
  const row = await mediaOf(db, lectureId);
  // Replaced or deleted since the job was sent: the newer upload has its own job.
  if (!row || row.sourceKey !== sourceKey || row.status === "ready") return;
  const ffmpeg = await findFfmpeg(config.ffmpegPath);
  if (!ffmpeg.found) {
    await setState(db, lectureId, sourceKey, { status: "unavailable", error: ffmpeg.reason });
    return;
  }
  await setState(db, lectureId, sourceKey, {
    status: "processing",
    progress: 0,
    error: null,
    startedAt: new Date(),
  });
  const work = await mkdtemp(path.join(tmpdir(), "aprendo-hls-"));
  const progress = progressWriter(db, lectureId, sourceKey, log);
  const prefix = `lectures/${lectureId}/hls/${randomBytes(6).toString("hex")}/`;
  let stored: string[] = [];
  try {
    const source = await storage.get(sourceKey);
    if (!source) throw new FfmpegError("the uploaded video is no longer in storage");
    const input = path.join(work, "source");
    await pipeline(source.stream(), createWriteStream(input));
    const out = path.join(work, "out");
    await mkdir(out);
    const result = await transcodeToHls(ffmpeg.path, input, out, {
      onProgress: (f) => progress.report(f),
      signal: deps.jobs.stopping,
    });
    await progress.settled();
    // Segments and images first, variant playlists next, the master last: no playlist ever names a missing file.
    const rank = (name: string) => (name === "master.m3u8" ? 2 : name.endsWith(".m3u8") ? 1 : 0);
    const names = [...result.files].sort((a, b) => rank(a) - rank(b));
    for (const name of names) {
      const ext = name.slice(name.lastIndexOf(".") + 1);
      await storage.put(prefix + name, await readFile(path.join(out, name)), {
        contentType: renditionTypes[ext] ?? "application/octet-stream",
      });
      stored.push(prefix + name);
    }
    const switched = await setState(db, lectureId, sourceKey, {
      status: "ready",
      progress: 100,
      error: null,
      prefix,
      heights: result.heights,
      finishedAt: new Date(),
    });
    if (switched.length === 0) {
      log.info({ lectureId }, "transcode finished after its video was replaced; its renditions are dropped");
      return;
    }
    stored = [];
    if (row.prefix && row.prefix !== prefix)
      await removeRenditions(deps, row.prefix, { during: "renditions replaced", lectureId });
    log.info({ lectureId, heights: result.heights, files: names.length }, "lecture video transcoded to HLS");
  } catch (error) {
    await progress.settled();
    if (error instanceof TranscodeStopped) {
      // The node is stopping: the job fails now and pg-boss runs it again (its retry policy below),
      // so the author sees it waiting again rather than failed, or "processing" for hours.
      log.warn({ lectureId, sourceKey }, "transcode stopped with the node; it will run again");
      await setState(db, lectureId, sourceKey, { status: "queued", progress: 0, startedAt: null });
      throw error;
    }
    const detail = error instanceof FfmpegError ? error.message : "internal error";
    log.error({ err: error, lectureId, sourceKey }, "lecture video transcode failed");
    await setState(db, lectureId, sourceKey, {
      status: "failed",
      error: detail.slice(0, 500),
      finishedAt: new Date(),
    });
  } finally {
    if (stored.length > 0) await removeStoredFiles(deps, stored, { during: "dropped transcode", lectureId });
    await rm(work, { recursive: true, force: true });
  }
}

export async function registerMediaJobs(deps: Deps): Promise<void> {
  await deps.jobs.work(TRANSCODE_JOB, async (data) => {
    const lectureId = Number(data.lectureId);
    const sourceKey = typeof data.sourceKey === "string" ? data.sourceKey : "";
    if (Number.isInteger(lectureId) && lectureId > 0 && sourceKey)
      await transcodeLecture(deps, lectureId, sourceKey);
  });
}
