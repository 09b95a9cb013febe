/** Title rows -> the cards and outlines of the contract, in the request language. */
import {
  type CourseCard,
  type LanguageCode,
  type LectureState,
  type LevelOutline,
  wholePercent,
} from "@aprendo/contract";
import { type AnyColumn, and, count, eq, inArray, isNotNull, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { preparedFor } from "../db/prepared";
import { categories, courseLevels, courses, enrolments, lectureProgress, lectures } from "../db/schema/index";
import { coverUrl, iso, localized, named, taughtIn, textLanguage } from "../lib/text";
import { type CourseOutline, type ProgressRow, watchedPercent } from "./outline.service";

export const cardColumns = {
  id: courses.id,
  categoryId: courses.categoryId,
  categoryNameEn: categories.nameEn,
  categoryNameEs: categories.nameEs,
  status: courses.status,
  titleEn: courses.titleEn,
  titleEs: courses.titleEs,
  shortDescriptionEn: courses.shortDescriptionEn,
  shortDescriptionEs: courses.shortDescriptionEs,
  pricePence: courses.pricePence,
  currency: courses.currency,
  isFree: courses.isFree,
  coverImageKey: courses.coverImageKey,
  enrolmentCount: courses.enrolmentCount,
  publishedAt: courses.publishedAt,
  updatedAt: courses.updatedAt,
  level: courses.level,
  teachingLanguage: courses.teachingLanguage,
  ratingCount: courses.ratingCount,
  ratingAverage: courses.ratingAverage,
};
export type CardRow = {
  id: number;
  categoryId: number | null;
  categoryNameEn: string | null;
  categoryNameEs: string | null;
  status: "draft" | "coming_soon" | "published";
  titleEn: string;
  titleEs: string;
  shortDescriptionEn: string;
  shortDescriptionEs: string;
  pricePence: number;
  currency: string;
  isFree: boolean;
  coverImageKey: string | null;
  enrolmentCount: number;
  publishedAt: Date | null;
  updatedAt: Date;
  level: CourseCard["level"];
  teachingLanguage: string;
  ratingCount: number;
  ratingAverage: number;
};

/** The title page's columns beyond the card's. */
export const detailColumns = {
  descriptionEn: courses.descriptionEn,
  descriptionEs: courses.descriptionEs,
  outcomesEn: courses.outcomesEn,
  outcomesEs: courses.outcomesEs,
  requirementsEn: courses.requirementsEn,
  requirementsEs: courses.requirementsEs,
  ratingDistribution: courses.ratingDistribution,
};
export type DetailRow = CardRow & {
  descriptionEn: string;
  descriptionEs: string;
  outcomesEn: string;
  outcomesEs: string;
  requirementsEn: string;
  requirementsEs: string;
  ratingDistribution: number[];
};

/** One point per non-empty line (authors type a list, one point a line). */
const points = (text: string) =>
  text
    .split("\n")
    .map((line) => line.replace(/^\s*[-*•]\s*/, "").trim())
    .filter(Boolean);

/** The title page's texts and rating summary beyond the card. */
export function presentDetailExtras(row: DetailRow, language: LanguageCode) {
  return {
    description: localized(language, row.descriptionEn, row.descriptionEs),
    description_lang: textLanguage(language, row.descriptionEn, row.descriptionEs),
    outcomes: points(localized(language, row.outcomesEn, row.outcomesEs)),
    outcomes_lang: textLanguage(language, row.outcomesEn, row.outcomesEs),
    requirements: points(localized(language, row.requirementsEn, row.requirementsEs)),
    requirements_lang: textLanguage(language, row.requirementsEn, row.requirementsEs),
    updated_at: row.updatedAt.toISOString(),
    rating_distribution: [1, 2, 3, 4, 5].map((star) => row.ratingDistribution[star - 1] ?? 0),
  };
}

type CardStats = { levels: number; lectures: number; duration: number };
type LearnerStats = { enrolled: boolean; completed: number };

export function presentCard(
  row: CardRow,
  language: LanguageCode,
  stats: CardStats,
  learner: LearnerStats | null,
): CourseCard {
  return {
    id: row.id,
    title: localized(language, row.titleEn, row.titleEs),
    title_lang: textLanguage(language, row.titleEn, row.titleEs, taughtIn(row)),
    short_description: localized(language, row.shortDescriptionEn, row.shortDescriptionEs),
    short_description_lang: textLanguage(language, row.shortDescriptionEn, row.shortDescriptionEs),
    status: row.status,
    category:
      row.categoryId === null
        ? null
        : {
            id: row.categoryId,
            name: localized(language, row.categoryNameEn ?? "", row.categoryNameEs ?? ""),
          },
    price_pence: row.pricePence,
    currency: row.currency,
    is_free: row.isFree,
    cover_url: coverUrl(row),
    level_count: stats.levels,
    lecture_count: stats.lectures,
    duration_seconds: stats.duration,
    enrolment_count: row.enrolmentCount,
    published_at: iso(row.publishedAt),
    enrolled: learner?.enrolled ?? false,
    progress_percent: learner?.enrolled ? wholePercent(learner.completed, stats.lectures) : null,
    level: row.level,
    language: taughtIn(row),
    rating_average: Math.round(row.ratingAverage * 10) / 10,
    rating_count: row.ratingCount,
  };
}

/** Cards for a page of titles, without the caller's part: counts in two grouped queries. */
export async function presentCards(
  db: DbOrTx,
  rows: CardRow[],
  language: LanguageCode,
): Promise<CourseCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lectureStats, levelStats] = await Promise.all([
    db
      .select({
        courseId: lectures.courseId,
        n: count(),
        duration: sum(lectures.durationSeconds).mapWith(Number),
      })
      .from(lectures)
      .where(and(inArray(lectures.courseId, ids), eq(lectures.status, "published")))
      .groupBy(lectures.courseId),
    db
      .select({ courseId: courseLevels.courseId, n: count() })
      .from(courseLevels)
      .where(inArray(courseLevels.courseId, ids))
      .groupBy(courseLevels.courseId),
  ]);
  const lectureBy = new Map(lectureStats.map((s) => [s.courseId, s]));
  const levelBy = new Map(levelStats.map((s) => [s.courseId, s.n]));
  return rows.map((row) =>
    presentCard(
      row,
      language,
      {
        levels: levelBy.get(row.id) ?? 0,
        lectures: lectureBy.get(row.id)?.n ?? 0,
        duration: lectureBy.get(row.id)?.duration ?? 0,
      },
      null,
    ),
  );
}

