import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { lectureProgress, lectureViews } from "../db/schema/index";
import { timePasses } from "./learning.fixtures";
import { markLectureQuizPassed } from "./lecture.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });
const report = (auth: Auth, lectureId: number, ranges: Array<[number, number]>, position = 0) =>
  t.app.inject({
    method: "PUT",
    url: `/api/iu/lectures/${lectureId}/progress`,
    headers: auth,
    payload: { ranges, position },
  });
/** Opens the lecture (which begins the learner's view of it) and lets `seconds` of real time pass. */
async function watchFor(user: { id: number; auth: Auth }, lectureId: number, seconds: number) {
  expect((await get(`/api/iu/lectures/${lectureId}`, user.auth)).statusCode).toBe(200);
  await timePasses(t, user.id, lectureId, seconds);
}

async function learnerIn(course: { id: number }) {
  const learner = await buildLearner(t);
  await enrol(t, learner.id, course.id);
  return learner;
}

describe("sequential unlocking", () => {
  it("opens a lecture only when the previous one, across modules and levels, is completed", async () => {
    const course = await buildCourse(t, { levels: 2, modules: 1, lectures: 2, duration: 20 });
    const ana = await learnerIn(course);
    const [l1, l2, l3] = course.lectureIds as [number, number, number];

    const first = await get(`/api/iu/lectures/${l1}`, ana.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ state: "to_start", next_lecture: { id: l2, state: "locked" } });

    const locked = await get(`/api/iu/lectures/${l2}`, ana.auth);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe("Lecture not available. Complete the previous lecture first.");
    const lockedEs = await get(`/api/iu/lectures/${l2}`, { ...ana.auth, "x-language-id": "2" });
    expect(lockedEs.json().message).toBe("Lección no disponible. Completa primero la lección anterior.");

    await watchFor(ana, l1, 10);
    const done = await report(ana.auth, l1, [[0, 20]], 20);
    expect(done.json()).toMatchObject({
      completed: true,
      state: "completed",
      next_lecture: { id: l2, state: "to_start" },
    });
    expect((await get(`/api/iu/lectures/${l2}`, ana.auth)).statusCode).toBe(200);

    // The last lecture of level 1 opens the first lecture of level 2.
    expect((await get(`/api/iu/lectures/${l3}`, ana.auth)).statusCode).toBe(403);
    await watchFor(ana, l2, 10);
    await report(ana.auth, l2, [[0, 20]], 20);
    expect((await get(`/api/iu/lectures/${l3}`, ana.auth)).statusCode).toBe(200);

    const detail = (await get(`/api/iu/courses/${course.id}`, ana.auth)).json();
    const states = detail.levels.flatMap((l: { modules: { lectures: { state: string }[] }[] }) =>
      l.modules.flatMap((m) => m.lectures.map((x) => x.state)),
    );
    expect(states).toEqual(["completed", "completed", "to_start", "locked"]);
    expect(detail.progress).toEqual({ completed_lectures: 2, total_lectures: 4, percent: 50 });
  });

  it("skips unpublished lectures in the order and refuses them with the spec's messages", async () => {
    const course = await buildCourse(t, {
      levels: 1,
      lectures: 3,
      lectureStatus: { 1: "draft", 2: "published" },
    });
    const learner = await learnerIn(course);
    const [l1, l2, l3] = course.lectureIds as [number, number, number];
    const draft = await get(`/api/iu/lectures/${l2}`, learner.auth);
    expect(draft.statusCode).toBe(403);
    expect(draft.json().message).toBe("Lecture not published yet");
    await watchFor(learner, l1, 10);
    await report(learner.auth, l1, [[0, 20]], 20);
    expect((await get(`/api/iu/lectures/${l3}`, learner.auth)).statusCode).toBe(200);
  });

  it("refuses a learner who is not enrolled, and 404s an unknown lecture", async () => {
    const course = await buildCourse(t);
    const stranger = await buildLearner(t);
    const res = await get(`/api/iu/lectures/${course.lectureIds[0]}`, stranger.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Enrol in this title to open its lectures");
    expect((await get("/api/iu/lectures/999999", stranger.auth)).statusCode).toBe(404);
  });
});

