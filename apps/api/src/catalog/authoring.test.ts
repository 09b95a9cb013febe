import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { postMultipart } from "../../test/uploads";
import { buildCourse, enrol, samplePdf, samplePng, sampleVideo, sampleWebm } from "./catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const newCourse = {
  title_en: "Public Speaking",
  title_es: "Hablar en público",
  short_description_en: "Talk with confidence",
  short_description_es: "Habla con confianza",
  price_pence: 2500,
  is_free: false,
};

describe("authoring permissions", () => {
  it("refuses titles to learners and to administrators without the course permission (19)", async () => {
    const learner = await buildLearner(t);
    const admin = await buildAdmin(t, ["isCategoryManager", "isAbleToUpdateCourseStatus"]);
    expect((await call("POST", "/api/af/courses", learner.auth, newCourse)).statusCode).toBe(403);
    expect((await call("POST", "/api/af/courses", admin.auth, newCourse)).statusCode).toBe(403);
    expect((await call("POST", "/api/af/courses", {}, newCourse)).statusCode).toBe(401);
    const course = await buildCourse(t);
    expect(
      (await call("PATCH", `/api/af/courses/${course.id}`, admin.auth, { title_en: "X" })).statusCode,
    ).toBe(403);
    expect((await call("DELETE", `/api/af/lectures/${course.lectureIds[0]}`, admin.auth)).statusCode).toBe(
      403,
    );
  });

  it("changes the status only with the course-status permission (20)", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const publisher = await buildAdmin(t, ["isCourseManager", "isAbleToUpdateCourseStatus"]);
    const created = await call("POST", "/api/af/courses", author.auth, newCourse);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call("GET", `/api/af/courses/${id}`, author.auth)).json().status).toBe("draft");
    expect(
      (await call("POST", "/api/af/courses", author.auth, { ...newCourse, status: "published" })).statusCode,
    ).toBe(403);

    const refused = await call("PUT", `/api/af/courses/${id}/status`, author.auth, { status: "published" });
    expect(refused.statusCode).toBe(403);
    const viaPatch = await call("PATCH", `/api/af/courses/${id}`, author.auth, { status: "published" });
    expect(viaPatch.statusCode).toBe(403);
    expect(viaPatch.json().message).toBe("You are not allowed to change the publication status");

    const published = await call("PUT", `/api/af/courses/${id}/status`, publisher.auth, {
      status: "published",
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: "published", published_at: expect.any(String) });
    expect((await call("GET", `/api/courses/${id}`, {})).statusCode).toBe(200);
  });
});

