/**
 * Adaptive streaming over HTTP: an author's upload is transcoded to HLS by the
 * background job (real ffmpeg, a generated 1-second clip), the editor sees its progress and
 * errors, learners get the playlists and segments with Range and cache headers, and every file is
 * refused to a learner who is not entitled or whose link expired; on S3 too. Without ffmpeg the
 * upload stays MP4 with the author told why (that path is tested whatever the machine has).
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { type LocalS3, startLocalS3 } from "../../test/s3-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol, multipart, sampleVideo } from "../catalog/catalog.fixtures";
import { enrolments, lectureMedia, lectures } from "../db/schema/index";
import { signMediaToken, verifyMediaToken } from "../http/media-token";
import { createPgBossJobs } from "../jobs/jobs";
import { findFfmpeg } from "./ffmpeg";
import { transcodeLecture } from "./media.service";
import { runFfmpeg, TranscodeStopped } from "./transcode";

const ffmpeg = await findFfmpeg(undefined);
if (!ffmpeg.found)
  console.warn(`media.test.ts: transcoding tests skipped (${ffmpeg.reason}); the MP4 fallback is tested`);

/**
 * A 1-second 1280x720 clip with a tone, made once by the ffmpeg under test: 720p for both renditions,
 * one segment and one thumbnail as a 2-second clip has, at half the transcoding (three per run).
 */
let clipMade: Promise<Buffer> | undefined;
const generatedClip = () => {
  clipMade ??= makeClip();
  return clipMade;
};