describe("video progress", () => {
  it("loses no watched second when reports for one lecture race (two tabs, a retried request)", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 60 });
    const learner = await learnerIn(course);
    const id = course.lectureIds[0]!;
    const parts: Array<[number, number]> = [
      [0, 5],
      [10, 15],
      [20, 25],
      [30, 35],
      [40, 45],
    ];
    await watchFor(learner, id, 60);
    const answers = await Promise.all(parts.map((part) => report(learner.auth, id, [part], part[1])));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const detail = (await get(`/api/iu/lectures/${id}`, learner.auth)).json();
    expect(detail.progress.watched_seconds).toBe(25);
    const [row] = await t.deps.db
      .select()
      .from(lectureProgress)
      .where(and(eq(lectureProgress.userId, learner.id), eq(lectureProgress.lectureId, id)));
    expect(row!.watchedRanges).toEqual(parts);
  });

  it("counts distinct seconds: watching the same part twice counts once", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 60 });
    const learner = await learnerIn(course);
    const id = course.lectureIds[0]!;
    await watchFor(learner, id, 60);
    expect((await report(learner.auth, id, [[0, 10]], 10)).json().watched_seconds).toBe(10);
    expect((await report(learner.auth, id, [[0, 10]], 10)).json().watched_seconds).toBe(10);
    const overlap = (await report(learner.auth, id, [[5, 15]], 15)).json();
    expect(overlap).toMatchObject({
      watched_seconds: 15,
      watched_percent: 25,
      last_position_seconds: 15,
      completed: false,
    });
  });

  it("does not complete a lecture when the learner skips ahead to the end", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 2, duration: 20 });
    const learner = await learnerIn(course);
    const [l1, l2] = course.lectureIds as [number, number];
    await report(learner.auth, l1, [[0, 2]], 2);
    const skipped = (await report(learner.auth, l1, [[19, 20]], 20)).json();
    expect(skipped).toMatchObject({
      watched_seconds: 3,
      completed: false,
      video_watched: false,
      state: "in_progress",
    });
    expect(skipped.next_lecture.state).toBe("locked");
    expect((await get(`/api/iu/lectures/${l2}`, learner.auth)).statusCode).toBe(403);
    // Resume where the learner stopped.
    expect((await get(`/api/iu/lectures/${l1}`, learner.auth)).json().progress.last_position_seconds).toBe(
      20,
    );
  });

  it("completes at 95% of the distinct seconds", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 20 });
    const learner = await learnerIn(course);
    const id = course.lectureIds[0]!;
    await watchFor(learner, id, 20);
    expect((await report(learner.auth, id, [[0, 18]])).json().completed).toBe(false);
    expect((await report(learner.auth, id, [[18, 19]])).json()).toMatchObject({
      watched_seconds: 19,
      completed: true,
    });
  });

  it("refuses scripted watch time: a view credits at most 2x the real time since the lecture was opened", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 2, duration: 600, quizAt: [0] });
    const learner = await learnerIn(course);
    const [id, next] = course.lectureIds as [number, number];
    // Taken before the view begins: a loaded machine's seconds between the opening and the moved
    // clock below count on the server's side, and must on the test's.
    const openedAt = Date.now();
    expect((await get(`/api/iu/lectures/${id}`, learner.auth)).statusCode).toBe(200);

    // Right after opening, a script claims the whole video, then keeps claiming it.
    const forged = await report(learner.auth, id, [[0, 600]], 600);
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toMatchObject({
      watched_seconds: 5,
      uncredited_seconds: 595,
      video_watched: false,
      can_take_quiz: false,
      completed: false,
    });
    expect((await report(learner.auth, id, [[0, 15]], 15)).json().video_watched).toBe(false);
    const gate = (await get(`/api/iu/lectures/${id}/quiz-gate`, learner.auth)).json();
    expect(gate.can_take_quiz).toBe(false);
    expect((await get(`/api/iu/lectures/${next}`, learner.auth)).statusCode).toBe(403);

    // 100 s later: credited seconds stay within 2x the time since the view began, plus 5 s.
    const opened = openedAt - 100_000;
    await timePasses(t, learner.id, id, 100);
    const later = (await report(learner.auth, id, [[0, 600]], 600)).json();
    const elapsed = (Date.now() - opened) / 1000;
    expect(later.watched_seconds).toBeGreaterThanOrEqual(205);
    expect(later.watched_seconds).toBeLessThanOrEqual(Math.floor(elapsed * 2) + 5);
    expect(later.uncredited_seconds).toBe(600 - later.watched_seconds);
    expect(later.video_watched).toBe(false);
  });

  it("credits a player at 2x in full, report after report, and the quiz opens after genuine watching", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 60, quizAt: [0] });
    const learner = await learnerIn(course);
    const id = course.lectureIds[0]!;
    await watchFor(learner, id, 0);
    // Every 10 s of real time, 20 s of video (2x speed), as the web player reports.
    for (const from of [0, 20, 40]) {
      await timePasses(t, learner.id, id, 10);
      const res = (await report(learner.auth, id, [[from, from + 20]], from + 20)).json();
      expect(res).toMatchObject({ watched_seconds: from + 20, uncredited_seconds: 0 });
    }
    const gate = (await get(`/api/iu/lectures/${id}/quiz-gate`, learner.auth)).json();
    expect(gate).toEqual({ can_take_quiz: true, message: null });
  });

  it("lets a clamped report be sent again later, and starts a new view after a long idle time", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 60 });
    const learner = await learnerIn(course);
    const id = course.lectureIds[0]!;
    await watchFor(learner, id, 0);
    expect((await report(learner.auth, id, [[0, 30]])).json().uncredited_seconds).toBe(25);
    await timePasses(t, learner.id, id, 15);
    expect((await report(learner.auth, id, [[0, 30]])).json()).toMatchObject({
      watched_seconds: 30,
      uncredited_seconds: 0,
    });

    // A view unused for more than 30 minutes is over; opening (or reporting) begins a new one.
    const idle = new Date(Date.now() - 31 * 60_000);
    await t.deps.db
      .update(lectureViews)
      .set({ startedAt: idle, seenAt: idle })
      .where(and(eq(lectureViews.userId, learner.id), eq(lectureViews.lectureId, id)));
    expect((await report(learner.auth, id, [[30, 60]])).json()).toMatchObject({
      watched_seconds: 35,
      uncredited_seconds: 25,
    });
  });

  it("rejects a malformed report", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const learner = await learnerIn(course);
    const res = await report(learner.auth, course.lectureIds[0]!, [[10, 5]]);
    expect(res.statusCode).toBe(422);
  });
});

