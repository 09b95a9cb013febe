/**
 * Where a quiz sits: its quiz row and questions (from the catalogue cache, cleared by authoring),
 * its owner (lecture, module or level) and title in the title's outline, and what comes after it.
 */
import {
  type LanguageCode,
  messageKey,
  messages,
  type NextStep,
  type QuizKind,
  type QuizOwnerRef,
  translate,
} from "@aprendo/contract";
import { asc, eq, sql } from "drizzle-orm";
import { cached } from "../catalog/catalog-cache.service";
import { type CourseOutline, loadOutline } from "../catalog/outline.service";
import type { Db } from "../db/client";
import { courses, quizQuestions, quizzes } from "../db/schema/index";
import { AppError } from "../http/errors";
import { localized } from "../lib/text";
import type { QuestionRow } from "./quizzes.questions";

export type QuizRow = typeof quizzes.$inferSelect;

/** The URL segment of each owner kind, as in the web routes (`lesson`, `course-module`, `course-level`). */
export const ownerSegments = {
  lectures: "lecture",
  "course-modules": "module",
  "course-levels": "level",
} as const;
export type OwnerSegment = keyof typeof ownerSegments;

const ownerColumn = { lecture: quizzes.lectureId, module: quizzes.moduleId, level: quizzes.levelId } as const;

export function loadQuiz(db: Db, quizId: number): Promise<QuizRow | null> {
  return cached(db, `quiz:${quizId}`, async () => {
    const [row] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
    return row ?? null;
  });
}

export function loadQuizOfOwner(db: Db, kind: QuizKind, ownerId: number): Promise<QuizRow | null> {
  return cached(db, `quiz-owner:${kind}:${ownerId}`, async () => {
    const [row] = await db.select().from(quizzes).where(eq(ownerColumn[kind], ownerId));
    return row ?? null;
  });
}

/**
 * The questions of a quiz, cached. The loader is an async function on purpose: a drizzle query
 * builder is a lazy thenable that runs its query again on every `await`, so caching the builder
 * itself would cache nothing.
 */
export function loadQuestions(db: Db, quizId: number): Promise<QuestionRow[]> {
  return cached(db, `quiz-questions:${quizId}`, async () =>
    db
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId))
      .orderBy(asc(quizQuestions.position), asc(quizQuestions.id)),
  );
}

/** A published quiz of a lecture, module or level, for learners (404 otherwise). */
export async function publishedQuizOf(db: Db, kind: QuizKind, ownerId: number): Promise<QuizRow> {
  const quiz = await loadQuizOfOwner(db, kind, ownerId);
  if (quiz?.status !== "published") throw new AppError("not_found", "quizzes.notFound");
  return quiz;
}

const courseTitle = (db: Db, courseId: number) =>
  cached(db, `quiz-course:${courseId}`, async () => {
    const [row] = await db
      .select({
        titleEn: courses.titleEn,
        titleEs: courses.titleEs,
        status: courses.status,
        language: sql<LanguageCode>`${courses.teachingLanguage}`,
      })
      .from(courses)
      .where(eq(courses.id, courseId));
    return row ?? { titleEn: "", titleEs: "", status: "draft" as const, language: "en" as const };
  });

export type QuizPlace = {
  outline: CourseOutline;
  owner: { kind: QuizKind; id: number; titleEn: string; titleEs: string };
  moduleId: number | null;
  levelId: number | null;
  course: {
    id: number;
    titleEn: string;
    titleEs: string;
    status: "draft" | "coming_soon" | "published";
    /** The language the title is taught in: the language of words written the same in both fields. */
    language: LanguageCode;
  };
};

export async function placeOf(db: Db, quiz: QuizRow): Promise<QuizPlace> {
  const [outline, course] = await Promise.all([
    loadOutline(db, quiz.courseId),
    courseTitle(db, quiz.courseId),
  ]);
  const base = { outline, course: { id: quiz.courseId, ...course } };
  for (const level of outline.levels) {
    if (quiz.levelId === level.id)
      return {
        ...base,
        owner: { kind: "level", id: level.id, ...titles(level) },
        moduleId: null,
        levelId: level.id,
      };
    for (const module of level.modules) {
      if (quiz.moduleId === module.id)
        return {
          ...base,
          owner: { kind: "module", id: module.id, ...titles(module) },
          moduleId: module.id,
          levelId: level.id,
        };
      const lecture = module.lectures.find((l) => l.id === quiz.lectureId);
      if (lecture)
        return {
          ...base,
          owner: { kind: "lecture", id: lecture.id, ...titles(lecture) },
          moduleId: module.id,
          levelId: level.id,
        };
    }
  }
  throw new AppError("not_found", "quizzes.notFound");
}

