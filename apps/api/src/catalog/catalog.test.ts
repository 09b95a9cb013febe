import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { timePasses } from "../learning/learning.fixtures";
import { buildCourse, enrol } from "./catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });
const post = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, headers });

describe("catalogue lists", () => {
  it("lists published and coming-soon titles to guests, never drafts, with filters and pages", async () => {
    const published = await buildCourse(t, { title: ["Listed Published", "Publicado"] });
    const soon = await buildCourse(t, {
      status: "coming_soon",
      categoryId: published.categoryId,
      title: ["Listed Soon", "Pronto"],
    });
    const draft = await buildCourse(t, { status: "draft", categoryId: published.categoryId });
    const list = await get(`/api/courses?category_id=${published.categoryId}`);
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((c: { id: number }) => c.id);
    expect(ids).toContain(published.id);
    expect(ids).toContain(soon.id);
    expect(ids).not.toContain(draft.id);
    const card = list.json().data.find((c: { id: number }) => c.id === published.id);
    expect(card).toMatchObject({
      lecture_count: 4,
      level_count: 2,
      duration_seconds: 80,
      enrolled: false,
      progress_percent: null,
    });

    const page1 = (await get(`/api/courses?category_id=${published.categoryId}&per_page=1`)).json();
    expect(page1.total).toBe(2);
    expect(page1.next_page_url).toBe(`/api/courses?category_id=${published.categoryId}&per_page=1&page=2`);
    const page2 = (await get(page1.next_page_url)).json();
    expect(page2.next_page_url).toBeNull();

    const comingSoon = await buildLearner(t);
    const soonList = (await get("/api/iu/courses/coming-soon?per_page=100", comingSoon.auth)).json().data;
    expect(soonList.every((c: { status: string }) => c.status === "coming_soon")).toBe(true);
  });

  it("shows enrolled titles with progress and top titles by learners", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 2, duration: 10 });
    const learner = await buildLearner(t);
    expect((await post(`/api/iu/courses/${course.id}/enrol`, learner.auth)).statusCode).toBe(201);
    // The learner has been watching for 10 s (credited watch time follows real time).
    await timePasses(t, learner.id, course.lectureIds[0]!, 10);
    await t.app.inject({
      method: "PUT",
      url: `/api/iu/lectures/${course.lectureIds[0]}/progress`,
      headers: learner.auth,
      payload: { ranges: [[0, 10]], position: 10 },
    });
    const enrolled = (await get("/api/iu/courses/enrolled", learner.auth)).json();
    expect(enrolled.data).toEqual([
      expect.objectContaining({ id: course.id, enrolled: true, progress_percent: 50 }),
    ]);
    const top = (await get("/api/iu/courses/top?per_page=100", learner.auth)).json().data;
    expect(top[0].enrolment_count).toBeGreaterThanOrEqual(1);
    expect(top.find((c: { id: number }) => c.id === course.id)).toMatchObject({ enrolment_count: 1 });
  });

  it("lists categories and the titles of one category", async () => {
    const course = await buildCourse(t);
    const learner = await buildLearner(t);
    const categories = (await get("/api/categories")).json().data;
    expect(categories.find((c: { id: number }) => c.id === course.categoryId)).toMatchObject({
      course_count: 1,
    });
    const res = (
      await get(`/api/iu/categories/${course.categoryId}/courses`, { ...learner.auth, "x-language-id": "2" })
    ).json();
    expect(res.category.name).toMatch(/^Categoría/);
    expect(res.data.map((c: { id: number }) => c.id)).toEqual([course.id]);
    expect((await get("/api/iu/categories/999999/courses", learner.auth)).statusCode).toBe(404);
  });
});