describe("quiz gate", () => {
  it("opens the quiz only after the whole video, and completes the lecture when the quiz is passed", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 2, duration: 20, quizAt: [0] });
    const learner = await learnerIn(course);
    const [l1, l2] = course.lectureIds as [number, number];
    const before = (await get(`/api/iu/lectures/${l1}`, learner.auth)).json();
    expect(before).toMatchObject({
      has_quiz: true,
      can_take_quiz: false,
      quiz_message: "Watch the video before the quiz",
    });
    const gate = await get(`/api/iu/lectures/${l1}/quiz-gate`, { ...learner.auth, "x-language-id": "2" });
    expect(gate.json()).toEqual({ can_take_quiz: false, message: "Mira el vídeo antes del cuestionario" });

    // Reported at once, the whole video is not credited; after 10 s of real time it is.
    await watchFor(learner, l1, 0);
    expect((await report(learner.auth, l1, [[0, 20]], 20)).json().video_watched).toBe(false);
    await timePasses(t, learner.id, l1, 10);
    const watched = (await report(learner.auth, l1, [[0, 20]], 20)).json();
    expect(watched).toMatchObject({
      video_watched: true,
      completed: false,
      can_take_quiz: true,
      state: "in_progress",
    });
    expect(watched.next_lecture.state).toBe("locked");

    await markLectureQuizPassed(t.deps.db, learner.id, l1, course.id);
    const after = (await get(`/api/iu/lectures/${l1}`, learner.auth)).json();
    expect(after).toMatchObject({ state: "quiz_passed", progress: { completed: true, quiz_passed: true } });
    expect((await get(`/api/iu/lectures/${l2}`, learner.auth)).statusCode).toBe(200);
  });
});

