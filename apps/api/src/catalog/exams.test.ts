import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { lectureNotes, lectureProgress } from "../db/schema/index";
import { buildQuizCourse, giveExamAccess } from "../quizzes/quizzes.fixtures";
import { enrol } from "./catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

describe("the exams of a title page", () => {
  it("are locked until the module or level is complete, then show attempts left and the pass", async () => {
    const course = await buildQuizCourse(t);
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const url = `/api/iu/courses/${course.id}/exams`;

    const before = (await get(url, learner.auth)).json().data;
    expect(before.map((e: { kind: string; state: string }) => [e.kind, e.state])).toEqual([
      ["module", "locked"],
      ["level", "locked"],
    ]);
    expect(before[0]).toMatchObject({
      owner_id: course.moduleIds[0],
      quiz_id: course.moduleExamId,
      is_paid: true,
      lectures_total: 2,
      lectures_completed: 0,
    });

    // Both lectures completed: the paid exams open for purchase, then with the attempts of an access.
    for (const lectureId of course.lectureIds)
      await t.deps.db.insert(lectureProgress).values({
        userId: learner.id,
        lectureId,
        courseId: course.id,
        watchedSeconds: 20,
        videoWatchedAt: new Date(),
        quizPassedAt: new Date(),
        completedAt: new Date(),
      });
    const complete = (await get(url, learner.auth)).json().data;
    expect(complete.map((e: { state: string }) => e.state)).toEqual(["buy", "buy"]);
    await giveExamAccess(t, learner.id, course.moduleExamId);
    const bought = (await get(url, learner.auth)).json().data;
    expect(bought[0]).toMatchObject({ state: "available", attempts_left: 2, lectures_completed: 2 });
    expect(bought[1]).toMatchObject({ state: "buy", attempts_left: 0 });

    // Not enrolled: locked; an administrator previewing sees them open; others may not read them.
    const other = await buildLearner(t);
    expect((await get(url, other.auth)).json().data[0].state).toBe("locked");
    const author = await buildAdmin(t, ["isCourseManager"]);
    expect((await get(url, author.auth)).json().data[0]).toMatchObject({
      state: "available",
      attempts_left: null,
    });
    const stranger = await buildAdmin(t, ["isFaqManager"]);
    expect((await get(url, stranger.auth)).statusCode).toBe(403);
  });
});

describe("previewing a title as a learner", () => {
  it("lets a course manager read any lecture and its media without writing progress, notes or questions", async () => {
    const course = await buildQuizCourse(t);
    const author = await buildAdmin(t, ["isCourseManager"]);
    const lectureId = course.lectureIds[1]!;

    const page = await get(`/api/iu/courses/${course.id}`, author.auth);
    expect(page.statusCode).toBe(200);
    expect(page.json().enrolment).toBeNull();
    const detail = await get(`/api/iu/lectures/${lectureId}`, author.auth);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().progress).toBeNull();
    expect((await get(detail.json().video.url, { range: "bytes=0-9" })).statusCode).toBe(206);
    for (const ebook of detail.json().ebooks as Array<{ file_url: string }>)
      expect((await get(ebook.file_url, {})).statusCode).toBe(200);

    const report = await t.app.inject({
      method: "PUT",
      url: `/api/iu/lectures/${lectureId}/progress`,
      headers: author.auth,
      payload: { ranges: [[0, 20]], position: 20 },
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().completed).toBe(false);
    const rows = await t.deps.db
      .select()
      .from(lectureProgress)
      .where(and(eq(lectureProgress.userId, author.id), eq(lectureProgress.lectureId, lectureId)));
    expect(rows).toHaveLength(0);

    const note = await t.app.inject({
      method: "PUT",
      url: `/api/iu/lectures/${lectureId}/note`,
      headers: author.auth,
      payload: { content: { type: "doc", content: [] } },
    });
    expect(note.statusCode).toBe(403);
    expect(
      await t.deps.db.select().from(lectureNotes).where(eq(lectureNotes.userId, author.id)),
    ).toHaveLength(0);
    const question = await t.app.inject({
      method: "POST",
      url: `/api/iu/lectures/${lectureId}/questions`,
      headers: author.auth,
      payload: { body: "Is this saved when an administrator previews?" },
    });
    expect(question.statusCode).toBe(403);
    const enrolment = await t.app.inject({
      method: "POST",
      url: `/api/iu/courses/${course.id}/enrol`,
      headers: author.auth,
    });
    expect(enrolment.statusCode).toBe(403);
  });
});
