/**
 * Every user-uploaded file, PDFs included, is served sandboxed (no script, no
 * origin of ours), unsniffable, and identity documents only as downloads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { type LocalS3, startLocalS3 } from "../../test/s3-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { postMultipart } from "../../test/uploads";
import { buildCourse, samplePdf, samplePng } from "../catalog/catalog.fixtures";
import { portrait, withExifDate } from "../profile/profile.fixtures";

// On both storage drivers: the headers are the API's, whichever store holds the bytes.
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

  const get = (url: string, auth: object = {}) =>
    t.app.inject({ url, headers: auth as Record<string, string> });

  function expectSandboxed(
    res: Awaited<ReturnType<typeof get>>,
    disposition: "inline" | "attachment" | null,
  ) {
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp.split(";").map((d) => d.trim())).toEqual(
      expect.arrayContaining(["sandbox", "default-src 'none'"]),
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    if (disposition)
      expect(String(res.headers["content-disposition"])).toMatch(new RegExp(`^${disposition};`));
  }

  describe("uploaded files are served so that they cannot run in the app's origin", () => {
    it("identity PDF: sandboxed and only as a download, to its owner and to the reviewer", async () => {
      const me = await buildLearner(t);
      const reviewer = await buildAdmin(t, ["isUserManager"]);
      const sent = await postMultipart(
        t,
        "/api/iu/profile/identity",
        me.auth,
        {},
        {
          filename: "id.pdf",
          contentType: "application/pdf",
          data: samplePdf(),
        },
      );
      expect(sent.statusCode).toBe(200);
      for (const res of [
        await get("/api/iu/profile/identity", me.auth),
        await get(`/api/af/pending-approval-requests/${me.id}/identity`, reviewer.auth),
      ]) {
        expectSandboxed(res, "attachment");
        expect(res.headers["content-type"]).toBe("application/pdf");
        expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      }
    });

    it("profile photo: inline, sandboxed and unsniffable", async () => {
      const me = await buildLearner(t);
      const reviewer = await buildAdmin(t, ["isUserManager"]);
      const sent = await postMultipart(
        t,
        "/api/iu/profile/photo",
        me.auth,
        {},
        {
          filename: "me.jpg",
          contentType: "image/jpeg",
          data: withExifDate(portrait(), new Date()),
        },
      );
      expect(sent.statusCode).toBe(200);
      expectSandboxed(await get("/api/iu/profile/photo", me.auth), "inline");
      expectSandboxed(await get(`/api/af/pending-approval-requests/${me.id}/photo`, reviewer.auth), "inline");
    });

    it("e-book PDF and cover image: sandboxed", async () => {
      const author = await buildAdmin(t, ["isCourseManager"]);
      const course = await buildCourse(t, { levels: 1, lectures: 1 });
      const cover = await postMultipart(
        t,
        `/api/af/courses/${course.id}/cover`,
        author.auth,
        {},
        {
          filename: "c.png",
          contentType: "image/png",
          data: samplePng(),
        },
      );
      expect(cover.statusCode).toBe(200);
      expectSandboxed(await get(cover.json().cover_url), null);
      const ebook = await postMultipart(
        t,
        `/api/af/lectures/${course.lectureIds[0]}/ebooks`,
        author.auth,
        { title_en: "Workbook", title_es: "Cuaderno" },
        { filename: "workbook.pdf", contentType: "application/pdf", data: samplePdf() },
      );
      expect(ebook.statusCode).toBe(201);
      const file = await get(`/api/af/ebooks/${ebook.json().id}/file`, author.auth);
      // Inline: the app's PDF viewer (pdf.js) reads it; a browser opening the URL gets a sandbox.
      expectSandboxed(file, "inline");
      expect(file.headers["content-type"]).toBe("application/pdf");
    });

    it("advert image: sandboxed", async () => {
      const manager = await buildAdmin(t, ["isAdvertManager"]);
      const block = await t.app.inject({
        method: "POST",
        url: "/api/af/advertisement-blocks",
        headers: manager.auth,
        payload: {
          key: "uploads_test_block",
          name: "Uploads test",
          description: "A block for this test",
          placement: "dashboard_sidebar",
        },
      });
      expect(block.statusCode).toBe(201);
      const data = {
        block_id: block.json().data.id,
        title: { en: "Sale", es: "Rebajas" },
        starts_on: "2020-01-01",
      };
      const advert = await postMultipart(
        t,
        "/api/af/adverts",
        manager.auth,
        { data: JSON.stringify(data) },
        {
          name: "image",
          filename: "ad.png",
          contentType: "image/png",
          data: samplePng(),
        },
      );
      expect(advert.statusCode).toBe(201);
      expectSandboxed(await get(advert.json().data.image_url), null);
      // Every stored file is served with Range, images too (catalog/send-file.ts).
      const head = await t.app.inject({ url: advert.json().data.image_url, headers: { range: "bytes=0-7" } });
      expect(head.statusCode).toBe(206);
      // What is stored is the picture encoded again (storage/images.ts), still a PNG.
      const whole = await t.app.inject({ url: advert.json().data.image_url });
      expect(head.headers["content-range"]).toBe(`bytes 0-7/${whole.rawPayload.length}`);
      expect(head.rawPayload.equals(samplePng().subarray(0, 8))).toBe(true);
    });
  });
});
