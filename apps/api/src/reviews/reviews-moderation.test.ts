/** Review moderation beyond hide/show (reviews.test.ts): the reports' reasons and the stars filter. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { lectureProgress } from "../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A learner who completed the title's only lecture and rated it. */
async function reviewer(course: { id: number; lectureIds: number[] }, rating: number, body = "") {
  const learner = await buildLearner(t);
  await enrol(t, learner.id, course.id);
  const now = new Date();
  await t.deps.db.insert(lectureProgress).values({
    userId: learner.id,
    lectureId: course.lectureIds[0]!,
    courseId: course.id,
    watchedRanges: [[0, 20]],
    watchedSeconds: 20,
    videoWatchedAt: now,
    completedAt: now,
  });
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/iu/courses/${course.id}/review`,
    headers: learner.auth,
    payload: { rating, body },
  });
  return { learner, reviewId: res.json().review.id as number };
}

describe("review moderation", () => {
  it("lists the learners' reasons for reporting a review, to course managers only", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const { reviewId } = await reviewer(course, 1, "Rubbish, do not buy this title at all.");
    const marta = await buildLearner(t);
    const tom = await buildLearner(t);
    for (const [who, reason] of [
      [marta, "Insults the teacher"],
      [tom, ""],
    ] as const)
      await t.app.inject({
        method: "POST",
        url: `/api/iu/reviews/${reviewId}/report`,
        headers: who.auth,
        payload: { reason },
      });
    const manager = await buildAdmin(t, ["isCourseManager"]);
    const res = await t.app.inject({ url: `/api/af/reviews/${reviewId}/reports`, headers: manager.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        user: { id: tom.id, username: tom.username },
        reason: "",
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        user: { id: marta.id, username: marta.username },
        reason: "Insults the teacher",
        created_at: expect.any(String),
      },
    ]);
    const other = await buildAdmin(t, ["isFaqManager"]);
    expect(
      (await t.app.inject({ url: `/api/af/reviews/${reviewId}/reports`, headers: other.auth })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/af/reviews/${reviewId}/reports`, headers: marta.auth })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: "/api/af/reviews/999999/reports", headers: manager.auth })).statusCode,
    ).toBe(404);
  });

  it("filters the moderation list by title and stars", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const low = await reviewer(course, 1);
    await reviewer(course, 5);
    const manager = await buildAdmin(t, ["isCourseManager"]);
    const res = await t.app.inject({
      url: `/api/af/reviews?filter=all&course_id=${course.id}&rating=1`,
      headers: manager.auth,
    });
    expect(res.json()).toMatchObject({ total: 1, data: [{ id: low.reviewId, rating: 1 }] });
    const bad = await t.app.inject({ url: "/api/af/reviews?rating=6", headers: manager.auth });
    expect(bad.statusCode).toBe(422);
  });
});