describe("the title page", () => {
  it("shows a guest the outline, price and preview lectures only", async () => {
    const course = await buildCourse(t, { pricePence: 2900, previewAt: [0] });
    const res = await get(`/api/courses/${course.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      price_pence: 2900,
      currency: "GBP",
      is_free: false,
      enrol_action: "login",
      enrolment: null,
    });
    const lectures = body.levels.flatMap((l: { modules: { lectures: object[] }[] }) =>
      l.modules.flatMap((m) => m.lectures),
    );
    expect(lectures.map((l: { state: string }) => l.state)).toEqual(Array(4).fill("not_enrolled"));
    expect(lectures.map((l: { is_preview: boolean }) => l.is_preview)).toEqual([true, false, false, false]);

    const preview = await get(`/api/lectures/${course.lectureIds[0]}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ state: "not_enrolled", progress: null, ebooks: [] });
    expect(preview.json().video.url).toBe(`/api/lectures/${course.lectureIds[0]}/preview/video`);
    expect((await get(preview.json().video.url, { range: "bytes=0-15" })).statusCode).toBe(206);

    const closed = await get(`/api/lectures/${course.lectureIds[1]}/preview`);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe("Preview not available");
    expect((await get(`/api/lectures/${course.lectureIds[1]}/preview/video`)).statusCode).toBe(403);
    expect(
      (await get(`/api/lectures/${course.lectureIds[1]}/preview`, { "x-language-id": "2" })).json().message,
    ).toBe("Vista previa no disponible");
    expect((await get(`/api/iu/lectures/${course.lectureIds[0]}`)).statusCode).toBe(401);
  });

  it("hides drafts from guests and learners", async () => {
    const draft = await buildCourse(t, { status: "draft" });
    const learner = await buildLearner(t);
    expect((await get(`/api/courses/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/api/iu/courses/${draft.id}`, learner.auth)).statusCode).toBe(404);
  });

  it("tells a learner what to do next and where to resume", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 3 });
    const learner = await buildLearner(t);
    expect((await get(`/api/iu/courses/${course.id}`, learner.auth)).json().enrol_action).toBe("enrol");
    await enrol(t, learner.id, course.id);
    const before = (await get(`/api/iu/courses/${course.id}`, learner.auth)).json();
    expect(before).toMatchObject({
      enrol_action: "enrolled",
      resume: { lecture_id: course.lectureIds[0], position_seconds: 0 },
    });
    await timePasses(t, learner.id, course.lectureIds[0]!, 10);
    await t.app.inject({
      method: "PUT",
      url: `/api/iu/lectures/${course.lectureIds[0]}/progress`,
      headers: learner.auth,
      payload: { ranges: [[0, 7]], position: 7 },
    });
    const after = (await get(`/api/iu/courses/${course.id}`, learner.auth)).json();
    expect(after.resume).toMatchObject({ lecture_id: course.lectureIds[0], position_seconds: 7 });
    expect(after.levels[0].modules[0].lectures[0]).toMatchObject({
      state: "in_progress",
      watched_percent: 35,
    });
  });
});

describe("enrolment", () => {
  it("enrols in a free title once, and sends paid and coming-soon titles elsewhere", async () => {
    const free = await buildCourse(t, { title: ["Free Title", "Título gratis"] });
    const paid = await buildCourse(t, { pricePence: 1500 });
    const soon = await buildCourse(t, { status: "coming_soon" });
    const draft = await buildCourse(t, { status: "draft" });
    const learner = await buildLearner(t);

    const first = await post(`/api/iu/courses/${free.id}/enrol`, learner.auth);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: "You are now enrolled in Free Title",
      enrolment: { source: "free" },
    });
    const again = await post(`/api/iu/courses/${free.id}/enrol`, learner.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("You are already enrolled in this title");
    expect((await get(`/api/courses/${free.id}`)).json().enrolment_count).toBe(1);

    const paidRes = await post(`/api/iu/courses/${paid.id}/enrol`, learner.auth);
    expect(paidRes.statusCode).toBe(409);
    expect(paidRes.json().message).toBe("This title is paid. Add it to your cart to enrol.");
    expect((await get(`/api/iu/courses/${paid.id}`, learner.auth)).json().enrol_action).toBe("cart");
    const soonRes = await post(`/api/iu/courses/${soon.id}/enrol`, { ...learner.auth, "x-language-id": "2" });
    expect(soonRes.statusCode).toBe(409);
    expect(soonRes.json().message).toBe("Este título llegará pronto. Podrás inscribirte cuando se publique.");
    expect((await post(`/api/iu/courses/${draft.id}/enrol`, learner.auth)).statusCode).toBe(404);
    expect((await post(`/api/iu/courses/${free.id}/enrol`)).statusCode).toBe(401);
  });
  it("counts a new learner on the title page at once, even when the page was just read", async () => {
    const course = await buildCourse(t);
    const [first, second] = [await buildLearner(t), await buildLearner(t)];
    // Both pages are read (and so cached) before the enrolment.
    expect((await get(`/api/courses/${course.id}`)).json().enrolment_count).toBe(0);
    expect((await get(`/api/iu/courses/${course.id}`, second.auth)).json().enrolment_count).toBe(0);
    expect((await post(`/api/iu/courses/${course.id}/enrol`, first.auth)).statusCode).toBe(201);
    expect((await get(`/api/iu/courses/${course.id}`, first.auth)).json().enrolment_count).toBe(1);
    expect((await get(`/api/iu/courses/${course.id}`, second.auth)).json().enrolment_count).toBe(1);
    expect((await get(`/api/courses/${course.id}`)).json().enrolment_count).toBe(1);
  });
});

