import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionToken } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { seedReviews } from "../reviews/reviews.seed";
import { seedAccounts } from "../seed/accounts.seed";
import { seedCatalog } from "../seed/catalog.seed";

let t: TestApp;
let ana: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  const context = { db: t.deps.db, storage: t.deps.storage };
  await seedAccounts(context);
  await seedCatalog(context);
  await seedReviews(context);
  const user = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, "ana") });
  ana = {
    authorization: `Bearer ${await sessionToken(t, { id: user!.id, roleId: 1 })}`,
  };
});
afterAll(() => t.close());

describe("the demo catalogue", () => {
  it("lists four published titles in both languages, a free one, and a coming-soon one", async () => {
    const en = (await t.app.inject({ url: "/api/courses?per_page=50" })).json();
    expect(en.data.map((c: { title: string }) => c.title)).toEqual([
      "Everyday Spanish",
      "Algebra Foundations",
      "Digital Photography",
      "Home Cooking Basics",
      "Python Programming for Beginners",
    ]);
    expect(en.data.map((c: { is_free: boolean }) => c.is_free)).toEqual([true, false, false, false, false]);
    expect(en.data[3].status).toBe("coming_soon");
    expect(en.data[0]).toMatchObject({
      level_count: 2,
      lecture_count: 9,
      level: "beginner",
      language: "es",
      rating_count: 4,
      rating_average: 4.5,
      cover_url: expect.stringMatching(/cover/),
    });
    const es = (await t.app.inject({ url: "/api/courses/2", headers: { "x-language-id": "2" } })).json();
    expect(es.title).toBe("Fundamentos de álgebra");
    expect(es.levels[0].modules[0].lectures[0]).toMatchObject({
      title: "¿Qué es una variable?",
      is_preview: true,
    });
  });

  it("ships real media: a narrated video with HLS, captions and chapters, and PDF e-books", async () => {
    const lecture = (await t.app.inject({ url: "/api/iu/lectures/2", headers: ana })).json();
    expect(lecture).toMatchObject({
      state: "in_progress",
      video: { type: "video/mp4", duration_seconds: 74 },
    });
    // The committed renditions play with no ffmpeg (seed/demo-media.seed.ts).
    const master = await t.app.inject({ url: lecture.video.hlsUrl });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain("RESOLUTION=1280x720");
    expect(lecture.video.captions.map((c: { language: string }) => c.language).sort()).toEqual(["en", "es"]);
    expect(lecture.video.chapters[1]).toMatchObject({ title: "Introducing yourself" });
    const video = await t.app.inject({ url: lecture.video.url, headers: { range: "bytes=0-11" } });
    expect(video.statusCode).toBe(206);
    expect(video.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");
    const pdf = await t.app.inject({ url: lecture.ebooks[0].file_url });
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Real notes with a text layer: the lecture's page, the title's notes, the Spanish page.
    expect(lecture.ebooks[0].pages).toBe(4);
    const document = await getDocument({ data: new Uint8Array(pdf.rawPayload) }).promise;
    expect(document.numPages).toBe(4);
    const textOf = async (n: number) =>
      (await (await document.getPage(n)).getTextContent()).items
        .map((i) => ("str" in i ? i.str : ""))
        .join(" ");
    expect(await textOf(2)).toContain("Greetings and the time of day");
    expect(await textOf(4)).toContain("«¿Cómo estás?» a un amigo");
  });

  it("enrols ana in the free title with progress to resume and an answered question", async () => {
    const dashboard = (await t.app.inject({ url: "/api/iu/dashboard/learning", headers: ana })).json();
    expect(dashboard.continue).toMatchObject({
      course_title: "Everyday Spanish",
      lecture_id: 2,
      position_seconds: 37,
    });
    expect(dashboard.enrolled[0]).toMatchObject({ title: "Everyday Spanish", progress_percent: 11 });
    const questions = (await t.app.inject({ url: "/api/iu/lectures/1/questions", headers: ana })).json().data;
    expect(questions[0]).toMatchObject({
      status: "answered",
      answers: [expect.objectContaining({ author_name: "Alex" })],
    });
  });
});
