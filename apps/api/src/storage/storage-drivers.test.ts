/**
 * Every upload and download works the same on both storage drivers, the local folder
 * and S3 (a real S3-compatible server here: s3rver, test/s3-server.ts). The bytes stored are the bytes
 * sent, read back from the store itself (the folder, or the S3 server with a client of its own);
 * files stream back whole or by HTTP Range; refused uploads leave nothing behind.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../../test/factories";
import { type LocalS3, startLocalS3 } from "../../test/s3-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { postMultipart } from "../../test/uploads";
import { buildCourse, samplePdf, samplePng, sampleVideo, sampleWebm } from "../catalog/catalog.fixtures";
import { pdfPageCount } from "../catalog/media-probe";
import { lectureEbooks, lectures } from "../db/schema/index";

describe.each(["local", "s3"] as const)("%s storage", (driver) => {
  let t: TestApp;
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    s3 = driver === "s3" ? await startLocalS3() : undefined;
    t = await createTestApp({}, s3 ? { storage: s3.storage } : {});
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const uploadsFolder = () => path.join(t.config.dataDir, "uploads");
  /** Every key in the store, read from the store itself. */
  async function storedKeys(): Promise<string[]> {
    if (s3) return (await s3.keys()).sort();
    const entries = await readdir(uploadsFolder(), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(uploadsFolder(), path.join(e.parentPath, e.name)))
      .sort();
  }
  /** A stored object's bytes, read past the driver under test. */
  async function storedBytes(key: string): Promise<Buffer> {
    if (!s3) return readFile(path.join(uploadsFolder(), key));
    const client = new S3Client({
      region: s3.settings.region,
      endpoint: s3.settings.endpoint,
      forcePathStyle: true,
      ...s3.client,
    });
    const object = await client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    client.destroy();
    return bytes;
  }
  const get = (url: string, auth: object, range?: string) =>
    t.app.inject({ url, headers: { ...(auth as Record<string, string>), ...(range ? { range } : {}) } });

  it("a lecture video: stored byte for byte, its duration read from the store, served whole and by ranges", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { status: "draft", levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const video = sampleVideo();
    const sent = await postMultipart(
      t,
      `/api/af/lectures/${lectureId}/video`,
      author.auth,
      {},
      {
        filename: "intro.mp4",
        contentType: "video/mp4",
        data: video,
      },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ duration_seconds: 15, video: { size_bytes: video.length } });
    const [row] = await t.deps.db.select().from(lectures).where(eq(lectures.id, lectureId));
    expect((await storedBytes(row!.videoKey!)).equals(video)).toBe(true);

    const url = sent.json().video.url;
    const whole = await get(url, author.auth);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.equals(video)).toBe(true);

    const middle = await get(url, author.auth, "bytes=1000-1999");
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe(`bytes 1000-1999/${video.length}`);
    expect(middle.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const tail = await get(url, author.auth, "bytes=-100");
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 100))).toBe(true);

    const beyond = await get(url, author.auth, `bytes=${video.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${video.length}`);

    // Replacing the video removes the old object from the store.
    const webm = await postMultipart(
      t,
      `/api/af/lectures/${lectureId}/video`,
      author.auth,
      {},
      {
        filename: "clip.webm",
        contentType: "video/webm",
        data: sampleWebm(),
      },
    );
    expect(webm.json()).toMatchObject({ duration_seconds: 8, video: { type: "video/webm" } });
    const keys = await storedKeys();
    expect(keys).not.toContain(row!.videoKey);
    const [after] = await t.deps.db.select().from(lectures).where(eq(lectures.id, lectureId));
    expect((await storedBytes(after!.videoKey!)).equals(sampleWebm())).toBe(true);
  });

  it("an e-book: pages counted as it streams in, stored byte for byte, served by ranges", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { status: "draft", levels: 1, lectures: 1 });
    const pdf = samplePdf();
    const sent = await postMultipart(
      t,
      `/api/af/lectures/${course.lectureIds[0]}/ebooks`,
      author.auth,
      { title_en: "Notes" },
      {
        filename: "notes.pdf",
        contentType: "application/pdf",
        data: pdf,
      },
    );
    expect(sent.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(lectureEbooks).where(eq(lectureEbooks.id, sent.json().id));
    expect(row!.pages).toBe(pdfPageCount(pdf));
    expect((await storedBytes(row!.fileKey)).equals(pdf)).toBe(true);
    const first = await get(`/api/af/ebooks/${row!.id}/file`, author.auth, "bytes=0-4");
    expect(first.statusCode).toBe(206);
    expect(first.body).toBe("%PDF-");
  });

  it("a file over its limit or of the wrong type leaves nothing in the store", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { status: "draft", levels: 1, lectures: 1 });
    const before = await storedKeys();
    const png = samplePng();
    // Over the cover's 5 MB by one byte: most of it is stored before the count goes over.
    const big = Buffer.concat([png, Buffer.alloc(5_000_001 - png.length)]);
    const tooLarge = await postMultipart(
      t,
      `/api/af/courses/${course.id}/cover`,
      author.auth,
      {},
      {
        filename: "c.png",
        contentType: "image/png",
        data: big,
      },
    );
    expect(tooLarge.statusCode).toBe(413);
    const wrongType = await postMultipart(
      t,
      `/api/af/courses/${course.id}/cover`,
      author.auth,
      {},
      {
        filename: "c.png",
        contentType: "image/png",
        data: samplePdf(),
      },
    );
    expect(wrongType.statusCode).toBe(415);
    expect(await storedKeys()).toEqual(before);

    const exact = await postMultipart(
      t,
      `/api/af/courses/${course.id}/cover`,
      author.auth,
      {},
      {
        filename: "c.png",
        contentType: "image/png",
        data: big.subarray(0, 5_000_000),
      },
    );
    expect(exact.statusCode).toBe(200);
    const added = (await storedKeys()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    // Stored as the picture encoded again (storage/images.ts): the same pixels, without the padding.
    const [stored, original] = await Promise.all(
      [await storedBytes(added[0]!), png].map((file) =>
        sharp(file).raw().toBuffer({ resolveWithObject: true }),
      ),
    );
    expect(stored!.info).toEqual(original!.info);
    expect(stored!.data.equals(original!.data)).toBe(true);
  });
});
