/**
 * Language of parts (WCAG 3.1.2) for names inside the interface's sentences and on the lecture
 * page: a title named with the interface's words around it ("Exam access: Saludos", a notification
 * quoting a lecture) says which part is the title and its language; the thank-you list after paying
 * says it too; the lecture page and the outline give each level, module, lecture and e-book name its
 * language. "Saludos" is written the same in both fields of a title teaching Spanish: Spanish.
 */

import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { enrol } from "../catalog/catalog.fixtures";
import { buildPaidCourse, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import {
  courseLevels,
  courseModules,
  courses,
  lectureEbooks,
  lectureFaqs,
  lectures,
} from "../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const english = { "x-language-id": "1" };
const spanish = { "x-language-id": "2" };
const same = { titleEn: "Saludos", titleEs: "Saludos" };

/** A paid title teaching Spanish whose every name is written the same in both languages. */
async function spanishTitle() {
  const course = await buildPaidCourse(t, 1500);
  const db = t.deps.db;
  await db
    .update(courses)
    .set({ teachingLanguage: "es", titleEn: "Buenos días", titleEs: "Buenos días" })
    .where(eq(courses.id, course.id));
  await db.update(courseLevels).set(same).where(inArray(courseLevels.id, course.levelIds));
  await db.update(courseModules).set(same).where(inArray(courseModules.id, course.moduleIds));
  await db.update(lectures).set(same).where(inArray(lectures.id, course.lectureIds));
  return course;
}

describe("names inside a sentence and on the lecture page", () => {
  it("marks the title inside a line's name in the cart, the thank-you list, the history and the back office", async () => {
    const course = await spanishTitle();
    const learner = await buildLearner(t);
    const items = [
      { type: "course", id: course.id },
      { type: "exam_accesses", id: course.moduleExamId },
    ];
    const examLine = { name: "Exam access: Saludos", name_lang: "es", name_title: "Saludos" };
    const titleLine = { name: "Buenos días", name_lang: "es" };

    const priced = await t.app.inject({
      method: "POST",
      url: "/api/iu/cart/price",
      headers: { ...learner.auth, ...english },
      payload: { items },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().lines).toEqual([
      expect.objectContaining(titleLine),
      expect.objectContaining(examLine),
    ]);
    expect(priced.json().lines[0].name_title).toBeUndefined();

    const paid = await checkoutAs(
      t,
      learner,
      { items, payment: { card_token: await cardToken(t) } },
      undefined,
      english,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    // The thank-you page's list.
    expect(paid.json().granted).toEqual([
      expect.objectContaining({ type: "course", ...titleLine }),
      expect.objectContaining({ type: "exam_accesses", ...examLine }),
    ]);

    const history = await t.app.inject({
      url: "/api/iu/purchases",
      headers: { ...learner.auth, ...english },
    });
    expect(history.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining(examLine), expect.objectContaining(titleLine)]),
    );
    const manager = await buildAdmin(t, ["isOrderManager"]);
    const order = await t.app.inject({
      url: `/api/af/orders/${paid.json().order_id}`,
      headers: { ...manager.auth, ...english },
    });
    expect(order.json().lines).toEqual(
      expect.arrayContaining([expect.objectContaining(examLine), expect.objectContaining(titleLine)]),
    );

    // In Spanish the title is in the interface's language: nothing to mark.
    const inSpanish = await t.app.inject({
      url: "/api/iu/purchases",
      headers: { ...learner.auth, ...spanish },
    });
    for (const line of inSpanish.json().data) {
      expect(line.name_lang).toBeUndefined();
      expect(line.name_title).toBeUndefined();
    }
  });

  it("gives the lecture page's and the outline's names their language", async () => {
    const course = await spanishTitle();
    const lectureId = course.lectureIds[0]!;
    await t.deps.db.insert(lectureEbooks).values({ lectureId, ...same, fileKey: "missing.pdf", pages: 2 });
    await t.deps.db.insert(lectureFaqs).values({
      lectureId,
      questionEn: "Which greeting?",
      questionEs: "¿Qué saludo?",
      answerEn: "Buenos días until noon.",
      answerEs: "",
    });
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);

    const lecture = await t.app.inject({
      url: `/api/iu/lectures/${lectureId}`,
      headers: { ...learner.auth, ...english },
    });
    expect(lecture.statusCode, lecture.body).toBe(200);
    expect(lecture.json()).toMatchObject({
      course_title: "Buenos días",
      course_title_lang: "es",
      level: { title: "Saludos", title_lang: "es" },
      module: { title: "Saludos", title_lang: "es" },
      title: "Saludos",
      title_lang: "es",
      next_lecture: { title: "Saludos", title_lang: "es" },
    });
    // The fixture's own e-book ("Notes") is translated: no mark.
    const ebooks = lecture.json().ebooks as Array<{ title: string; title_lang?: string }>;
    expect(ebooks.map((e) => [e.title, e.title_lang])).toEqual([
      ["Notes", undefined],
      ["Saludos", "es"],
    ]);
    const faqOf = (body: { faqs: Array<{ question: string }> }, question: string) =>
      body.faqs.find((f) => f.question === question);
    expect(faqOf(lecture.json(), "Which greeting?")).not.toHaveProperty("answer_lang");

    const inSpanish = await t.app.inject({
      url: `/api/iu/lectures/${lectureId}`,
      headers: { ...learner.auth, ...spanish },
    });
    const faq = faqOf(inSpanish.json(), "¿Qué saludo?");
    expect(faq).toMatchObject({ answer: "Buenos días until noon.", answer_lang: "en" });
    expect(faq).not.toHaveProperty("question_lang");
    expect(inSpanish.json().title_lang).toBeUndefined();

    const page = await t.app.inject({ url: `/api/courses/${course.id}`, headers: english });
    const level = page.json().levels[0];
    expect(level).toMatchObject({ title_lang: "es", modules: [{ title_lang: "es" }] });
    expect(level.modules[0].lectures.map((l: { title_lang?: string }) => l.title_lang)).toEqual(["es", "es"]);
  });

  it("marks the lecture a Q&A notification quotes", async () => {
    const course = await spanishTitle();
    const lectureId = course.lectureIds[0]!;
    const asker = await buildLearner(t);
    const answerer = await buildLearner(t);
    await enrol(t, asker.id, course.id);
    await enrol(t, answerer.id, course.id);
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/iu/lectures/${lectureId}/questions`,
      headers: { ...asker.auth, ...english },
      payload: { body: "When do I say buenas tardes?", is_public: true },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const answered = await t.app.inject({
      method: "POST",
      url: `/api/iu/questions/${asked.json().data.id}/answers`,
      headers: { ...answerer.auth, ...english },
      payload: { answer: "After lunch, until it gets dark." },
    });
    expect(answered.statusCode, answered.body).toBe(201);

    const inbox = async (language: Record<string, string>) =>
      (
        await t.app.inject({ url: "/api/iu/notifications/me", headers: { ...asker.auth, ...language } })
      ).json().data[0];
    const inEnglish = await inbox(english);
    expect(inEnglish.description).toContain('"Saludos"');
    expect(inEnglish).toMatchObject({ description_quote: "Saludos", description_quote_lang: "es" });
    const spanishInbox = await inbox(spanish);
    expect(spanishInbox.description).toContain("«Saludos»");
    expect(spanishInbox.description_quote).toBeUndefined();
  });
});
