/**
 * Where the learner's title and lecture pages link to. Learners get the /iu routes; the course
 * editor's "preview as a learner" (/af/courses/:courseId/preview...) renders the same pages inside a
 * provider with its own paths and `preview: true`, which turns off everything that writes (progress
 * reports, notes, questions, e-book pages, enrolment, purchases).
 */
import { createContext, type ReactNode, useContext } from "react";

export type LearnerPaths = {
  /** An administrator previewing as a learner: read-only, nothing is reported or saved. */
  preview: boolean;
  course: (courseId: number) => string;
  lesson: (courseId: number, lectureId: number) => string;
  ebook: (courseId: number, lectureId: number, ebookId: number) => string;
};

export const learnerPaths: LearnerPaths = {
  preview: false,
  course: (courseId) => `/iu/courses/${courseId}`,
  lesson: (courseId, lectureId) => `/iu/courses/${courseId}/lesson/${lectureId}`,
  ebook: (courseId, lectureId, ebookId) =>
    `/iu/courses/${courseId}/lessons/${lectureId}/ebook?ebook=${ebookId}`,
};

export const previewPaths: LearnerPaths = {
  preview: true,
  course: (courseId) => `/af/courses/${courseId}/preview`,
  lesson: (courseId, lectureId) => `/af/courses/${courseId}/preview/lesson/${lectureId}`,
  ebook: (courseId, lectureId, ebookId) =>
    `/af/courses/${courseId}/preview/lesson/${lectureId}/ebook?ebook=${ebookId}`,
};

const PathsContext = createContext<LearnerPaths>(learnerPaths);

export function LearnerPathsProvider({ value, children }: { value: LearnerPaths; children: ReactNode }) {
  return <PathsContext.Provider value={value}>{children}</PathsContext.Provider>;
}

export const useLearnerPaths = () => useContext(PathsContext);
