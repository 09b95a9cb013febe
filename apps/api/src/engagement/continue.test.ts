import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { timePasses } from "../learning/learning.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("Continue learning", () => {
  it("opens the next unfinished lecture, with the title's progress, once the last one opened is finished", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 3, duration: 20 });
    const [l1, l2] = course.lectureIds as [number, number, number];
    const ana = await buildLearner(t);
    await enrol(t, ana.id, course.id);
    const dashboard = async () =>
      (await t.app.inject({ method: "GET", url: "/api/iu/dashboard/learning", headers: ana.auth })).json()
        .continue;

    expect(
      (await t.app.inject({ method: "GET", url: `/api/iu/lectures/${l1}`, headers: ana.auth })).statusCode,
    ).toBe(200);
    await timePasses(t, ana.id, l1, 10);
    const half = await t.app.inject({
      method: "PUT",
      url: `/api/iu/lectures/${l1}/progress`,
      headers: ana.auth,
      payload: { ranges: [[0, 8]], position: 8 },
    });
    expect(half.statusCode).toBe(200);
    // Unfinished: the lecture last opened, at its position.
    expect(await dashboard()).toMatchObject({
      lecture_id: l1,
      position_seconds: 8,
      course_progress: { completed_lectures: 0, total_lectures: 3, percent: 0 },
    });

    const done = await t.app.inject({
      method: "PUT",
      url: `/api/iu/lectures/${l1}/progress`,
      headers: ana.auth,
      payload: { ranges: [[0, 20]], position: 20 },
    });
    expect(done.json().completed).toBe(true);
    // Finished: the next lecture from its start, not the finished one with "Start learning".
    expect(await dashboard()).toMatchObject({
      lecture_id: l2,
      lecture_title: "Lecture 2",
      position_seconds: 0,
      course_progress: { completed_lectures: 1, total_lectures: 3, percent: 33 },
    });
  });
});
