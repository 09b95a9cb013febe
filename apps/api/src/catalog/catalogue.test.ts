/** The public catalogue: search, filters, sorts, paging, suggestions, SEO. */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { courses } from "../db/schema/index";
import { buildCourse } from "./catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Card = { id: number; title: string; rating_average: number; level: string; language: string };
const list = async (query: string, language = "1") => {
  const res = await t.app.inject({ url: `/api/courses?${query}`, headers: { "x-language-id": language } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Card[]; total: number; next_page_url: string | null };
};

async function titled(
  en: string,
  es: string,
  set: Partial<typeof courses.$inferInsert> = {},
  categoryId?: number,
) {
  const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1, duration: 60, categoryId });
  await t.deps.db
    .update(courses)
    .set({ titleEn: en, titleEs: es, ...set })
    .where(eq(courses.id, course.id));
  return course;
}

describe("catalogue search", () => {
  it("finds Programación from an accent-less Spanish query, title matches ranked above descriptions", async () => {
    const inTitle = await titled("Python programming", "Programación en Python");
    const inText = await titled("Spreadsheets", "Hojas de cálculo", {
      shortDescriptionEs: "Sin programación: fórmulas y gráficos",
      shortDescriptionEn: "No code: formulas and charts",
    });
    await titled("Watercolour", "Acuarela");
    for (const language of ["1", "2"]) {
      const found = await list("q=programacion", language);
      const ids = found.data.map((c) => c.id);
      expect(ids).toContain(inTitle.id);
      expect(ids).toContain(inText.id);
      expect(ids.indexOf(inTitle.id)).toBeLessThan(ids.indexOf(inText.id));
      expect(found.data.find((c) => c.id === inTitle.id)?.title).toBe(
        language === "2" ? "Programación en Python" : "Python programming",
      );
    }
    // Prefix words while typing, accents and case on either side.
    expect((await list("q=PROGRAMACIÓN%20pyth")).data.map((c) => c.id)).toEqual([inTitle.id]);
    expect((await list("q=acuarela")).total).toBe(1);
  });

  it("suggests titles as the visitor types, in the request language", async () => {
    const course = await titled("Guitar for beginners", "Guitarra para principiantes");
    const res = await t.app.inject({
      url: "/api/courses/suggest?q=guitarr",
      headers: { "x-language-id": "2" },
    });
    expect(res.json()).toEqual({ data: [{ id: course.id, title: "Guitarra para principiantes" }] });
    const none = await t.app.inject({ url: "/api/courses/suggest?q=%20" });
    expect(none.json()).toEqual({ data: [] });
  });

  it("uses the GIN index of the folded vector", async () => {
    await t.deps.db.execute(sql`SET enable_seqscan = off`);
    const { rows } = await t.deps.db.execute<{ "QUERY PLAN": string }>(sql`EXPLAIN SELECT id FROM courses
      WHERE search_folded @@ (to_tsquery('english', search_fold('programacion:*')) || to_tsquery('spanish', search_fold('programacion:*')))`);
    await t.deps.db.execute(sql`SET enable_seqscan = on`);
    expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("courses_search_folded_idx");
  });
});