describe("building a title", () => {
  it("creates levels, modules, lectures and FAQs in order, reorders them and validates the order", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const id = (await call("POST", "/api/af/courses", author.auth, newCourse)).json().id;
    const level = (
      await call("POST", `/api/af/courses/${id}/levels`, author.auth, {
        title_en: "Level A",
        title_es: "Nivel A",
      })
    ).json().id;
    const module = (
      await call("POST", `/api/af/levels/${level}/modules`, author.auth, {
        title_en: "Module A",
        title_es: "Módulo A",
      })
    ).json().id;
    const lectureIds: number[] = [];
    for (const n of [1, 2, 3])
      lectureIds.push(
        (
          await call("POST", `/api/af/modules/${module}/lectures`, author.auth, {
            title_en: `Talk ${n}`,
            title_es: `Charla ${n}`,
            is_preview: n === 1,
          })
        ).json().id,
      );
    const faq = await call("POST", `/api/af/lectures/${lectureIds[0]}/faqs`, author.auth, {
      question_en: "How long?",
      question_es: "¿Cuánto dura?",
      answer_en: "Ten minutes.",
      answer_es: "Diez minutos.",
    });
    expect(faq.statusCode).toBe(201);

    const reordered = [lectureIds[2]!, lectureIds[0]!, lectureIds[1]!];
    expect(
      (await call("PUT", `/api/af/modules/${module}/lectures/order`, author.auth, { ids: reordered }))
        .statusCode,
    ).toBe(200);
    const tree = (await call("GET", `/api/af/courses/${id}`, author.auth)).json();
    const lectures = tree.levels[0].modules[0].lectures;
    expect(lectures.map((l: { id: number }) => l.id)).toEqual(reordered);
    expect(lectures[1]).toMatchObject({ is_preview: true, status: "draft", faq_count: 1, has_video: false });

    const mismatch = await call("PUT", `/api/af/modules/${module}/lectures/order`, author.auth, {
      ids: [lectureIds[0]],
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.ids).toEqual(["The new order must list every item exactly once"]);

    const patched = await call("PATCH", `/api/af/lectures/${lectureIds[0]}`, author.auth, {
      title_es: "Charla uno",
    });
    expect(patched.json()).toMatchObject({
      title_es: "Charla uno",
      faqs: [{ question_es: "¿Cuánto dura?" }],
    });
    expect((await call("DELETE", `/api/af/levels/${level}`, author.auth)).statusCode).toBe(200);
    expect((await call("GET", `/api/af/courses/${id}`, author.auth)).json().levels).toEqual([]);
  });

  it("keeps prices consistent: free titles have no price, paid titles need one", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const bad = await call("POST", "/api/af/courses", author.auth, {
      ...newCourse,
      is_free: true,
      price_pence: 100,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.price_pence).toEqual(["A free title cannot have a price"]);
    const id = (await call("POST", "/api/af/courses", author.auth, newCourse)).json().id;
    const free = await call("PATCH", `/api/af/courses/${id}`, author.auth, { is_free: true });
    expect(free.json()).toMatchObject({ is_free: true, price_pence: 0 });
    const paidWithoutPrice = await call("PATCH", `/api/af/courses/${id}`, author.auth, { is_free: false });
    expect(paidWithoutPrice.statusCode).toBe(422);
  });

  it("refuses to delete a title that has learners", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t);
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const res = await call("DELETE", `/api/af/courses/${course.id}`, author.auth);
    expect(res.statusCode).toBe(409);
    const empty = await buildCourse(t);
    expect((await call("DELETE", `/api/af/courses/${empty.id}`, author.auth)).statusCode).toBe(200);
    expect((await call("GET", `/api/af/courses/${empty.id}`, author.auth)).statusCode).toBe(404);
  });
});

