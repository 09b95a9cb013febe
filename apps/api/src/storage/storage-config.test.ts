/**
 * STORAGE_DRIVER=s3 as an operator sets it (it used to be refused at start): the
 * settings are read and checked, and the product started with them (startRuntime, as `npm start`
 * does) keeps uploads in the bucket, credentials coming from the AWS SDK's standard variables.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../../test/factories";
import { type LocalS3, startLocalS3 } from "../../test/s3-server";
import { createTestDatabase, type TestApp } from "../../test/test-app";
import { buildCourse, multipart, samplePng } from "../catalog/catalog.fixtures";
import { ConfigError, loadConfig } from "../config/config";
import { type Runtime, startRuntime } from "../runtime";

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

const s3Env = () => ({
  STORAGE_DRIVER: "s3",
  S3_BUCKET: s3.settings.bucket,
  S3_REGION: s3.settings.region,
  S3_ENDPOINT: s3.settings.endpoint!,
  S3_FORCE_PATH_STYLE: "true",
});

describe("S3 storage settings", () => {
  it("are read, with the shutdown grace period's default", () => {
    const config = loadConfig({ APP_MODE: "demo", DATA_DIR: tmpdir(), ...s3Env() });
    expect(config.storage).toEqual({
      driver: "s3",
      bucket: s3.settings.bucket,
      region: s3.settings.region,
      endpoint: s3.settings.endpoint,
      forcePathStyle: true,
    });
    expect(config.shutdownGraceSeconds).toBe(25);
  });

  it("stop the start in one line when the bucket or region is missing", () => {
    expect(() =>
      loadConfig({ APP_MODE: "demo", DATA_DIR: tmpdir(), STORAGE_DRIVER: "s3", S3_REGION: "x" }),
    ).toThrow(new ConfigError("Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET and S3_REGION."));
  });

  it("start the product, which then keeps uploads in the bucket", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "aprendo-s3-runtime-"));
    // The SDK's standard credential variables, as an operator sets them.
    process.env.AWS_ACCESS_KEY_ID = "S3RVER";
    process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
    let runtime: Runtime | undefined;
    try {
      const config = loadConfig({
        DATABASE_URL: await createTestDatabase(),
        DATA_DIR: folder,
        JWT_SECRET: randomBytes(32).toString("hex"),
        JOBS: "off",
        LOG_LEVEL: "silent",
        ...s3Env(),
      });
      runtime = await startRuntime(config);
      expect(runtime.deps.storage.driver).toBe("s3");
      const t = { deps: runtime.deps, config } as unknown as TestApp;
      const author = await buildAdmin(t, ["isCourseManager"]);
      const course = await buildCourse(t, { levels: 1, lectures: 1 });
      const before = await s3.keys();
      const body = multipart({}, { filename: "c.png", contentType: "image/png", data: samplePng() });
      const sent = await runtime.app.inject({
        method: "POST",
        url: `/api/af/courses/${course.id}/cover`,
        headers: { ...author.auth, ...body.headers },
        payload: body.payload,
      });
      expect(sent.statusCode).toBe(200);
      const added = (await s3.keys()).filter((k) => !before.includes(k));
      expect(added).toEqual([expect.stringMatching(new RegExp(`^courses/${course.id}/cover-`))]);
      const cover = await runtime.app.inject({ url: sent.json().cover_url });
      expect(cover.statusCode, `${sent.json().cover_url} ${cover.body.slice(0, 200)}`).toBe(200);
      // The stored cover is the picture encoded again (storage/images.ts): the same PNG, pixel for pixel.
      const [stored, original] = await Promise.all(
        [cover.rawPayload, samplePng()].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })),
      );
      expect(stored!.info).toEqual(original!.info);
      expect(stored!.data.equals(original!.data)).toBe(true);
    } finally {
      await runtime?.stop();
      delete process.env.AWS_ACCESS_KEY_ID;
      delete process.env.AWS_SECRET_ACCESS_KEY;
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
