/**
 * Language of parts (WCAG 3.1.2): a quiz's texts say the language they are
 * written in when it is not the interface language, so a screen reader reads "Buenos días" in a
 * Spanish course with a Spanish voice inside the English interface.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { courses } from "../db/schema/index";
import { buildQuizCourse, enrolAndWatch } from "./quizzes.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Choice = { id: string; text: string; lang?: string };
type Question = {
  type: string;
  text: string;
  lang?: string;
  options?: Choice[];
  left?: Choice[];
  right?: Choice[];
};

describe("the language of a quiz's texts", () => {
  it("marks words written alike in both fields with the taught language, and fallbacks with theirs", async () => {
    const course = await buildQuizCourse(t);
    await t.deps.db.update(courses).set({ teachingLanguage: "es" }).where(eq(courses.id, course.id));
    const learner = await buildLearner(t);
    await enrolAndWatch(t, learner, course);
    const start = (lang: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`,
        headers: { ...learner.auth, "x-language-id": lang },
      });

    const english = (await start("1")).json().questions as Question[];
    const links = english.find((q) => q.type === "word_linking")!;
    // "one"/"one" and "uno"/"uno": written alike, so in the title's language (Spanish) in English.
    expect(links.left!.every((c) => c.lang === "es")).toBe(true);
    expect(links.right!.find((c) => c.text === "uno")!.lang).toBe("es");
    // Translated texts are in the interface language: no mark.
    const single = english.find((q) => q.type === "single")!;
    expect(single.lang).toBeUndefined();
    expect(single.options!.every((c) => c.lang === undefined)).toBe(true);

    // In the Spanish interface the same words need no mark.
    const spanish = (await start("2")).json().questions as Question[];
    expect(spanish.find((q) => q.type === "word_linking")!.left!.every((c) => c.lang === undefined)).toBe(
      true,
    );
  });
});
