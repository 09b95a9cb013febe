import { describe, expect, it } from "vitest";
import { examPath } from "./components/ExamRow";
import { learnerPaths, previewPaths } from "./paths";

describe("learner paths", () => {
  it("keep learners under /iu and the course editor's preview under /af/courses/:id/preview", () => {
    expect(learnerPaths.lesson(3, 7)).toBe("/iu/courses/3/lesson/7");
    expect(learnerPaths.ebook(3, 7, 9)).toBe("/iu/courses/3/lessons/7/ebook?ebook=9");
    expect(previewPaths.preview).toBe(true);
    expect(previewPaths.course(3)).toBe("/af/courses/3/preview");
    expect(previewPaths.lesson(3, 7)).toBe("/af/courses/3/preview/lesson/7");
    expect(previewPaths.ebook(3, 7, 9)).toBe("/af/courses/3/preview/lesson/7/ebook?ebook=9");
  });

  it("link module and level exams to the quiz routes", () => {
    expect(examPath(1, { kind: "module", owner_id: 4 })).toBe("/iu/courses/1/course-module/4/quiz");
    expect(examPath(1, { kind: "level", owner_id: 2 })).toBe("/iu/courses/1/course-level/2/quiz");
  });
});
