/**
 * Uploaded pictures are decoded and encoded again by sharp before they are stored (storage/images.ts):
 * their metadata (GPS position included) is gone, their orientation applied to the pixels, a
 * decompression bomb is refused from its header with a translated 4xx, and a file that only starts
 * like a picture is refused. Seen as a client sees it: upload, then download what was stored.
 */

import { crc32 } from "node:zlib";
import { messageKey, messages, translate } from "@aprendo/contract";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, multipart } from "../catalog/catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  // The per-minute upload limits are not what is tested here.
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t.close());

const es = (key: string, params?: Record<string, string | number>) =>
  translate(messages, "es", messageKey(key, params));

async function post(url: string, auth: object, data: Buffer, filename: string, language?: "es") {
  const body = multipart({}, { filename, contentType: "application/octet-stream", data });
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...auth, ...body.headers, ...(language ? { "x-language-id": "2" } : {}) },
    payload: body.payload,
  });
}

/** A white portrait with a dark face, as a JPEG carrying EXIF: GPS position, camera, orientation. */
async function photoWithGps(orientation = 1): Promise<Buffer> {
  const face = await sharp({ create: { width: 60, height: 80, channels: 3, background: "#5a3c32" } })
    .png()
    .toBuffer();
  return (
    sharp({ create: { width: 120, height: 160, channels: 3, background: "#ffffff" } })
      .composite([{ input: face, top: 40, left: 30 }])
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: "Phone Maker", Model: "Phone 12" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 26/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 39/1",
        },
      })
      // sharp writes the orientation tag itself (it overrides one given in the EXIF above).
      .withMetadata({ orientation })
      .toBuffer()
  );
}

/** A picture whose header claims `width` x `height` pixels: the size fields of a real small JPEG changed. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const data = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: "#ffffff" } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < data.length - 9; i++)
    if (data[i] === 0xff && (data[i + 1] === 0xc0 || data[i + 1] === 0xc2)) {
      data.writeUInt16BE(height, i + 5);
      data.writeUInt16BE(width, i + 7);
      return data;
    }
  throw new Error("no frame header in the sample JPEG");
}

/** A PNG header of 40,000 x 40,000 pixels (1.6 gigapixels) with almost no data: the classic bomb. */
async function pngBomb(): Promise<Buffer> {
  const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const bomb = Buffer.from(small);
  bomb.writeUInt32BE(40_000, 16);
  bomb.writeUInt32BE(40_000, 20);
  // The IHDR chunk's CRC covers its type and data (bytes 12..28): recomputed so only the size lies.
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

describe("a profile photo", () => {
  it("is stored without its EXIF (no GPS position, no camera) and upright", async () => {
    const me = await buildLearner(t);
    // Orientation 6: the camera was turned; the stored picture is turned back, 160 wide and 120 high.
    const original = await photoWithGps(6);
    const tags = await exifr.parse(original, { gps: true });
    expect(tags.latitude).toBeCloseTo(51.507, 2);
    expect(tags.Make).toBe("Phone Maker");

    const res = await post("/api/iu/profile/photo", me.auth, original, "me.jpg");
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.photo.status).toBe("processing");

    const stored = await t.app.inject({ url: "/api/iu/profile/photo", headers: me.auth });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect([meta.width, meta.height, meta.orientation]).toEqual([160, 120, undefined]);
    expect(await exifr.parse(stored.rawPayload, { gps: true })).toBeUndefined();
    expect(stored.rawPayload.includes("Phone Maker")).toBe(false);
  });

  it("refuses a decompression bomb from its header, translated, and keeps the previous photo", async () => {
    const me = await buildLearner(t);
    expect((await post("/api/iu/profile/photo", me.auth, await photoWithGps(), "me.jpg")).statusCode).toBe(
      200,
    );
    const before = await t.app.inject({ url: "/api/iu/profile/photo", headers: me.auth });

    const bomb = await jpegClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2_000);
    const res = await post("/api/iu/profile/photo", me.auth, bomb, "huge.jpg");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The picture is too large: at most 50 megapixels");
    expect(res.json().errors.file).toEqual([res.json().message]);
    const spanish = await post("/api/iu/profile/photo", me.auth, bomb, "huge.jpg", "es");
    expect(spanish.statusCode).toBe(413);
    expect(spanish.json().message).toBe(es("image.tooManyPixels", { max: 50 }));
    expect(spanish.json().message).toContain("megapíxeles");

    const after = await t.app.inject({ url: "/api/iu/profile/photo", headers: me.auth });
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it("refuses a file that starts like a JPEG but is not one", async () => {
    const me = await buildLearner(t);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x41)]);
    const res = await post("/api/iu/profile/photo", me.auth, fake, "me.jpg");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(["The image could not be read, upload another JPEG"]);
  });
});

describe("an identity document (streamed through sharp into storage)", () => {
  const formats = [
    ["jpeg", "id.jpg", "image/jpeg"],
    ["png", "id.png", "image/png"],
    ["webp", "id.webp", "image/webp"],
  ] as const;

  it.each(formats)(
    "accepts a %s picture and stores it encoded again, without metadata",
    async (format, name, type) => {
      const me = await buildLearner(t);
      const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#dde4ee" } })
        .toFormat(format)
        .withExif({
          IFD0: { Artist: "Someone Private" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 0/1" },
        })
        .toBuffer();
      expect((await sharp(picture).metadata()).exif).toBeDefined();

      const res = await post("/api/iu/profile/identity", me.auth, picture, name);
      expect(res.statusCode).toBe(200);
      const stored = await t.app.inject({ url: "/api/iu/profile/identity", headers: me.auth });
      expect(stored.statusCode).toBe(200);
      expect(stored.headers["content-type"]).toBe(type);
      const meta = await sharp(stored.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([format, 300, 200, undefined]);
      expect(stored.rawPayload.includes("Someone Private")).toBe(false);
    },
  );

  it("refuses a PNG bomb, a picture's first bytes followed by junk, and a text file, storing nothing", async () => {
    const me = await buildLearner(t);
    const bomb = await pngBomb();
    const refusedBomb = await post("/api/iu/profile/identity", me.auth, bomb, "id.png");
    expect(refusedBomb.statusCode).toBe(413);
    expect(refusedBomb.json().errors.file).toEqual(["The picture is too large: at most 50 megapixels"]);

    const junk = Buffer.concat([bomb.subarray(0, 8), Buffer.alloc(5000, 0x42)]);
    const unreadable = await post("/api/iu/profile/identity", me.auth, junk, "id.png", "es");
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().errors.file).toEqual([es("image.unreadable")]);

    const text = await post("/api/iu/profile/identity", me.auth, Buffer.from("just some words"), "id.png");
    expect(text.statusCode).toBe(415);

    expect((await t.app.inject({ url: "/api/iu/profile/identity", headers: me.auth })).statusCode).toBe(404);
  });
});

describe("a title's cover", () => {
  it("loses its metadata too, and a bomb is refused", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const url = `/api/af/courses/${course.id}/cover`;
    expect((await post(url, author.auth, await pngBomb(), "cover.png")).statusCode).toBe(413);

    const res = await post(url, author.auth, await photoWithGps(), "cover.jpg");
    expect(res.statusCode).toBe(200);
    const image = await t.app.inject({ url: res.json().cover_url });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
  });
});
