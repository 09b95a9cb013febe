/**
 * Language of parts (WCAG 3.1.2) for content other than quizzes: each text says
 * the language it is read in, so the web app can mark it `lang` where it differs from the reader's
 * interface. A ticket's description and thread: the language the requester opened it in. A Q&A
 * question or answer: its author's account language. A notification, a title's name and texts:
 * English when the Spanish text is empty, a name written the same in both languages in the title's
 * taught language (said only when that is not the request's language).
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import { courseReviews, courses, enrolments, lectureProgress, notifications } from "../db/schema/index";
import { multipart } from "../tickets/test-support";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const english = { "x-language-id": "1" };
const spanish = { "x-language-id": "2" };

describe("the language user content is read in", () => {
  it("a ticket opened in Spanish is read as Spanish, in any interface language", async () => {
    const learner = await buildLearner(t, { overrides: { languageId: 2 } });
    const form = multipart({ subject_id: 0, description: "El vídeo se para a los diez segundos." });
    const opened = await t.app.inject({
      method: "POST",
      url: "/api/iu/tickets",
      headers: { ...learner.auth, ...spanish, ...form.headers },
      payload: form.payload,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().data.id as number;
    const read = await t.app.inject({
      url: `/api/iu/tickets/${id}`,
      headers: { ...learner.auth, ...english },
    });
    expect(read.json().data).toMatchObject({
      language: "es",
      excerpt: "El vídeo se para a los diez segundos.",
    });
    const list = await t.app.inject({ url: "/api/iu/tickets", headers: { ...learner.auth, ...english } });
    expect(list.json().data.find((row: { id: number }) => row.id === id).language).toBe("es");
  });

  it("a Q&A question is read in its author's language, whoever reads it", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const lectureId = course.lectureIds[0]!;
    const asker = await buildLearner(t, { overrides: { languageId: 2 } });
    const reader = await buildLearner(t);
    await enrol(t, asker.id, course.id);
    await enrol(t, reader.id, course.id);
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/iu/lectures/${lectureId}/questions`,
      headers: { ...asker.auth, ...spanish },
      payload: { body: "¿Se usa «vosotros» en México?", is_public: true },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().data.language).toBe("es");
    const thread = await t.app.inject({
      url: `/api/iu/lectures/${lectureId}/questions`,
      headers: { ...reader.auth, ...english },
    });
    expect(thread.json().data).toEqual([expect.objectContaining({ language: "es", answers: [] })]);
  });

  it("a notification without its Spanish text says it is English, in the Spanish interface only", async () => {
    const learner = await buildLearner(t);
    await t.deps.db.insert(notifications).values({
      userId: learner.id,
      type: 1,
      title: { en: "New course", es: "Nuevo curso" },
      description: { en: "Watch the first lecture.", es: "" },
      action: {},
    });
    const read = async (language: Record<string, string>) =>
      (
        await t.app.inject({ url: "/api/iu/notifications/me", headers: { ...learner.auth, ...language } })
      ).json().data[0];
    const inSpanish = await read(spanish);
    expect(inSpanish).toMatchObject({ title: "Nuevo curso", description: "Watch the first lecture." });
    expect(inSpanish.title_lang).toBeUndefined();
    expect(inSpanish.description_lang).toBe("en");
    const inEnglish = await read(english);
    expect(inEnglish.title_lang).toBeUndefined();
    expect(inEnglish.description_lang).toBeUndefined();
  });

  it("a title's name and texts say their language where it is not the interface's, on its card and page", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, title: ["Buenos días", "Buenos días"] });
    await t.deps.db
      .update(courses)
      .set({
        teachingLanguage: "es",
        shortDescriptionEn: "Greetings for every hour",
        shortDescriptionEs: "",
        descriptionEn: "Say hello politely.",
        descriptionEs: "",
        outcomesEn: "Greet people",
        outcomesEs: "Saludar",
      })
      .where(eq(courses.id, course.id));
    const page = async (language: Record<string, string>) =>
      (await t.app.inject({ url: `/api/courses/${course.id}`, headers: language })).json();
    const inEnglish = await page(english);
    expect(inEnglish).toMatchObject({ title: "Buenos días", title_lang: "es" });
    expect([inEnglish.short_description_lang, inEnglish.description_lang, inEnglish.outcomes_lang]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const inSpanish = await page(spanish);
    expect(inSpanish).toMatchObject({
      short_description: "Greetings for every hour",
      short_description_lang: "en",
      description: "Say hello politely.",
      description_lang: "en",
      outcomes: ["Saludar"],
    });
    expect([inSpanish.title_lang, inSpanish.outcomes_lang]).toEqual([undefined, undefined]);
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const dashboard = await t.app.inject({
      url: "/api/iu/dashboard/learning",
      headers: { ...learner.auth, ...spanish },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().enrolled).toEqual([
      expect.objectContaining({ id: course.id, short_description_lang: "en" }),
    ]);
    // The back office's review moderation list names the title in its language too.
    await t.deps.db.insert(courseReviews).values({ courseId: course.id, userId: learner.id, rating: 5 });
    const manager = await buildAdmin(t, ["isCourseManager"]);
    const reviews = await t.app.inject({
      url: `/api/af/reviews?filter=all&course_id=${course.id}`,
      headers: { ...manager.auth, ...english },
    });
    expect(reviews.json().data).toEqual([
      expect.objectContaining({ course: { id: course.id, title: "Buenos días", title_lang: "es" } }),
    ]);
  });

  it("a title's name says its language wherever it is named: cart, orders, certificates, the continue card", async () => {
    // "Buenos días" is written the same in both fields of a title teaching Spanish: read as Spanish.
    const course = await buildCourse(t, { levels: 1, lectures: 2, title: ["Buenos días", "Buenos días"] });
    await t.deps.db
      .update(courses)
      .set({ teachingLanguage: "es", pricePence: 1500, isFree: false })
      .where(eq(courses.id, course.id));
    const learner = await buildLearner(t);
    const asLearner = { ...learner.auth, ...english };
    const items = [{ type: "course", id: course.id }];

    // The cart panel and the checkout summary price the same lines.
    const priced = await t.app.inject({
      method: "POST",
      url: "/api/iu/cart/price",
      headers: asLearner,
      payload: { items },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().lines).toEqual([expect.objectContaining({ name: "Buenos días", name_lang: "es" })]);

    // Bought: the learner's order history and the back office's order details.
    const paid = await checkoutAs(
      t,
      learner,
      { items, payment: { card_token: await cardToken(t) } },
      undefined,
      english,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const history = await t.app.inject({ url: "/api/iu/purchases", headers: asLearner });
    expect(history.json().data).toEqual([expect.objectContaining({ name: "Buenos días", name_lang: "es" })]);
    const orderManager = await buildAdmin(t, ["isOrderManager"]);
    const order = await t.app.inject({
      url: `/api/af/orders/${paid.json().order_id}`,
      headers: { ...orderManager.auth, ...english },
    });
    expect(order.json().lines).toEqual([expect.objectContaining({ name: "Buenos días", name_lang: "es" })]);

    // Studied: the dashboard's "continue learning" card names the title and the lecture.
    await t.deps.db
      .update(enrolments)
      .set({ lastLectureId: course.lectureIds[0]!, lastActivityAt: new Date() })
      .where(eq(enrolments.courseId, course.id));
    const dashboard = await t.app.inject({ url: "/api/iu/dashboard/learning", headers: asLearner });
    expect(dashboard.json().continue).toMatchObject({ course_title: "Buenos días", course_title_lang: "es" });

    // Completed: the certificate on the learner's page, the public verification and the back office.
    for (const lectureId of course.lectureIds)
      await t.deps.db.insert(lectureProgress).values({
        userId: learner.id,
        lectureId,
        courseId: course.id,
        videoWatchedAt: new Date(),
        completedAt: new Date(),
      });
    const mine = await t.app.inject({ url: "/api/iu/certificates", headers: asLearner });
    const certificate = mine.json().data.find((c: { kind: string }) => c.kind === "title");
    expect(certificate).toMatchObject({ item: "Buenos días", item_lang: "es" });
    const verified = await t.app.inject({
      url: `/api/certificates/verify/${certificate.code}`,
      headers: english,
    });
    expect(verified.json()).toMatchObject({ status: "valid", item: "Buenos días", item_lang: "es" });
    const certificateManager = await buildAdmin(t, ["isUserManager"]);
    const listed = await t.app.inject({
      url: `/api/af/certificates?q=${certificate.code}`,
      headers: { ...certificateManager.auth, ...english },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([expect.objectContaining({ item: "Buenos días", item_lang: "es" })]);

    // In the Spanish interface the same name is the interface's language: no mark.
    const inSpanish = await t.app.inject({
      method: "POST",
      url: "/api/iu/cart/price",
      headers: { ...learner.auth, ...spanish },
      payload: { items },
    });
    expect(inSpanish.json().lines[0].name_lang).toBeUndefined();
  });
});
