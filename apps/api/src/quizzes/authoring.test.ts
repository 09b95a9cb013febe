import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, multipart } from "../catalog/catalog.fixtures";
import { courseModules, lectures, quizQuestions, quizzes } from "../db/schema/index";
import { sampleQuestions } from "./quizzes.fixtures";

let t: TestApp;
let manager: BuiltUser;
let uploader: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  manager = await buildAdmin(t, ["isCourseManager"]);
  uploader = await buildAdmin(t, ["isAbleToBulkUploadQuizzes"]);
});
afterAll(() => t.close());

const call = (user: BuiltUser | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as "GET",
    url,
    headers: user ? user.auth : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const settings = { time_limit_seconds: 300, pass_mark_percent: 70 };

describe("quiz authoring permissions", () => {
  it("refuses every authoring call without isCourseManager", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const id = (
      await call(manager, "POST", "/api/af/quizzes", {
        owner: { kind: "lecture", id: course.lectureIds[0] },
        ...settings,
      })
    ).json().id;
    const question = (
      await call(manager, "POST", `/api/af/quizzes/${id}/questions`, sampleQuestions[0])
    ).json().id;
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/api/af/quizzes?course_id=${course.id}`],
      ["POST", "/api/af/quizzes", { owner: { kind: "module", id: course.moduleIds[0] }, ...settings }],
      ["GET", `/api/af/quizzes/${id}`],
      ["PATCH", `/api/af/quizzes/${id}`, { pass_mark_percent: 50 }],
      ["DELETE", `/api/af/quizzes/${id}`],
      ["GET", `/api/af/quizzes/${id}/preview`],
      ["POST", `/api/af/quizzes/${id}/questions`, sampleQuestions[1]],
      ["PUT", `/api/af/quizzes/${id}/questions/order`, { ids: [question] }],
      ["PATCH", `/api/af/quiz-questions/${question}`, sampleQuestions[0]],
      ["DELETE", `/api/af/quiz-questions/${question}`],
    ];
    const learner = await buildLearner(t);
    const other = await buildAdmin(t, ["isFaqManager"]);
    for (const [method, url, body] of calls) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(learner, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(other, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(uploader, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("quiz authoring", () => {
  it("creates a lecture quiz with questions of all four types, publishes it and sets the lecture's quiz flag", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 2 });
    const lectureId = course.lectureIds[0]!;
    const created = await call(manager, "POST", "/api/af/quizzes", {
      owner: { kind: "lecture", id: lectureId },
      ...settings,
      title_en: "Check",
      title_es: "Repaso",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const publishEmpty = await call(manager, "PATCH", `/api/af/quizzes/${id}`, { status: "published" });
    expect(publishEmpty.statusCode).toBe(422);
    expect(publishEmpty.json().errors.status).toEqual([
      "Add at least one question before publishing the quiz",
    ]);

    for (const q of sampleQuestions) {
      const res = await call(manager, "POST", `/api/af/quizzes/${id}/questions`, q);
      expect(res.statusCode, res.body).toBe(201);
    }
    const published = await call(manager, "PATCH", `/api/af/quizzes/${id}`, {
      status: "published",
      time_limit_seconds: 120,
    });
    expect(published.statusCode, published.body).toBe(200);
    const quiz = published.json();
    expect(quiz).toMatchObject({
      status: "published",
      time_limit_seconds: 120,
      question_count: 4,
      is_paid: false,
    });
    expect(quiz.questions.map((q: { type: string }) => q.type)).toEqual([
      "single",
      "multiple",
      "missing_word",
      "word_linking",
    ]);
    expect(quiz.questions[0].options.map((o: { correct: boolean }) => o.correct)).toEqual([
      false,
      true,
      false,
    ]);
    expect(quiz.questions[2].gaps[1]).toMatchObject({
      mode: "type",
      accepted_en: ["blue"],
      accepted_es: ["azul"],
    });
    expect(quiz.questions[3].pairs).toHaveLength(2);
    expect(quiz.questions[3].distractors).toHaveLength(1);
    const [lecture] = await t.deps.db.select().from(lectures).where(eq(lectures.id, lectureId));
    expect(lecture?.hasQuiz).toBe(true);

    // The preview shows the answers, in the request language.
    const preview = await t.app.inject({
      url: `/api/af/quizzes/${id}/preview`,
      headers: { ...manager.auth, "x-language-id": "2" },
    });
    expect(preview.json()).toMatchObject({ title: "Repaso", time_limit_seconds: 120 });
    expect(preview.json().questions[0].text).toBe("Elige B");
    expect(preview.json().questions[0].correct_answer.answer.option_id).toBe(quiz.questions[0].options[1].id);

    // Editing keeps option ids the author sent back (answers of running attempts refer to them).
    const single = quiz.questions[0];
    const edited = await call(manager, "PATCH", `/api/af/quiz-questions/${single.id}`, {
      type: "single",
      text_en: "Pick B now",
      text_es: "Elige B ahora",
      options: single.options,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().questions[0];
    expect(after.text_en).toBe("Pick B now");
    expect(after.options.map((o: { id: string }) => o.id)).toEqual(
      single.options.map((o: { id: string }) => o.id),
    );

    // Order, then a second quiz on the same lecture is refused.
    const ids = quiz.questions.map((q: { id: number }) => q.id).reverse();
    expect(
      (await call(manager, "PUT", `/api/af/quizzes/${id}/questions/order`, { ids })).json().questions[0].id,
    ).toBe(ids[0]);
    expect(
      (await call(manager, "PUT", `/api/af/quizzes/${id}/questions/order`, { ids: ids.slice(1) })).statusCode,
    ).toBe(422);
    expect(
      (
        await call(manager, "POST", "/api/af/quizzes", {
          owner: { kind: "lecture", id: lectureId },
          ...settings,
        })
      ).statusCode,
    ).toBe(409);

    // Unpublishing clears the flag; deleting a quiz nobody attempted works.
    await call(manager, "PATCH", `/api/af/quizzes/${id}`, { status: "draft" });
    const [draft] = await t.deps.db.select().from(lectures).where(eq(lectures.id, lectureId));
    expect(draft?.hasQuiz).toBe(false);
    expect((await call(manager, "DELETE", `/api/af/quizzes/${id}`)).statusCode).toBe(200);
    expect(await t.deps.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, id))).toEqual([]);
  });

  it("validates each question type's rules", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const id = (
      await call(manager, "POST", "/api/af/quizzes", {
        owner: { kind: "lecture", id: course.lectureIds[0] },
        ...settings,
      })
    ).json().id;
    const add = (q: unknown) => call(manager, "POST", `/api/af/quizzes/${id}/questions`, q);
    const o = (t: string, correct = false) => ({ text_en: t, text_es: t, correct });
    const twoCorrect = await add({
      type: "single",
      text_en: "Q",
      text_es: "P",
      options: [o("a", true), o("b", true)],
    });
    expect(twoCorrect.json().errors.options).toEqual(["Mark exactly one option as correct"]);
    const allCorrect = await add({
      type: "multiple",
      text_en: "Q",
      text_es: "P",
      options: [o("a", true), o("b", true)],
    });
    expect(allCorrect.json().errors.options).toEqual(["Leave at least one option incorrect"]);
    const oneOption = await add({ type: "single", text_en: "Q", text_es: "P", options: [o("a", true)] });
    expect(oneOption.statusCode).toBe(422);
    const duplicate = await add({
      type: "single",
      text_en: "Q",
      text_es: "P",
      options: [o("a", true), o("A")],
    });
    expect(duplicate.json().errors.options).toEqual(["Each item must be different"]);
    const gaps = await add({
      type: "missing_word",
      text_en: "No gap here",
      text_es: "Hueco [[1]]",
      gaps: [{ mode: "type", accepted_en: ["x"], accepted_es: ["x"] }],
    });
    expect(gaps.statusCode).toBe(422);
    expect(gaps.json().errors.text_en).toEqual([
      "Write the gaps as [[1]] to [[1]], each once, in both languages",
    ]);
    expect(gaps.json().errors.text_es).toBeUndefined();
    const onePair = await add({
      type: "word_linking",
      text_en: "Q",
      text_es: "P",
      pairs: [{ left_en: "a", left_es: "a", right_en: "b", right_es: "b" }],
    });
    expect(onePair.statusCode).toBe(422);
    const empty = await add({ type: "single", text_en: "", text_es: "P", options: [o("a", true), o("b")] });
    expect(empty.json().errors.text_en).toEqual(["This field is required"]);
  });

  it("prices exams only, and a published exam sets the module's exam", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const lectureQuiz = await call(manager, "POST", "/api/af/quizzes", {
      owner: { kind: "lecture", id: course.lectureIds[0] },
      ...settings,
      price_pence: 300,
    });
    expect(lectureQuiz.json().errors.price_pence).toEqual([
      "Lecture quizzes are free; only module and level exams have a price",
    ]);
    const exam = await call(manager, "POST", "/api/af/quizzes", {
      owner: { kind: "module", id: course.moduleIds[0] },
      ...settings,
      price_pence: 450,
    });
    const id = exam.json().id;
    await call(manager, "POST", `/api/af/quizzes/${id}/questions`, sampleQuestions[0]);
    const published = (await call(manager, "PATCH", `/api/af/quizzes/${id}`, { status: "published" })).json();
    expect(published).toMatchObject({ is_paid: true, price_pence: 450, kind: "module" });
    const [module] = await t.deps.db
      .select()
      .from(courseModules)
      .where(eq(courseModules.id, course.moduleIds[0]!));
    expect(module?.examQuizId).toBe(id);
    const list = (await call(manager, "GET", `/api/af/quizzes?course_id=${course.id}`)).json();
    expect(list.data.map((q: { id: number }) => q.id).sort()).toEqual([id]);
    // The last question of a published quiz cannot be deleted.
    const question = published.questions[0].id;
    expect((await call(manager, "DELETE", `/api/af/quiz-questions/${question}`)).statusCode).toBe(409);
    const unknown = await call(manager, "POST", "/api/af/quizzes", {
      owner: { kind: "level", id: 999999 },
      ...settings,
    });
    expect(unknown.statusCode).toBe(422);
  });
});

const header =
  "owner,type,question_en,question_es,options_en,options_es,correct,explanation_en,explanation_es";

describe("bulk upload", () => {
  const upload = (user: BuiltUser, csv: string) => {
    const body = multipart({}, { filename: "quiz.csv", contentType: "text/csv", data: Buffer.from(csv) });
    return t.app.inject({
      method: "POST",
      url: "/api/af/quizzes/bulk-upload",
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };

  it("needs isAbleToBulkUploadQuizzes", async () => {
    const csv = `${header}\n`;
    expect((await upload(manager, csv)).statusCode).toBe(403);
    expect((await upload(await buildLearner(t), csv)).statusCode).toBe(403);
  });

  it("imports every type from one file, quotes, commas and line breaks included", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 2 });
    const [l1] = course.lectureIds;
    const m1 = course.moduleIds[0];
    const csv = [
      `${header},time_limit_seconds,pass_mark_percent,price_pence`,
      `lecture:${l1},single,"Pick B, please","Elige B, por favor",A|B|C,A|B|C,2,"Because ""B""",Porque B,,,`,
      `lecture:${l1},multiple,Pick A and C,Elige A y C,A|B|C|D,A|B|C|D,1|3,,,,,`,
      `module:${m1},missing_word,"The [[1]]\nis [[2]].","El [[1]]\nes [[2]].",sky|sea;blue|azure,cielo|mar;azul,1;type,,,900,60,450`,
      `module:${m1},word_linking,Link,Relaciona,one=uno|two=dos|=tres,one=uno|two=dos|=tres,,,,,,`,
    ].join("\r\n");
    const res = await upload(uploader, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      imported_questions: 4,
      quizzes_created: 2,
      message: "4 questions imported",
    });
    const rows = await t.deps.db.select().from(quizzes).where(eq(quizzes.courseId, course.id));
    const exam = rows.find((q) => q.kind === "module")!;
    expect(exam).toMatchObject({
      status: "draft",
      timeLimitSeconds: 900,
      passMarkPercent: 60,
      pricePence: 450,
      isPaid: true,
    });
    const questions = await t.deps.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, exam.id));
    const missing = questions.find((q) => q.type === "missing_word")!;
    expect(missing.textEn).toBe("The [[1]]\nis [[2]].");
    expect(missing.content).toMatchObject({
      gaps: [{ mode: "choose" }, { mode: "type", accepted: { en: ["blue", "azure"], es: ["azul"] } }],
    });
    const single = (
      await t.deps.db.select().from(quizQuestions).where(eq(quizQuestions.textEn, "Pick B, please"))
    )[0]!;
    expect(single.explanationEn).toBe('Because "B"');
  });

  it("imports nothing when one line is bad and reports the line, the field and the reason", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const l1 = course.lectureIds[0];
    const csv = [
      header,
      `lecture:${l1},single,Q1,P1,A|B,A|B,1,,`,
      `lecture:${l1},single,"Q2 with a\nline break",P2,A|B,A|B,3,,`,
      `lecture:${l1},single,Q3,P3,A|B,A|B,2,,`,
      `chapter:1,single,Q4,P4,A|B,A|B,1,,`,
    ].join("\n");
    const file = multipart({}, { filename: "q.csv", contentType: "text/csv", data: Buffer.from(csv) });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/af/quizzes/bulk-upload",
      headers: { ...uploader.auth, ...file.headers },
      payload: file.payload,
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe("Nothing was imported: 2 problems found in the file");
    expect(body.lines).toEqual([
      { line: 3, field: "correct", message: "Give the number of a listed option (1 is the first)" },
      { line: 6, field: "owner", message: "Write the owner as lecture:<id>, module:<id> or level:<id>" },
    ]);
    expect(body.errors["line 3: correct"]).toHaveLength(1);
    expect(await t.deps.db.select().from(quizzes).where(eq(quizzes.courseId, course.id))).toEqual([]);
  });

  it("reports a missing column, a wrong field count and an unclosed quote, in Spanish when asked", async () => {
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
    const l1 = course.lectureIds[0];
    const send = (csv: string) => {
      const body = multipart({}, { filename: "q.csv", contentType: "text/csv", data: Buffer.from(csv) });
      return t.app.inject({
        method: "POST",
        url: "/api/af/quizzes/bulk-upload",
        headers: { ...uploader.auth, ...body.headers, "x-language-id": "2" },
        payload: body.payload,
      });
    };
    const missing = (await send("owner,type\nlecture:1,single\n")).json();
    expect(missing.lines[0]).toMatchObject({
      line: 1,
      field: "question_en",
      message: "Falta la columna «question_en» en la primera línea",
    });
    const count = (await send(`${header}\nlecture:${l1},single,Q,P,A|B,A|B,1\n`)).json();
    expect(count.lines).toEqual([
      { line: 2, field: "file", message: "Esta línea tiene 7 campos; la primera línea tiene 9" },
    ]);
    const unclosed = (await send(`${header}\nlecture:${l1},single,"Q,P,A|B,A|B,1,,\n`)).json();
    expect(unclosed.lines[0]).toMatchObject({ line: 2, message: "Un campo entre comillas no está cerrado" });
    const notFound = (await send(`${header}\nlevel:999999,single,Q,P,A|B,A|B,1,,\n`)).json();
    expect(notFound.lines[0]).toMatchObject({
      line: 2,
      field: "owner",
      message: "No se encontró la lección, el módulo o el nivel",
    });
  });
});