describe("uploads", () => {
  it("stores a video checked by content and reads its duration (MP4 and WebM)", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { status: "draft", levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const mp4 = await postMultipart(
      t,
      `/api/af/lectures/${lectureId}/video`,
      author.auth,
      {},
      {
        filename: "intro.mp4",
        contentType: "video/mp4",
        data: sampleVideo(),
      },
    );
    expect(mp4.statusCode).toBe(200);
    expect(mp4.json()).toMatchObject({
      duration_seconds: 15,
      video: { type: "video/mp4", size_bytes: sampleVideo().length },
    });
    const stream = await call("GET", mp4.json().video.url, { range: "bytes=0-7" });
    expect(stream.statusCode).toBe(206);

    const webm = await postMultipart(
      t,
      `/api/af/lectures/${lectureId}/video`,
      author.auth,
      {},
      {
        filename: "clip.bin",
        contentType: "application/octet-stream",
        data: sampleWebm(),
      },
    );
    expect(webm.json()).toMatchObject({ duration_seconds: 8, video: { type: "video/webm" } });
  });

  it("refuses a file whose content is not what its name and type claim", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { status: "draft", levels: 1, lectures: 1 });
    const spoofed = await postMultipart(
      t,
      `/api/af/lectures/${course.lectureIds[0]}/video`,
      author.auth,
      {},
      {
        filename: "lecture.mp4",
        contentType: "video/mp4",
        data: Buffer.from("<html><script>alert('x')</script></html>"),
      },
    );
    expect(spoofed.statusCode).toBe(415);
    expect(spoofed.json().message).toBe("The file must be one of: MP4, WebM");
    const pdfAsCover = await postMultipart(
      t,
      `/api/af/courses/${course.id}/cover`,
      author.auth,
      {},
      {
        filename: "cover.png",
        contentType: "image/png",
        data: samplePdf(),
      },
    );
    expect(pdfAsCover.statusCode).toBe(415);
    const none = await postMultipart(
      t,
      `/api/af/courses/${course.id}/cover`,
      author.auth,
      { title: "x" },
      null,
    );
    expect(none.statusCode).toBe(422);
  });

  it("limits sizes per kind of file", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { status: "draft", levels: 1, lectures: 1 });
    const big = Buffer.concat([samplePng(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await postMultipart(
      t,
      `/api/af/courses/${course.id}/cover`,
      author.auth,
      {},
      {
        filename: "cover.png",
        contentType: "image/png",
        data: big,
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file is too large: the maximum is 5 MB");
    // A video may be larger than the 10 MB default of other uploads.
    const video = Buffer.concat([sampleVideo(), Buffer.alloc(11 * 1024 * 1024)]);
    const ok = await postMultipart(
      t,
      `/api/af/lectures/${course.lectureIds[0]}/video`,
      author.auth,
      { duration_seconds: "15" },
      {
        filename: "long.mp4",
        contentType: "video/mp4",
        data: video,
      },
    );
    expect(ok.statusCode).toBe(200);
  });

  it("adds a cover image and PDF e-books with their page count", async () => {
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
    const image = await call("GET", cover.json().cover_url, {});
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");

    const ebook = await postMultipart(
      t,
      `/api/af/lectures/${course.lectureIds[0]}/ebooks`,
      author.auth,
      { title_en: "Workbook", title_es: "Cuaderno" },
      {
        filename: "workbook.pdf",
        contentType: "application/pdf",
        data: samplePdf(),
      },
    );
    expect(ebook.statusCode).toBe(201);
    const lecture = (await call("GET", `/api/af/lectures/${course.lectureIds[0]}`, author.auth)).json();
    expect(lecture.ebooks.at(-1)).toMatchObject({ title_en: "Workbook", title_es: "Cuaderno", pages: 3 });
    // Its authors open the uploaded PDF whatever the lecture's state; learners cannot.
    const file = await call("GET", `/api/af/ebooks/${ebook.json().id}/file`, author.auth);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const learner = await buildLearner(t);
    expect((await call("GET", `/api/af/ebooks/${ebook.json().id}/file`, learner.auth)).statusCode).toBe(403);
    expect((await call("GET", "/api/af/ebooks/999999/file", author.auth)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/af/ebooks/${ebook.json().id}`, author.auth)).statusCode).toBe(200);
  });
});

describe("categories", () => {
  it("are managed only with the category permission (17), and a used one cannot be deleted", async () => {
    const manager = await buildAdmin(t, ["isCategoryManager"]);
    const author = await buildAdmin(t, ["isCourseManager"]);
    const body = { name_en: "Science & Nature", name_es: "Ciencia y naturaleza" };
    expect((await call("POST", "/api/af/categories", author.auth, body)).statusCode).toBe(403);
    const created = await call("POST", "/api/af/categories", manager.auth, body);
    expect(created.statusCode).toBe(201);
    const list = (await call("GET", "/api/af/categories", author.auth)).json().data;
    expect(list.find((c: { id: number }) => c.id === created.json().id)).toMatchObject({
      slug: "science-nature",
      course_count: 0,
    });
    const one = await call("GET", `/api/af/categories/${created.json().id}`, manager.auth);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      name_en: "Science & Nature",
      name_es: "Ciencia y naturaleza",
      course_count: 0,
    });
    expect((await call("GET", `/api/af/categories/${created.json().id}`, author.auth)).statusCode).toBe(403);
    expect((await call("GET", "/api/af/categories/999999", manager.auth)).statusCode).toBe(404);
    const duplicate = await call("POST", "/api/af/categories", manager.auth, body);
    expect(duplicate.json().errors.slug).toEqual(["This slug is already used by another category"]);

    const course = await buildCourse(t, { categoryId: created.json().id });
    expect((await call("DELETE", `/api/af/categories/${created.json().id}`, manager.auth)).statusCode).toBe(
      409,
    );
    await call("DELETE", `/api/af/courses/${course.id}`, { authorization: author.auth.authorization });
    expect((await call("DELETE", `/api/af/categories/${created.json().id}`, manager.auth)).statusCode).toBe(
      200,
    );
  });
});
