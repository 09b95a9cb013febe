import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { lectures } from "../db/schema/index";
import { markLectureQuizPassed } from "./lecture.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const get = (url: string, auth: Auth) => t.app.inject({ method: "GET", url, headers: auth });
const complete = (lectureId: number, headers: Record<string, string>) =>
  t.app.inject({ method: "PUT", url: `/api/iu/lectures/${lectureId}/completion`, headers });

/** A title whose lectures are readings (e-books, FAQs): the videos are taken away. */
async function readingCourse(options: Parameters<typeof buildCourse>[1] = {}) {
  const course = await buildCourse(t, { levels: 1, modules: 1, ...options });
  for (const id of course.lectureIds)
    await t.deps.db.update(lectures).set({ videoKey: null, durationSeconds: 0 }).where(eq(lectures.id, id));
  return course;
}

async function learnerIn(course: { id: number }) {
  const learner = await buildLearner(t);
  await enrol(t, learner.id, course.id);
  return learner;
}

describe("marking a lecture without a video complete", () => {
  it("completes it, unlocks the next lecture and counts in the title's progress and continue-learning", async () => {
    const course = await readingCourse({ lectures: 3 });
    const [l1, l2] = course.lectureIds as [number, number, number];
    const ana = await learnerIn(course);

    // Opening a reading lecture no longer completes it by itself.
    expect((await get(`/api/iu/lectures/${l1}`, ana.auth)).json()).toMatchObject({ video: null });
    const opened = await t.app.inject({
      method: "PUT",
      url: `/api/iu/lectures/${l1}/progress`,
      headers: ana.auth,
      payload: { ranges: [], position: 0 },
    });
    expect(opened.json()).toMatchObject({
      completed: false,
      state: "to_start",
      next_lecture: { state: "locked" },
    });

    const done = await complete(l1, ana.auth);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      completed: true,
      video_watched: true,
      state: "completed",
      next_lecture: { id: l2, state: "to_start" },
      uncredited_seconds: 0,
    });
    // Marking again answers the same and changes nothing.
    const again = await complete(l1, ana.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ completed: true, state: "completed" });

    expect((await get(`/api/iu/lectures/${l2}`, ana.auth)).statusCode).toBe(200);
    const dashboard = (await get("/api/iu/dashboard/learning", ana.auth)).json().continue;
    expect(dashboard).toMatchObject({
      lecture_id: l2,
      course_progress: { completed_lectures: 1, total_lectures: 3, percent: 33 },
    });
  });

  it("opens the lecture's quiz, and completes the lecture once the quiz is passed", async () => {
    const course = await readingCourse({ lectures: 2, quizAt: [0] });
    const [l1, l2] = course.lectureIds as [number, number];
    const ana = await learnerIn(course);
    expect((await get(`/api/iu/lectures/${l1}/quiz-gate`, ana.auth)).json()).toEqual({
      can_take_quiz: false,
      message: "Mark the lecture complete before the quiz",
    });

    const read = await complete(l1, ana.auth);
    expect(read.json()).toMatchObject({
      video_watched: true,
      completed: false,
      can_take_quiz: true,
      next_lecture: { state: "locked" },
    });
    expect((await get(`/api/iu/lectures/${l1}/quiz-gate`, ana.auth)).json()).toEqual({
      can_take_quiz: true,
      message: null,
    });
    // The quiz engine records the pass: the reading lecture completes and the next one opens.
    await markLectureQuizPassed(t.deps.db, ana.id, l1, course.id);
    expect((await get(`/api/iu/lectures/${l1}`, ana.auth)).json()).toMatchObject({
      state: "quiz_passed",
      progress: { completed: true },
      next_lecture: { id: l2, state: "to_start" },
    });
  });

  it("issues the title's certificate when the last lecture is marked complete", async () => {
    const course = await readingCourse({ lectures: 1 });
    const ana = await learnerIn(course);
    expect((await complete(course.lectureIds[0]!, ana.auth)).json().completed).toBe(true);
    const certificates = (await get("/api/iu/certificates", ana.auth)).json().data;
    expect(certificates.length).toBeGreaterThan(0);
  });

  it("refuses a lecture with a video, in the caller's language", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const ana = await learnerIn(course);
    const refused = await complete(course.lectureIds[0]!, ana.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("A lecture with a video is completed by watching it.");
    const refusedEs = await complete(course.lectureIds[0]!, { ...ana.auth, "x-language-id": "2" });
    expect(refusedEs.json().message).toBe("Una lección con vídeo se completa viéndolo.");
  });

  it("refuses a learner not enrolled, a locked lecture and an unknown one; staff record nothing", async () => {
    const course = await readingCourse({ lectures: 2 });
    const [l1, l2] = course.lectureIds as [number, number];
    const stranger = await buildLearner(t);
    const outsider = await complete(l1, stranger.auth);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe("Enrol in this title to open its lectures");

    const ana = await learnerIn(course);
    const locked = await complete(l2, ana.auth);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe("Lecture not available. Complete the previous lecture first.");
    expect((await complete(999_999, ana.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "PUT", url: `/api/iu/lectures/${l1}/completion` })).statusCode).toBe(
      401,
    );

    const admin = await buildAdmin(t, ["isCourseManager"]);
    const preview = await complete(l1, admin.auth);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ completed: false });
    // The learner's own lecture is untouched by the others' calls.
    expect((await get(`/api/iu/lectures/${l1}`, ana.auth)).json().progress).toMatchObject({
      completed: false,
    });
  });
});
