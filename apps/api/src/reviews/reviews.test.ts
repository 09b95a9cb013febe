/** Ratings and reviews: the 20 % gate, one per learner, bounds, moderation, reports. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { auditLog, lectureProgress } from "../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A learner enrolled in `course` with its first `n` lectures completed. */
async function learnerWithProgress(course: { id: number; lectureIds: number[] }, n: number) {
  const learner = await buildLearner(t);
  await enrol(t, learner.id, course.id);
  const now = new Date();
  for (const lectureId of course.lectureIds.slice(0, n))
    await t.deps.db.insert(lectureProgress).values({
      userId: learner.id,
      lectureId,
      courseId: course.id,
      watchedRanges: [[0, 20]],
      watchedSeconds: 20,
      videoWatchedAt: now,
      completedAt: now,
    });
  return learner;
}

const rate = (auth: Record<string, string>, courseId: number, payload: object, language = "1") =>
  t.app.inject({
    method: "PUT",
    url: `/api/iu/courses/${courseId}/review`,
    headers: { ...auth, "x-language-id": language },
    payload,
  });
const page = async (courseId: number) => (await t.app.inject({ url: `/api/courses/${courseId}` })).json();
const good = "Clear lectures and useful notes, I recommend it.";

describe("rating a title", () => {
  it("needs enrolment and 20% of the title completed, with the reason in both languages", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 5 });
    const outsider = await buildLearner(t);
    const notEnrolled = await rate(outsider.auth, course.id, { rating: 5 }, "2");
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().message).toBe("Inscríbete en este título para valorarlo");
    const starter = await learnerWithProgress(course, 0);
    const early = await rate(starter.auth, course.id, { rating: 5 });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe("Complete at least 20% of the title to rate it");
    const status = await t.app.inject({ url: `/api/iu/courses/${course.id}/review`, headers: starter.auth });
    expect(status.json()).toMatchObject({
      can_review: false,
      reason: "progress",
      required_percent: 20,
      review: null,
    });
    const ready = await learnerWithProgress(course, 1);
    const saved = await rate(ready.auth, course.id, { rating: 4, body: good });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ can_review: true, review: { rating: 4, body: good, mine: true } });
    expect(await page(course.id)).toMatchObject({
      rating_count: 1,
      rating_average: 4,
      rating_distribution: [0, 0, 0, 1, 0],
    });
  });

  it("keeps one review per learner, editable, and averages and distributions follow", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 2 });
    const a = await learnerWithProgress(course, 1);
    const b = await learnerWithProgress(course, 2);
    await rate(a.auth, course.id, { rating: 5, body: good });
    await rate(b.auth, course.id, { rating: 2 });
    expect(await page(course.id)).toMatchObject({
      rating_count: 2,
      rating_average: 3.5,
      rating_distribution: [0, 1, 0, 0, 1],
    });
    const edited = await rate(a.auth, course.id, { rating: 3, body: `${good} Edited.` });
    expect(edited.json().review).toMatchObject({ rating: 3, body: `${good} Edited.` });
    expect(await page(course.id)).toMatchObject({
      rating_count: 2,
      rating_average: 2.5,
      rating_distribution: [0, 1, 1, 0, 0],
    });
    const list = await t.app.inject({ url: `/api/courses/${course.id}/reviews` });
    expect(list.json().total).toBe(2);
    // The card in the catalogue shows the same aggregate.
    const cards = await t.app.inject({ url: `/api/courses?category_id=${course.categoryId}` });
    expect(cards.json().data[0]).toMatchObject({ rating_count: 2, rating_average: 2.5 });
  });

  it("bounds the rating and the review text, with translated field errors", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const learner = await learnerWithProgress(course, 1);
    for (const payload of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4, body: "Too short" },
      { rating: 4, body: "x".repeat(2001) },
    ]) {
      const res = await rate(learner.auth, course.id, payload, "2");
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(JSON.stringify(res.json().errors)).not.toContain("validation.");
    }
    expect((await rate(learner.auth, course.id, { rating: 4, body: "   " })).statusCode).toBe(200);
  });
});

describe("reports and moderation", () => {
  it("a learner reports a review once, not their own", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const author = await learnerWithProgress(course, 1);
    const reader = await buildLearner(t);
    const id = (
      await rate(author.auth, course.id, { rating: 1, body: "Rubbish, do not buy this title at all." })
    ).json().review.id;
    const report = (auth: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: `/api/iu/reviews/${id}/report`,
        headers: auth,
        payload: { reason: "rude" },
      });
    expect((await report(reader.auth)).statusCode).toBe(201);
    const again = await report(reader.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already reported this review");
    expect((await report(author.auth)).statusCode).toBe(409);
    const seen = await t.app.inject({ url: `/api/courses/${course.id}/reviews`, headers: reader.auth });
    expect(seen.json().data[0]).toMatchObject({ id, reported: true, mine: false });
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/iu/reviews/999999/report",
          headers: reader.auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it("course managers hide with a reason (audited, out of the aggregates) and show again; others may not", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const a = await learnerWithProgress(course, 1);
    const b = await learnerWithProgress(course, 1);
    const id = (
      await rate(a.auth, course.id, { rating: 1, body: "Spam spam spam spam spam spam spam" })
    ).json().review.id;
    await rate(b.auth, course.id, { rating: 5 });
    const reporter = await buildLearner(t);
    await t.app.inject({
      method: "POST",
      url: `/api/iu/reviews/${id}/report`,
      headers: reporter.auth,
      payload: {},
    });

    const manager = await buildAdmin(t, ["isCourseManager"]);
    const other = await buildAdmin(t, ["isFaqManager"]);
    expect((await t.app.inject({ url: "/api/af/reviews", headers: other.auth })).statusCode).toBe(403);
    const reported = await t.app.inject({
      url: `/api/af/reviews?course_id=${course.id}`,
      headers: manager.auth,
    });
    expect(reported.json().data).toMatchObject([{ id, report_count: 1, hidden: false }]);

    const noReason = await t.app.inject({
      method: "PUT",
      url: `/api/af/reviews/${id}/hide`,
      headers: manager.auth,
      payload: { reason: "" },
    });
    expect(noReason.statusCode).toBe(422);
    const hide = await t.app.inject({
      method: "PUT",
      url: `/api/af/reviews/${id}/hide`,
      headers: manager.auth,
      payload: { reason: "Spam, not a review" },
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({
      hidden: true,
      hidden_reason: "Spam, not a review",
      message: "The review is hidden",
    });
    expect(await page(course.id)).toMatchObject({
      rating_count: 1,
      rating_average: 5,
      rating_distribution: [0, 0, 0, 0, 1],
    });
    expect((await t.app.inject({ url: `/api/courses/${course.id}/reviews` })).json().total).toBe(1);
    const mine = await t.app.inject({ url: `/api/iu/courses/${course.id}/review`, headers: a.auth });
    expect(mine.json().review).toMatchObject({ hidden: true, hidden_reason: "Spam, not a review" });
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "course_reviews.hide"), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ actorId: manager.id, entity: "course_reviews" });
    expect(entry?.after).toMatchObject({ hidden: true, hidden_reason: "Spam, not a review" });

    const show = await t.app.inject({
      method: "PUT",
      url: `/api/af/reviews/${id}/show`,
      headers: manager.auth,
    });
    expect(show.json().hidden).toBe(false);
    expect(await page(course.id)).toMatchObject({ rating_count: 2, rating_average: 3 });
  });
});