async function makeClip(): Promise<Buffer> {
  if (!ffmpeg.found) throw new Error("no ffmpeg");
  const dir = await mkdtemp(path.join(tmpdir(), "aprendo-clip-"));
  try {
    const file = path.join(dir, "clip.mp4");
    await runFfmpeg(ffmpeg.path, [
      "-f", "lavfi", "-i", "testsrc=size=1280x720:rate=25",
      "-f", "lavfi", "-i", "sine=frequency=440",
      "-t", "1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
      "-c:a", "aac", "-movflags", "+faststart", file,
    ]); // biome-ignore format: ffmpeg's arguments read best in pairs
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Headers = Record<string, string>;

function client(t: TestApp) {
  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: "GET", url, headers });
  const upload = (lectureId: number, auth: Headers, data: Buffer, fields: Record<string, string> = {}) => {
    const body = multipart(fields, { filename: "talk.mp4", contentType: "video/mp4", data });
    return t.app.inject({
      method: "POST",
      url: `/api/af/lectures/${lectureId}/video`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  return { get, upload };
}

/** The files a variant playlist names: its init segment and media segments. */
const namesIn = (playlist: string) => [
  ...[...playlist.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!),
  ...playlist.split("\n").filter((line) => line && !line.startsWith("#")),
];

/** Everything a learner's player fetches, checked for Range, types, caching and the access rules. */
async function checkLearnerStreaming(t: TestApp, lectureId: number, courseId: number) {
  const { get } = client(t);
  const learner = await buildLearner(t);
  await enrol(t, learner.id, courseId);
  const lecture = await get(`/api/iu/lectures/${lectureId}`, learner.auth);
  expect(lecture.statusCode).toBe(200);
  const video = lecture.json().video;
  const base = `/api/iu/lectures/${lectureId}/hls/`;
  expect(video.hlsUrl).toMatch(new RegExp(`^${base}master\\.m3u8\\?token=[^&]+$`));
  expect(video.posterUrl).toMatch(/\/poster\.jpg\?token=/);
  expect(video.thumbnailsUrl).toMatch(/\/thumbs\.vtt\?token=/);
  const token = new URL(video.hlsUrl, "http://x").searchParams.get("token")!;
  const plain = (name: string) => name.replace(/\?.*$/, "");

  const master = await get(video.hlsUrl);
  expect(master.statusCode).toBe(200);
  expect(master.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
  expect(master.headers["cache-control"]).toBe("private, max-age=30");
  expect(master.body).toContain("RESOLUTION=640x360");
  expect(master.body).toContain("RESOLUTION=1280x720");
  // Each file a playlist names carries the token, so the player's next request passes the check.
  const variants = namesIn(master.body);
  expect(variants.map(plain)).toEqual(["360p.m3u8", "720p.m3u8"]);
  for (const name of variants) expect(name).toBe(`${plain(name)}?token=${encodeURIComponent(token)}`);

  const variant = await get(base + variants[0]);
  expect(variant.statusCode).toBe(200);
  const [init, segmentUrl] = namesIn(variant.body);
  expect(plain(init!)).toBe("360p_init.mp4");
  const segment = plain(segmentUrl!);
  expect(segment).toMatch(/^360p_\d{3}\.m4s$/);
  expect((await get(base + init)).statusCode).toBe(200);

  const whole = await get(base + segmentUrl);
  expect(whole.statusCode).toBe(200);
  expect(whole.headers["content-type"]).toBe("video/iso.segment");
  expect(whole.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
  const size = Number(whole.headers["content-length"]);
  expect(size).toBeGreaterThan(1000);
  const part = await get(base + segmentUrl, { range: "bytes=100-199" });
  expect(part.statusCode).toBe(206);
  expect(part.headers["content-range"]).toBe(`bytes 100-199/${size}`);
  expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
  expect((await get(base + segmentUrl, { range: `bytes=${size}-` })).statusCode).toBe(416);

  const thumbs = await get(video.thumbnailsUrl);
  expect(thumbs.headers["content-type"]).toBe("text/vtt; charset=utf-8");
  const sprite = /^(thumbs\.jpg\?token=[^#\s]+)#xywh=0,0,160,90$/m.exec(thumbs.body);
  expect(sprite).not.toBeNull();
  const image = await get(base + sprite![1]);
  expect(image.statusCode).toBe(200);
  expect(image.headers["content-type"]).toBe("image/jpeg");
  expect((await get(video.posterUrl)).statusCode).toBe(200);

  // An expired link, a link of another lecture, no link: refused, whatever the file.
  const secret = t.config.jwtSecret;
  const own = await verifyMediaToken(secret, token);
  expect(own).toMatchObject({ userId: learner.id, lectureId, kind: "video" });
  const sign = async (lecture: number, seconds?: number) =>
    (await signMediaToken(secret, { ...own!, lectureId: lecture }, seconds)).token;
  for (const bad of [await sign(lectureId, -60), await sign(lectureId + 1_000), "not-a-token"]) {
    const refused = await get(`${base}${segment}?token=${encodeURIComponent(bad)}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This link has expired. Open it again from the lecture.");
  }
  expect((await get(`${base}${segment}`)).statusCode).toBe(422);
  // Only the transcoder's own file names are served (an invalid path parameter is "not found").
  expect((await get(`${base}..%2Fvideo-seed.mp4?token=${token}`)).statusCode).toBe(404);
  expect((await get(`${base}Master.M3U8?token=${token}`)).statusCode).toBe(404);
  // A learner no longer enrolled (refunded...): their links stop working for every file.
  await t.deps.db
    .delete(enrolments)
    .where(and(eq(enrolments.userId, learner.id), eq(enrolments.courseId, courseId)));
  for (const name of [video.hlsUrl, base + variants[0], base + segmentUrl, base + sprite![1]]) {
    const refused = await get(name);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Enrol in this title to open its lectures");
  }
}

describe.skipIf(!ffmpeg.found)("HLS transcoding with ffmpeg", () => {
  let t: TestApp;
  let clip: Buffer;
  beforeAll(async () => {
    clip = await generatedClip();
    // The real queue (pg-boss on the test's database): the upload answers at once, the job runs after.
    t = await createTestApp(
      { ffmpegPath: undefined },
      { jobs: (url) => createPgBossJobs(url, pino({ level: "silent" })) },
    );
  });
  afterAll(() => t?.close());

  it("shows the author the job's progress, then serves the renditions to entitled learners only", async () => {
    const { get, upload } = client(t);
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const uploaded = await upload(lectureId, author.auth, clip);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().video.streaming).toMatchObject({ status: "queued", progress: 0, hls_url: null });

    // The editor polls its lecture: it sees the job start, advance, and finish.
    const seen: Array<{ status: string; progress: number; message: string }> = [];
    const deadline = Date.now() + 60_000;
    let streaming = uploaded.json().video.streaming;
    while (streaming.status !== "ready" && streaming.status !== "failed" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      streaming = (await get(`/api/af/lectures/${lectureId}`, author.auth)).json().video.streaming;
      seen.push(streaming);
    }
    expect(streaming).toMatchObject({ status: "ready", progress: 100, heights: [360, 720], error: null });
    expect(streaming.message).toBe("Adaptive streaming ready: 360p, 720p");
    expect(streaming.hls_url).toMatch(/\/hls\/master\.m3u8\?token=/);
    const working = seen.filter((s) => s.status === "processing");
    expect(working.length).toBeGreaterThan(0);
    expect(working.at(-1)!.message).toMatch(/^Preparing adaptive streaming: \d+%$/);
    // Progress only goes forward.
    const percents = working.map((s) => s.progress);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // The author's preview plays the HLS stream too; the original upload is kept.
    expect((await get(streaming.hls_url)).statusCode).toBe(200);
    const original = await get((await get(`/api/af/lectures/${lectureId}`, author.auth)).json().video.url);
    expect(original.rawPayload.equals(clip)).toBe(true);

    await checkLearnerStreaming(t, lectureId, course.id);
  }, 120_000);

  it("stores ffmpeg's error on the lecture when the file cannot be transcoded, in the author's language", async () => {
    const { get, upload } = client(t);
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    // An MP4 header and nothing playable after it (its duration given by the author).
    const broken = Buffer.concat([clip.subarray(0, 32), Buffer.alloc(4096, 7)]);
    expect((await upload(lectureId, author.auth, broken, { duration_seconds: "2" })).statusCode).toBe(200);
    const deadline = Date.now() + 60_000;
    let streaming = { status: "queued" } as Record<string, unknown>;
    while (["queued", "processing"].includes(String(streaming.status)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const editor = await get(`/api/af/lectures/${lectureId}`, { ...author.auth, "x-language-code": "es" });
      streaming = editor.json().video.streaming;
    }
    expect(streaming).toMatchObject({
      status: "failed",
      message: "No se pudo preparar el streaming adaptativo; los alumnos reciben el vídeo tal como se subió",
      hls_url: null,
    });
    expect(streaming.error).toMatch(/not a readable video/);
    // Learners still get the uploaded MP4, and no HLS.
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const video = (await get(`/api/iu/lectures/${lectureId}`, learner.auth)).json().video;
    expect(video).toMatchObject({ hlsUrl: null, posterUrl: null, thumbnailsUrl: null });
    expect((await get(video.url)).statusCode).toBe(200);
  }, 120_000);
});

/** How many running processes have `marker` in their command line (Linux's /proc). */
async function processesWith(marker: string): Promise<number> {
  let found = 0;
  for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
    const line = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (line.includes(marker)) found += 1;
  }
  return found;
}

describe.skipIf(!ffmpeg.found || process.platform !== "linux")("a transcode when its node stops", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ffmpegPath: undefined });
  });
  afterAll(() => t?.close());

  it("stops the ffmpeg it runs, so none outlives the node", async () => {
    const marker = `aprendo-stop-${process.pid}-${Date.now()}`;
    const stopping = new AbortController();
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    // An endless source read at its own pace (-re): it runs until stopped, at little CPU.
    const run = runFfmpeg(
      ffmpeg.found ? ffmpeg.path : "",
      [
        "-re",
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=160x120:rate=5",
        "-metadata",
        `comment=${marker}`,
        "-f",
        "null",
        "-",
      ],
      { onSeconds: () => started(), signal: stopping.signal },
    );
    await running;
    expect(await processesWith(marker)).toBe(1);
    stopping.abort();
    await expect(run).rejects.toBeInstanceOf(TranscodeStopped);
    expect(await processesWith(marker)).toBe(0);
  });

  it("puts the lecture back in the queue for the job's next run, not failed", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const sourceKey = `lectures/${lectureId}/video-stopped.mp4`;
    await t.deps.storage.put(sourceKey, await generatedClip(), { contentType: "video/mp4" });
    await t.deps.db.update(lectures).set({ videoKey: sourceKey }).where(eq(lectures.id, lectureId));
    await t.deps.db.insert(lectureMedia).values({ lectureId, status: "queued", sourceKey });
    // The node began to stop before (or while) the job ran.
    const stopped = { ...t.deps, jobs: { ...t.deps.jobs, stopping: AbortSignal.abort() } };
    await expect(transcodeLecture(stopped, lectureId, sourceKey)).rejects.toBeInstanceOf(TranscodeStopped);
    const [row] = await t.deps.db.select().from(lectureMedia).where(eq(lectureMedia.lectureId, lectureId));
    expect(row).toMatchObject({ status: "queued", progress: 0, error: null, prefix: null });
    // What the author's editor shows: waiting, as before the job started.
    const editor = await t.app.inject({
      method: "GET",
      url: `/api/af/lectures/${lectureId}`,
      headers: author.auth,
    });
    expect(editor.json().video.streaming).toMatchObject({ status: "queued", progress: 0 });
  });
});

describe.skipIf(!ffmpeg.found)("HLS renditions on S3 storage", () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    // Inline jobs: the upload's answer already has the renditions.
    t = await createTestApp({ ffmpegPath: undefined }, { storage: s3.storage });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it("puts every rendition through the storage port and serves it from the bucket with Range", async () => {
    const { upload } = client(t);
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const uploaded = await upload(lectureId, author.auth, await generatedClip());
    expect(uploaded.json().video.streaming).toMatchObject({ status: "ready", heights: [360, 720] });
    const keys = await s3.keys();
    const hls = keys.filter((k) => k.startsWith(`lectures/${lectureId}/hls/`)).map((k) => path.basename(k));
    expect(hls).toEqual(
      expect.arrayContaining(["master.m3u8", "360p.m3u8", "720p_init.mp4", "poster.jpg", "thumbs.vtt"]),
    );
    await checkLearnerStreaming(t, lectureId, course.id);

    // Another video replaces the renditions: the old folder's files leave the bucket.
    const before = keys.filter((k) => k.includes("/hls/"));
    expect((await upload(lectureId, author.auth, await generatedClip())).statusCode).toBe(200);
    const after = await s3.keys();
    expect(before.some((k) => after.includes(k))).toBe(false);
  }, 120_000);
});

describe("without ffmpeg", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ffmpegPath: "none" });
  });
  afterAll(() => t.close());

  it("keeps the upload as MP4, tells the author why in their language, and learners play the MP4", async () => {
    const { get, upload } = client(t);
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const uploaded = await upload(lectureId, author.auth, sampleVideo());
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().video.streaming).toMatchObject({
      status: "unavailable",
      hls_url: null,
      error: "FFMPEG_PATH=none turns transcoding off",
    });
    expect(uploaded.json().video.streaming.message).toMatch(/^This server has no video converter \(ffmpeg\)/);
    const spanish = await get(`/api/af/lectures/${lectureId}`, { ...author.auth, "x-language-code": "es" });
    expect(spanish.json().video.streaming.message).toMatch(/^Este servidor no tiene conversor de vídeo/);

    // Asking again says the same; nothing is queued.
    const again = await t.app.inject({
      method: "POST",
      url: `/api/af/lectures/${lectureId}/video/transcode`,
      headers: author.auth,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().video.streaming.status).toBe("unavailable");

    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const video = (await get(`/api/iu/lectures/${lectureId}`, learner.auth)).json().video;
    expect(video).toMatchObject({ hlsUrl: null, posterUrl: null, thumbnailsUrl: null });
    const mp4 = await get(video.url, { range: "bytes=0-7" });
    expect(mp4.statusCode).toBe(206);
    const token = new URL(video.url, "http://x").searchParams.get("token")!;
    const hls = await get(`/api/iu/lectures/${lectureId}/hls/master.m3u8?token=${encodeURIComponent(token)}`);
    expect(hls.statusCode).toBe(404);
    expect(hls.json().message).toBe("This lecture's video has no adaptive stream yet");
  });

  it("deletes a lecture's renditions with it, and keeps a folder while another lecture still plays it", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 3 });
    const [own, first, second] = course.lectureIds as [number, number, number];
    const { storage } = t.deps;
    /** A finished transcode's folder as the job writes it: playlists naming their segments, images. */
    const renditions = async (prefix: string) => {
      const files: Record<string, string> = {
        "master.m3u8": "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\nv360.m3u8\n",
        "v360.m3u8": '#EXTM3U\n#EXT-X-MAP:URI="init_360.mp4"\n#EXTINF:2.0,\nseg_360_0.m4s\n#EXT-X-ENDLIST\n',
        "init_360.mp4": "init",
        "seg_360_0.m4s": "segment",
        "poster.jpg": "poster",
        "thumbs.jpg": "sprite",
        "thumbs.vtt": "WEBVTT\n",
      };
      for (const [name, text] of Object.entries(files)) await storage.put(prefix + name, Buffer.from(text));
      return Object.keys(files).map((name) => prefix + name);
    };
    const ready = (lectureId: number, prefix: string) =>
      t.deps.db
        .insert(lectureMedia)
        .values({ lectureId, status: "ready", progress: 100, sourceKey: "demo.mp4", prefix, heights: [360] });
    const stored = async (keys: string[]) =>
      (await Promise.all(keys.map((key) => storage.get(key)))).map((file) => file !== null);
    const ownFiles = await renditions(`lectures/${own}/hls/abc123/`);
    await ready(own, `lectures/${own}/hls/abc123/`);
    const shared = await renditions("demo/shared-title/hls/");
    await ready(first, "demo/shared-title/hls/");
    await ready(second, "demo/shared-title/hls/");
    const remove = (lectureId: number) =>
      t.app.inject({ method: "DELETE", url: `/api/af/lectures/${lectureId}`, headers: author.auth });

    expect((await remove(own)).statusCode).toBe(200);
    expect(await stored(ownFiles)).toEqual(ownFiles.map(() => false));

    expect((await remove(first)).statusCode).toBe(200);
    expect(await stored(shared)).toEqual(shared.map(() => true));
    const playing = await client(t).get(`/api/af/lectures/${second}`, author.auth);
    expect(playing.json().video.streaming.status).toBe("ready");

    expect((await remove(second)).statusCode).toBe(200);
    expect(await stored(shared)).toEqual(shared.map(() => false));
  });

  it("refuses a transcode of a lecture without video, and to authors without the course permission", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    await t.deps.db.update(lectures).set({ videoKey: null }).where(eq(lectures.id, lectureId));
    const author = await buildAdmin(t, ["isCourseManager"]);
    const other = await buildAdmin(t, ["isCategoryManager"]);
    const ask = (auth: Headers) =>
      t.app.inject({ method: "POST", url: `/api/af/lectures/${lectureId}/video/transcode`, headers: auth });
    expect((await ask(other.auth)).statusCode).toBe(403);
    const none = await ask(author.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("This lecture has no video yet");
  });
});
