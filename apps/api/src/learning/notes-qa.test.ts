import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const doc = (text: string) => ({
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Key idea" }] },
    { type: "paragraph", content: [{ type: "text", text }] },
  ],
});

describe("lecture Q&A", () => {
  it("bounds the question length with the spec's messages, in the request language", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const url = `/api/iu/lectures/${course.lectureIds[0]}/questions`;
    const short = await call("POST", url, learner.auth, { body: "Too short" });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.body).toEqual(["Your question is too short: write at least 10 characters"]);
    const long = await call(
      "POST",
      url,
      { ...learner.auth, "x-language-id": "2" },
      { body: "x".repeat(1001) },
    );
    expect(long.json().errors.body).toEqual([
      "Tu pregunta es demasiado larga: escribe como máximo 1000 caracteres",
    ]);
    const empty = await call("POST", url, learner.auth, { body: "   " });
    expect(empty.json().errors.body).toEqual(["This field is required"]);
  });

  it("lets a learner ask and read the answer; only lesson Q&A administrators answer, and the learner is notified", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const learner = await buildLearner(t);
    const other = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    await enrol(t, other.id, course.id);
    const asked = await call("POST", `/api/iu/lectures/${lectureId}/questions`, learner.auth, {
      body: "  Why does the second example use usted?  ",
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().message).toBe("Your question was sent. We will notify you when it is answered.");
    const question = asked.json().data;
    expect(question).toMatchObject({
      body: "Why does the second example use usted?",
      status: "unanswered",
      answers: [],
    });
    expect((await call("GET", `/api/iu/lectures/${lectureId}/questions`, other.auth)).json().data).toEqual(
      [],
    );

    const answer = { answer: "Because the speaker addresses a stranger politely." };
    expect((await call("POST", `/api/af/lesson/qas/${question.id}`, learner.auth, answer)).statusCode).toBe(
      403,
    );
    const withoutFlag = await buildAdmin(t, ["isTicketContentManager"]);
    expect((await call("GET", "/api/af/lesson/qas", withoutFlag.auth)).statusCode).toBe(403);
    expect(
      (await call("POST", `/api/af/lesson/qas/${question.id}`, withoutFlag.auth, answer)).statusCode,
    ).toBe(403);

    const desk = await buildAdmin(t, ["isTicketLessonQAManager"]);
    const waiting = (await call("GET", `/api/af/lesson/qas?course_id=${course.id}`, desk.auth)).json();
    expect(waiting.total).toBe(1);
    expect(waiting.data[0]).toMatchObject({
      id: question.id,
      lecture_title: "Lecture 1",
      learner: { id: learner.id },
    });

    const answered = await call("POST", `/api/af/lesson/qas/${question.id}`, desk.auth, answer);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ status: "answered", answers: [{ body: answer.answer }] });
    expect((await call("GET", `/api/af/lesson/qas?course_id=${course.id}`, desk.auth)).json().total).toBe(0);
    expect(
      (await call("GET", `/api/af/lesson/qas?status=answered&course_id=${course.id}`, desk.auth)).json()
        .data[0].id,
    ).toBe(question.id);

    const mine = (await call("GET", `/api/iu/lectures/${lectureId}/questions`, learner.auth)).json().data;
    expect(mine[0].answers[0]).toMatchObject({ body: answer.answer, author_name: "Test" });

    const notifications = await call("GET", "/api/iu/notifications/me", learner.auth);
    const [notification] = notifications.json().data;
    expect(notification).toMatchObject({
      type: 4,
      title: "Your question was answered",
      action: { redirect: { id: question.id, courseId: course.id, lessonId: lectureId } },
    });
  });

  it("keeps a locked lecture's Q&A closed", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 2 });
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const res = await call("POST", `/api/iu/lectures/${course.lectureIds[1]}/questions`, learner.auth, {
      body: "A question long enough",
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("learner notes", () => {
  it("saves, lists in title order, exports as Markdown and deletes a learner's own notes", async () => {
    const course = await buildCourse(t, {
      levels: 1,
      lectures: 2,
      title: ["Everyday Spanish", "Español cotidiano"],
    });
    const learner = await buildLearner(t);
    const other = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    await enrol(t, other.id, course.id);
    const lectureId = course.lectureIds[0]!;
    const url = `/api/iu/lectures/${lectureId}/note`;

    expect((await call("GET", url, learner.auth)).json()).toEqual({ data: null });
    const saved = await call("PUT", url, learner.auth, { content: doc("Ser is *permanent*") });
    expect(saved.statusCode).toBe(200);
    const again = await call("PUT", url, learner.auth, { content: doc("Ser is for identity") });
    expect(again.json().data.content.content[1].content[0].text).toBe("Ser is for identity");
    expect((await call("GET", url, other.auth)).json()).toEqual({ data: null });

    const list = (await call("GET", `/api/iu/courses/${course.id}/notes`, learner.auth)).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        lecture_id: lectureId,
        lecture_title: "Lecture 1",
        excerpt: "Key idea Ser is for identity",
      }),
    ]);

    const exported = await call("GET", `/api/iu/courses/${course.id}/notes/export`, learner.auth);
    expect(exported.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(exported.headers["content-disposition"]).toContain("everyday-spanish-notes.md");
    expect(exported.body).toBe(
      "# My notes: Everyday Spanish\n\n## Level 1 › Module 1.1 › Lecture 1\n\n### Key idea\n\nSer is for identity\n",
    );
    const spanish = await call("GET", `/api/iu/courses/${course.id}/notes/export`, {
      ...learner.auth,
      "x-language-id": "2",
    });
    expect(spanish.body.startsWith("# Mis notas: Español cotidiano")).toBe(true);

    expect((await call("DELETE", url, learner.auth)).statusCode).toBe(200);
    expect((await call("GET", url, learner.auth)).json()).toEqual({ data: null });
  });

  it("refuses notes on titles the learner is not enrolled in, and oversized notes", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const learner = await buildLearner(t);
    const url = `/api/iu/lectures/${course.lectureIds[0]}/note`;
    expect((await call("PUT", url, learner.auth, { content: doc("hello") })).statusCode).toBe(403);
    expect((await call("GET", `/api/iu/courses/${course.id}/notes`, learner.auth)).statusCode).toBe(403);
    await enrol(t, learner.id, course.id);
    const huge = await call("PUT", url, learner.auth, { content: doc("x".repeat(250_000)) });
    expect(huge.statusCode).toBe(422);
  });
});
