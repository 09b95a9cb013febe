import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse } from "../catalog/catalog.fixtures";
import { courses } from "../db/schema/index";
import { search } from "./search.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("global search", () => {
  it("answers the list shape, empty while nothing is searchable", async () => {
    const learner = await buildLearner(t);
    const res = await t.app.inject({ url: "/api/iu/search?q=algebra&source=courses", headers: learner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], next_page_url: null, total: 0 });
  });

  it("refuses an empty text and non-learners", async () => {
    const learner = await buildLearner(t);
    expect((await t.app.inject({ url: "/api/iu/search?q=%20", headers: learner.auth })).statusCode).toBe(422);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ url: "/api/iu/search?q=x", headers: admin.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/iu/search?q=x" })).statusCode).toBe(401);
  });

  it("asks only the providers of the chosen source; an unknown source means all", async () => {
    const learner = await buildLearner(t);
    const user = {
      id: learner.id,
      roleId: 1 as const,
      username: learner.username,
      languageId: 1,
      permissions: [],
    };
    const providers = [
      {
        source: "courses" as const,
        search: async () => [
          { source: "courses" as const, id: 1, title: "Algebra", description: "", url: "/iu/courses/1" },
        ],
      },
      {
        source: "products" as const,
        search: async () => [
          { source: "products" as const, id: 2, title: "Atlas", description: "", url: "/iu/shop/books/2" },
        ],
      },
    ];
    const run = (source: "all" | "courses" | "products") =>
      search(t.deps, source, { q: "a", language: "en", user }, providers).then((hits) =>
        hits.map((h) => h.id),
      );
    expect(await run("courses")).toEqual([1]);
    expect(await run("products")).toEqual([2]);
    expect(await run("all")).toEqual([1, 2]);
  });

  it("finds titles without accents or case: programacion finds Programación", async () => {
    const learner = await buildLearner(t);
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1, duration: 5 });
    await t.deps.db
      .update(courses)
      .set({ titleEn: "Python programming", titleEs: "Programación en Python", status: "published" })
      .where(eq(courses.id, course.id));
    for (const [q, language] of [
      ["programacion", "2"],
      ["PROGRAMACIÓN python", "2"],
      ["programacion", "1"],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/iu/search?q=${encodeURIComponent(q)}&source=courses`,
        headers: { ...learner.auth, "x-language-id": language },
      });
      expect(
        res.json().data.some((h: { id: number }) => h.id === course.id),
        q,
      ).toBe(true);
    }
  });
});

describe("interface language", () => {
  it("saves the language of learners and admins", async () => {
    const learner = await buildLearner(t);
    const admin = await buildAdmin(t);
    for (const user of [learner, admin]) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/me/language",
        headers: user.auth,
        payload: { language_id: 2 },
      });
      expect(res.json()).toEqual({ language_id: 2 });
    }
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/me/language",
      headers: learner.auth,
      payload: { language_id: 3 },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/me/language", payload: { language_id: 1 } }))
        .statusCode,
    ).toBe(401);
  });
});