describe("learner dashboard", () => {
  it("offers continue-where-you-left-off, progress and recommendations", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 2, duration: 30 });
    const sameCategory = await buildCourse(t, {
      categoryId: course.categoryId,
      title: ["Next Step", "Siguiente paso"],
    });
    const learner = await buildLearner(t);
    await post(`/api/iu/courses/${course.id}/enrol`, learner.auth);
    await t.app.inject({
      method: "PUT",
      url: `/api/iu/lectures/${course.lectureIds[0]}/progress`,
      headers: learner.auth,
      payload: { ranges: [[0, 12]], position: 12 },
    });
    const dashboard = (await get("/api/iu/dashboard/learning", learner.auth)).json();
    expect(dashboard.continue).toMatchObject({
      course_id: course.id,
      lecture_id: course.lectureIds[0],
      position_seconds: 12,
      duration_seconds: 30,
    });
    expect(dashboard.enrolled.map((c: { id: number }) => c.id)).toEqual([course.id]);
    expect(dashboard.recommendations[0].id).toBe(sameCategory.id);
    expect(dashboard.recommendations.map((c: { id: number }) => c.id)).not.toContain(course.id);
  });
});

describe("title search", () => {
  it("finds a title by a Spanish word with X-Language-Id 2, and by English words otherwise", async () => {
    await buildCourse(t, { title: ["Digital Photography", "Fotografía digital"] });
    const learner = await buildLearner(t);
    const es = await get("/api/iu/search?q=fotograf&source=courses", {
      ...learner.auth,
      "x-language-id": "2",
    });
    expect(es.statusCode).toBe(200);
    expect(es.json().data[0]).toMatchObject({ source: "courses", title: "Fotografía digital" });
    const titles = async (q: string, languageId: string) =>
      (
        await get(`/api/iu/search?q=${encodeURIComponent(q)}&source=courses`, {
          ...learner.auth,
          "x-language-id": languageId,
        })
      ).json().data as Array<{ title: string }>;
    expect((await titles("photography", "1"))[0]?.title).toBe("Digital Photography");
    expect(await titles("fotografías", "2")).toHaveLength(1);
    expect(await titles("!!!", "2")).toEqual([]);
    const listed = (await get("/api/courses?q=fotogr", { "x-language-id": "2" })).json();
    expect(listed.data.map((c: { title: string }) => c.title)).toEqual(["Fotografía digital"]);
  });
});

describe("API reference", () => {
  it("documents the catalogue, lecture and authoring endpoints", async () => {
    const res = await get("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      "/api/courses/{id}",
      "/api/iu/lectures/{id}/progress",
      "/api/af/lesson/qas/{id}",
      "/api/af/courses",
    ])
      expect(paths).toContain(path);
  });
});