describe("catalogue filters, sorts and paging", () => {
  it("filters by price, level, language, length and minimum rating; sorts by price and rating", async () => {
    const first = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const category = first.categoryId;
    const make = (en: string, set: Partial<typeof courses.$inferInsert>) => titled(en, en, set, category);
    const free = await make("Free beginner", {
      level: "beginner",
      teachingLanguage: "es",
      ratingAverage: 4.6,
      ratingCount: 3,
    });
    const cheap = await make("Cheap advanced", {
      isFree: false,
      pricePence: 900,
      level: "advanced",
      ratingAverage: 3.2,
      ratingCount: 2,
    });
    const dear = await make("Dear advanced", {
      isFree: false,
      pricePence: 5000,
      level: "advanced",
      ratingAverage: 4.1,
      ratingCount: 9,
    });
    // Length follows the lectures (trigger): first has one 20 s lecture; the others one 60 s lecture.
    await t.deps.db.update(courses).set({ durationSeconds: 0 }).where(eq(courses.id, free.id));
    const [row] = await t.deps.db
      .select({ d: courses.durationSeconds })
      .from(courses)
      .where(eq(courses.id, first.id));
    expect(row?.d).toBe(20);
    const base = `category_id=${category}`;
    const ids = async (q: string) => (await list(`${base}&${q}`)).data.map((c) => c.id);
    const set = async (q: string) => (await ids(q)).sort((a, b) => a - b);
    expect(await set("price=free")).toEqual([first.id, free.id]);
    expect(await ids("price=paid&sort=price_low")).toEqual([cheap.id, dear.id]);
    expect(await ids("price=paid&sort=price_high")).toEqual([dear.id, cheap.id]);
    expect(await ids("level=advanced&min_rating=4")).toEqual([dear.id]);
    expect(await ids("language=es")).toEqual([free.id]);
    expect(await ids("sort=rating")).toEqual([free.id, dear.id, cheap.id, first.id]);
    expect((await ids("length=under_1h")).length).toBe(4);
    expect(await ids("length=1_3h")).toEqual([]);
    await t.deps.db
      .update(courses)
      .set({ durationSeconds: 4 * 3600 })
      .where(eq(courses.id, dear.id));
    expect(await ids("length=3_6h")).toEqual([dear.id]);
  });

  it("pages on the server and refuses unknown filter values with a translated 422", async () => {
    const first = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    for (let i = 0; i < 4; i++) await titled(`Paged ${i}`, `Paginado ${i}`, {}, first.categoryId);
    const page1 = await list(`category_id=${first.categoryId}&per_page=2&sort=newest`);
    const page3 = await list(`category_id=${first.categoryId}&per_page=2&page=3&sort=newest`);
    expect(page1.total).toBe(5);
    expect(page1.data).toHaveLength(2);
    expect(page1.next_page_url).toContain("page=2");
    expect(page3.data).toHaveLength(1);
    expect(page3.next_page_url).toBeNull();
    const bad = await t.app.inject({ url: "/api/courses?sort=cheapest", headers: { "x-language-id": "2" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).not.toContain("validation.");
  });

  it("the title page carries level, language, outcomes, requirements, last update and the rating summary", async () => {
    const course = await titled("Facts", "Datos", {
      level: "intermediate",
      teachingLanguage: "es",
      outcomesEn: "One thing\n- Another thing\n\n",
      outcomesEs: "Una cosa",
      requirementsEn: "A pencil",
      ratingDistribution: [0, 0, 1, 0, 2],
    });
    const learner = await buildLearner(t);
    const res = await t.app.inject({ url: `/api/iu/courses/${course.id}`, headers: learner.auth });
    const body = res.json();
    expect(body).toMatchObject({
      level: "intermediate",
      language: "es",
      outcomes: ["One thing", "Another thing"],
      requirements: ["A pencil"],
      rating_distribution: [0, 0, 1, 0, 2],
    });
    expect(Date.parse(body.updated_at)).toBeGreaterThan(0);
    const es = await t.app.inject({ url: `/api/courses/${course.id}`, headers: { "x-language-id": "2" } });
    expect(es.json().outcomes).toEqual(["Una cosa"]);
  });
});

describe("pages for crawlers", () => {
  it("lists listed titles in /sitemap.xml and points robots.txt at it", async () => {
    const listed = await titled("Sitemap listed", "Listado");
    const draft = await buildCourse(t, { status: "draft", levels: 1, modules: 1, lectures: 1 });
    const sitemap = await t.app.inject({ url: "/sitemap.xml" });
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    expect(sitemap.body).toContain(`/courses/${listed.id}</loc>`);
    expect(sitemap.body).not.toContain(`/courses/${draft.id}</loc>`);
    const robots = await t.app.inject({ url: "/robots.txt" });
    expect(robots.body).toContain("Disallow: /iu/");
    expect(robots.body).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });
});