// Prepared (they run for every learner's list and dashboard); `ids` travels as one array parameter.
const inIds = (column: AnyColumn) => sql`${column} = ANY(${sql.placeholder("ids")}::int[])`;
const learnerEnrolmentsIn = preparedFor((db) =>
  db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, sql.placeholder("learnerId")), inIds(enrolments.courseId)))
    .prepare("catalog_learner_enrolments_in"),
);
const completedLecturesIn = preparedFor((db) =>
  db
    .select({ courseId: lectureProgress.courseId, n: count() })
    .from(lectureProgress)
    .innerJoin(lectures, and(eq(lectures.id, lectureProgress.lectureId), eq(lectures.status, "published")))
    .where(
      and(
        eq(lectureProgress.userId, sql.placeholder("learnerId")),
        inIds(lectureProgress.courseId),
        isNotNull(lectureProgress.completedAt),
      ),
    )
    .groupBy(lectureProgress.courseId)
    .prepare("catalog_completed_lectures_in"),
);

/**
 * Adds a learner's enrolment and progress to cards (which may come from the cache: never mutated).
 * A caller that has just read the learner's enrolments passes them (`knownEnrolled`).
 */
export async function withLearner(
  db: DbOrTx,
  cards: CourseCard[],
  learnerId: number,
  knownEnrolled?: ReadonlySet<number>,
): Promise<CourseCard[]> {
  if (cards.length === 0) return cards;
  const ids = cards.map((c) => c.id);
  const [enrolled, completed] = await Promise.all([
    knownEnrolled
      ? [...knownEnrolled].map((courseId) => ({ courseId }))
      : learnerEnrolmentsIn(db).execute({ learnerId, ids }),
    completedLecturesIn(db).execute({ learnerId, ids }),
  ]);
  const enrolledSet = new Set(enrolled.map((e) => e.courseId));
  const completedBy = new Map(completed.map((c) => [c.courseId, c.n]));
  return cards.map((card) => {
    const isEnrolled = enrolledSet.has(card.id);
    const done = completedBy.get(card.id) ?? 0;
    return {
      ...card,
      enrolled: isEnrolled,
      progress_percent: isEnrolled ? wholePercent(done, card.lecture_count) : null,
    };
  });
}

export function outlineStats(outline: CourseOutline): CardStats {
  const published = outline.order.filter((l) => l.status === "published");
  return {
    levels: outline.levels.length,
    lectures: published.length,
    duration: published.reduce((total, l) => total + l.durationSeconds, 0),
  };
}

export function presentOutline(
  outline: CourseOutline,
  language: LanguageCode,
  states: ReadonlyMap<number, LectureState>,
  progress: ReadonlyMap<number, ProgressRow> | null,
  taught?: LanguageCode,
): LevelOutline[] {
  return outline.levels.map((level) => ({
    id: level.id,
    ...named(language, level.titleEn, level.titleEs, taught),
    position: level.position,
    exam_quiz_id: level.examQuizId,
    modules: level.modules.map((module) => ({
      id: module.id,
      ...named(language, module.titleEn, module.titleEs, taught),
      position: module.position,
      exam_quiz_id: module.examQuizId,
      lectures: module.lectures.map((lecture) => {
        const p = progress?.get(lecture.id);
        return {
          id: lecture.id,
          ...named(language, lecture.titleEn, lecture.titleEs, taught),
          position: lecture.position,
          duration_seconds: lecture.durationSeconds,
          is_preview: lecture.isPreview,
          has_quiz: lecture.hasQuiz,
          state: states.get(lecture.id) ?? "not_enrolled",
          watched_percent: progress ? watchedPercent(p?.watchedSeconds ?? 0, lecture.durationSeconds) : null,
        };
      }),
    })),
  }));
}

/** The published-and-listed condition of public lists. */
export const listedStatus = sql`${courses.status} IN ('published', 'coming_soon')`;
