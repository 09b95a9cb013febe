import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { lectureQuestions } from "../db/schema/index";

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

describe("public lecture Q&A", () => {
  async function classroom() {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const [ana, ben, outsider] = await Promise.all([buildLearner(t), buildLearner(t), buildLearner(t)]);
    await enrol(t, ana.id, course.id);
    await enrol(t, ben.id, course.id);
    const ask = async (who: typeof ana, body: string, isPublic: boolean) =>
      (
        await call("POST", `/api/iu/lectures/${lectureId}/questions`, who.auth, {
          body,
          is_public: isPublic,
        })
      ).json().data;
    const thread = async (who: typeof ana, sort = "newest") =>
      (await call("GET", `/api/iu/lectures/${lectureId}/questions?sort=${sort}`, who.auth)).json()
        .data as Array<{
        id: number;
        votes: number;
      }>;
    return { course, lectureId, ana, ben, outsider, ask, thread };
  }

  it("shows public questions to every enrolled learner, private ones to their author only, and nothing to the unenrolled", async () => {
    const { lectureId, ana, ben, outsider, ask, thread } = await classroom();
    const open = await ask(ana, "Is 'vosotros' used in Mexico?", true);
    const secret = await ask(ana, "Can I get more time for the exam?", false);
    expect(open).toMatchObject({ is_public: true, mine: true, votes: 0, author_name: "Test" });
    expect(secret.is_public).toBe(false);

    expect((await thread(ana)).map((q) => q.id)).toEqual([secret.id, open.id]);
    expect((await thread(ben)).map((q) => q.id)).toEqual([open.id]);
    expect((await thread(ben))[0]).toMatchObject({ mine: false });
    const refused = await call("GET", `/api/iu/lectures/${lectureId}/questions`, outsider.auth);
    expect(refused.statusCode).toBe(403);
    // Another learner cannot vote on, follow, answer or publish a private question: it is not found.
    for (const [method, path, body] of [
      ["PUT", "vote", { on: true }],
      ["PUT", "follow", { on: true }],
      ["POST", "answers", { answer: "Ask the teacher" }],
      ["PUT", "visibility", { is_public: true }],
    ] as const) {
      const res = await call(method, `/api/iu/questions/${secret.id}/${path}`, ben.auth, body);
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await call("PUT", `/api/iu/questions/${open.id}/visibility`, ben.auth, { is_public: false }))
        .statusCode,
    ).toBe(403);

    // The author may publish it later.
    const published = await call("PUT", `/api/iu/questions/${secret.id}/visibility`, ana.auth, {
      is_public: true,
    });
    expect(published.json()).toMatchObject({
      message: "Your question is now public.",
      data: { is_public: true },
    });
    expect((await thread(ben)).map((q) => q.id)).toEqual([secret.id, open.id]);
  });

  it("keeps the questions asked before public Q&A private", async () => {
    const { course, lectureId, ana, ben, thread } = await classroom();
    // A row as the old code wrote it: no is_public column given.
    await t.deps.db
      .insert(lectureQuestions)
      .values({ lectureId, courseId: course.id, userId: ana.id, body: "An old private question" });
    expect(await thread(ben)).toEqual([]);
    expect((await thread(ana))[0]).toMatchObject({ body: "An old private question", is_public: false });
  });

  it("counts one vote per learner even under concurrent requests, toggles, and sorts by votes and unanswered", async () => {
    const { ana, ben, ask, thread } = await classroom();
    const first = await ask(ana, "First public question here", true);
    const second = await ask(ana, "Second public question here", true);
    const votes = await Promise.all(
      Array.from({ length: 6 }, () =>
        call("PUT", `/api/iu/questions/${first.id}/vote`, ben.auth, { on: true }),
      ),
    );
    expect(votes.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const byVotes = await thread(ben, "votes");
    expect(byVotes.map((q) => q.id)).toEqual([first.id, second.id]);
    expect(byVotes[0]).toMatchObject({ votes: 1, voted: true });
    expect((await thread(ben, "newest")).map((q) => q.id)).toEqual([second.id, first.id]);

    const undone = await call("PUT", `/api/iu/questions/${first.id}/vote`, ben.auth, { on: false });
    expect(undone.json().data).toMatchObject({ votes: 0, voted: false });
    await call("PUT", `/api/iu/questions/${first.id}/vote`, ben.auth, { on: false });
    expect((await thread(ben, "votes"))[1]).toMatchObject({ id: first.id, votes: 0 });

    await call("POST", `/api/iu/questions/${second.id}/answers`, ben.auth, { answer: "It is the other one" });
    expect((await thread(ben, "unanswered")).map((q) => q.id)).toEqual([first.id]);
  });

  it("notifies the author and followers of an answer, marks staff answers, and lets staff hide a question (audited)", async () => {
    const { course, ana, ben, ask, thread } = await classroom();
    const question = await ask(ana, "When is the subjunctive required?", true);
    const followed = await call("PUT", `/api/iu/questions/${question.id}/follow`, ben.auth, { on: true });
    expect(followed.json().data.following).toBe(true);

    const carol = await buildLearner(t);
    await enrol(t, carol.id, course.id);
    const peer = await call("POST", `/api/iu/questions/${question.id}/answers`, carol.auth, {
      answer: "After verbs of wishing, for example.",
    });
    expect(peer.statusCode).toBe(201);
    expect(peer.json().data.answers[0]).toMatchObject({ is_staff: false, author_name: "Test" });

    const notes = async (who: typeof ana) =>
      (await call("GET", "/api/iu/notifications/me", who.auth)).json().data as Array<{ title: string }>;
    expect((await notes(ana)).map((n) => n.title)).toEqual(["Your question was answered"]);
    expect((await notes(ben)).map((n) => n.title)).toEqual(["A question you follow was answered"]);
    expect(await notes(carol)).toEqual([]);

    const desk = await buildAdmin(t, ["isTicketLessonQAManager"]);
    await call("POST", `/api/af/lesson/qas/${question.id}`, desk.auth, { answer: "Also after 'ojalá'." });
    const answers = (await thread(ben))[0] as unknown as { answers: Array<{ is_staff: boolean }> };
    expect(answers.answers.map((a) => a.is_staff)).toEqual([false, true]);
    expect((await notes(ben)).length).toBe(2);

    const noFlag = await buildAdmin(t, ["isTicketContentManager"]);
    expect(
      (await call("POST", `/api/af/lesson/qas/${question.id}/hide`, noFlag.auth, { hidden: true }))
        .statusCode,
    ).toBe(403);
    const hidden = await call("POST", `/api/af/lesson/qas/${question.id}/hide`, desk.auth, { hidden: true });
    expect(hidden.json()).toMatchObject({
      message: "The question was hidden from learners.",
      data: { hidden: true },
    });
    expect(await thread(ben)).toEqual([]);
    expect((await thread(ana))[0]).toMatchObject({ id: question.id, hidden: true });
    const audit = await t.deps.pool.query(
      "select action, entity_id from audit_log where action = 'lesson_qas.hide' and entity_id = $1",
      [String(question.id)],
    );
    expect(audit.rowCount).toBe(1);
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