const titles = (x: { titleEn: string; titleEs: string }) => ({ titleEn: x.titleEn, titleEs: x.titleEs });

export function ownerRef(place: QuizPlace, language: LanguageCode): QuizOwnerRef {
  return {
    kind: place.owner.kind,
    id: place.owner.id,
    title: localized(language, place.owner.titleEn, place.owner.titleEs),
  };
}

/** The quiz's own title, or "Quiz: <lecture>" / "Exam: <module or level>". */
export function quizTitle(quiz: QuizRow, place: QuizPlace, language: LanguageCode): string {
  const own = localized(language, quiz.titleEn, quiz.titleEs);
  if (own.trim()) return own;
  const owner = localized(language, place.owner.titleEn, place.owner.titleEs);
  return translate(
    messages,
    language,
    messageKey(quiz.kind === "lecture" ? "quizzes.quizOf" : "quizzes.examOf", { title: owner }),
  );
}

type Step =
  | { kind: "lecture"; id: number; titleEn: string; titleEs: string }
  | { kind: "module_exam"; id: number; titleEn: string; titleEs: string }
  | { kind: "level_exam"; id: number; titleEn: string; titleEs: string };

/** The learning path of a title: published lectures, each module's exam after its lectures, each level's after its modules. */
function steps(outline: CourseOutline): Step[] {
  const list: Step[] = [];
  for (const level of outline.levels) {
    for (const module of level.modules) {
      for (const l of module.lectures)
        if (l.status === "published") list.push({ kind: "lecture", id: l.id, ...titles(l) });
      if (module.examQuizId) list.push({ kind: "module_exam", id: module.id, ...titles(module) });
    }
    if (level.examQuizId) list.push({ kind: "level_exam", id: level.id, ...titles(level) });
  }
  return list;
}

/** What follows a passed quiz (the next lecture, or the module or level exam), else a retake or a new purchase. */
export function nextStepOf(
  quiz: QuizRow,
  place: QuizPlace,
  outcome: { passed: boolean; attemptsLeft: number | null },
  language: LanguageCode,
): NextStep {
  const courseId = quiz.courseId;
  if (!outcome.passed) {
    const kind = quiz.isPaid && outcome.attemptsLeft === 0 ? "buy_exam_again" : "retake";
    return { kind, course_id: courseId, ...ownerIds(quiz), title: quizTitle(quiz, place, language) };
  }
  const list = steps(place.outline);
  const at = list.findIndex(
    (s) =>
      (quiz.kind === "lecture" && s.kind === "lecture" && s.id === quiz.lectureId) ||
      (quiz.kind === "module" && s.kind === "module_exam" && s.id === quiz.moduleId) ||
      (quiz.kind === "level" && s.kind === "level_exam" && s.id === quiz.levelId),
  );
  const next = at >= 0 ? list[at + 1] : undefined;
  if (!next)
    return {
      kind: "course_complete",
      course_id: courseId,
      title: translate(messages, language, "quizzes.courseComplete"),
    };
  const title = localized(language, next.titleEn, next.titleEs);
  if (next.kind === "lecture") return { kind: "lecture", course_id: courseId, lecture_id: next.id, title };
  const examTitle = translate(messages, language, messageKey("quizzes.examOf", { title }));
  return next.kind === "module_exam"
    ? { kind: "module_exam", course_id: courseId, module_id: next.id, title: examTitle }
    : { kind: "level_exam", course_id: courseId, level_id: next.id, title: examTitle };
}

function ownerIds(quiz: QuizRow) {
  if (quiz.lectureId) return { lecture_id: quiz.lectureId };
  if (quiz.moduleId) return { module_id: quiz.moduleId };
  return { level_id: quiz.levelId! };
}
