/**
 * Identity documents (up to 10 MB) are streamed into storage as they arrive, like the large uploads:
 * judged by their first bytes, counted on the way, and a document refused for its size or type, or
 * cut off mid-way, leaves no object behind, in a local folder or in a real S3-compatible server
 * (s3rver). What is stored is the bytes sent.
 */
import { Readable } from "node:stream";
import { messageKey, messages, translate } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { type LocalS3, startLocalS3 } from "../../test/s3-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { multipart, samplePdf } from "../catalog/catalog.fixtures";
import { userProfiles } from "../db/schema/index";
import { filesIn } from "../quality/upload-targets.fixtures";

const MB = 1_000_000;

describe.each(["local", "s3"] as const)("identity documents streamed into %s storage", (driver) => {
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

  /** What the storage holds, read from it directly (the folder, or the S3 server's listing). */
  const stored = async () =>
    s3
      ? (await s3.keys()).filter((key) => key.startsWith("private/identity/"))
      : (await filesIn(t.config.dataDir)).filter((file) => file.includes("identity"));

  /** A multipart body of `bytes` bytes starting with a PDF's, sent in 64 KB pieces with no length. */
  function streamed(bytes: number, { cutAt }: { cutAt?: number } = {}) {
    const boundary = "----aprendoidentity";
    const head = samplePdf();
    function* chunks() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      yield head;
      const zeros = Buffer.alloc(64 * 1024);
      for (let sent = head.length; sent < bytes; sent += zeros.length) {
        if (cutAt !== undefined && sent >= cutAt) return; // the client went away: no closing boundary
        yield zeros.subarray(0, Math.min(zeros.length, bytes - sent));
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    return {
      payload: Readable.from(chunks(), { objectMode: false }),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    };
  }

  it("refuses a document over 10 MB with the translated 413 and stores nothing", async () => {
    const me = await buildLearner(t);
    for (const language of ["en", "es"] as const) {
      const body = streamed(10 * MB + 1);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/iu/profile/identity",
        headers: { ...me.auth, ...body.headers, "accept-language": language },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(
        translate(messages, language, messageKey("profile.fileTooLarge", { max: 10 })),
      );
    }
    expect(await stored()).toEqual([]);
    const [profile] = await t.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, me.id));
    expect(profile?.identityKey ?? null).toBeNull();
  });

  it("refuses another type by its first bytes (415) and a body cut off mid-way (400), storing nothing", async () => {
    const me = await buildLearner(t);
    const text = multipart(
      {},
      { filename: "passport.pdf", contentType: "application/pdf", data: Buffer.from("not a PDF at all") },
    );
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/iu/profile/identity",
      headers: { ...me.auth, ...text.headers },
      payload: text.payload,
    });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().errors.file).toEqual([translate(messages, "en", "profile.identityType")]);

    const cut = streamed(3 * MB, { cutAt: MB });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/iu/profile/identity",
      headers: { ...me.auth, ...cut.headers },
      payload: cut.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it("stores a document of exactly 10 MB as sent, under a key of its own", async () => {
    const me = await buildLearner(t);
    const data = Buffer.concat([samplePdf(), Buffer.alloc(10 * MB - samplePdf().length, 7)]);
    const body = multipart({}, { filename: "passport.pdf", contentType: "application/pdf", data });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/iu/profile/identity",
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const [profile] = await t.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, me.id));
    expect(profile?.identityKey).toMatch(new RegExp(`^private/identity/${me.id}/[0-9a-f-]{36}\\.pdf$`));
    const read = await t.app.inject({ url: "/api/iu/profile/identity", headers: me.auth });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(data)).toBe(true);
    expect(await stored()).toHaveLength(1);
  });
});