describe("lecture media", () => {
  it("refuses a locked lecture's video and e-book by URL, even with another lecture's token", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 2 });
    const learner = await learnerIn(course);
    const [l1, l2] = course.lectureIds as [number, number];
    const video = await get(`/api/iu/lectures/${l2}/video`, learner.auth);
    expect(video.statusCode).toBe(403);
    expect(video.json().message).toBe("Lecture not available. Complete the previous lecture first.");
    const ebook = await get(`/api/iu/lectures/${l2}/ebooks/1/file`, learner.auth);
    expect(ebook.statusCode).toBe(403);

    const detail = (await get(`/api/iu/lectures/${l1}`, learner.auth)).json();
    const token = new URL(detail.video.url, "http://x").searchParams.get("token");
    const borrowed = await get(`/api/iu/lectures/${l2}/video?token=${token}`);
    expect(borrowed.statusCode).toBe(403);
    expect((await get(`/api/iu/lectures/${l1}/video`)).statusCode).toBe(401);
  });

  it("streams an open lecture's video with Range requests (206) through the media token URL", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const learner = await learnerIn(course);
    const detail = (await get(`/api/iu/lectures/${course.lectureIds[0]}`, learner.auth)).json();
    expect(detail.video.url).toMatch(/^\/api\/iu\/lectures\/\d+\/video\?token=/);
    const whole = await get(detail.video.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const size = Number(whole.headers["content-length"]);
    expect(whole.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");

    const part = await get(detail.video.url, { range: "bytes=0-99" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${size}`);
    expect(part.rawPayload.length).toBe(100);
    const tail = await get(detail.video.url, { range: "bytes=-10" });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    const beyond = await get(detail.video.url, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);
    // The bearer token works too.
    expect(
      (await get(`/api/iu/lectures/${course.lectureIds[0]}/video`, { ...learner.auth, range: "bytes=10-" }))
        .statusCode,
    ).toBe(206);
  });

  it("serves the e-book by token URL, opens it in the webview by a signed token, and remembers the page", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const learner = await learnerIn(course);
    const lectureId = course.lectureIds[0]!;
    const [ebook] = (await get(`/api/iu/lectures/${lectureId}`, learner.auth)).json().ebooks;
    expect(ebook).toMatchObject({ title: "Notes", pages: 3, last_page: 1 });
    const pdf = await get(ebook.file_url, { range: "bytes=0-4" });
    expect(pdf.statusCode).toBe(206);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.toString("latin1")).toBe("%PDF-");

    const signed = await t.app.inject({
      method: "POST",
      url: `/api/iu/lectures/${lectureId}/ebooks/${ebook.id}/view-token`,
      headers: learner.auth,
    });
    expect(signed.statusCode).toBe(200);
    const view = await get(signed.json().url);
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get("/api/ebooks/view?token=not-a-real-token-at-all")).statusCode).toBe(403);

    const page = await t.app.inject({
      method: "PUT",
      url: `/api/iu/ebooks/${ebook.id}/last-page`,
      headers: learner.auth,
      payload: { page: 2 },
    });
    expect(page.json()).toEqual({ page: 2 });
    expect((await get(`/api/iu/lectures/${lectureId}`, learner.auth)).json().ebooks[0].last_page).toBe(2);
  });

  it("lets a learner on the lecture-notes access list read the e-books without enrolment", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 2 });
    const reader = await buildLearner(t);
    const admin = await buildAdmin(t, ["isCourseManager"]);
    const l2 = course.lectureIds[1]!;
    const [ebookId] = (await get(`/api/af/lectures/${l2}`, { authorization: admin.auth.authorization }))
      .json()
      .ebooks.map((e: { id: number }) => e.id);
    const url = `/api/iu/lectures/${l2}/ebooks/${ebookId}/file`;
    expect((await get(url, reader.auth)).statusCode).toBe(403);
    const grant = await t.app.inject({
      method: "POST",
      url: `/api/af/courses/${course.id}/notes-access`,
      headers: admin.auth,
      payload: { user_id: reader.id, lecture_id: l2 },
    });
    expect(grant.statusCode).toBe(201);
    expect((await get(url, reader.auth)).statusCode).toBe(200);
    // The grant covers the e-books, not the lecture itself.
    expect((await get(`/api/iu/lectures/${l2}/video`, reader.auth)).statusCode).toBe(403);
  });

  it("lets an administrator with the course permission preview any lecture and its media", async () => {
    const course = await buildCourse(t, { status: "draft", levels: 1, lectures: 2 });
    const author = await buildAdmin(t, ["isCourseManager"]);
    const other = await buildAdmin(t, ["isFaqManager"]);
    const l2 = course.lectureIds[1]!;
    const detail = await get(`/api/iu/lectures/${l2}`, author.auth);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().progress).toBeNull();
    expect((await get(detail.json().video.url, { range: "bytes=0-9" })).statusCode).toBe(206);
    expect((await get(`/api/iu/lectures/${l2}`, other.auth)).statusCode).toBe(404);
  });
});
