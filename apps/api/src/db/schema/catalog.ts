/**
 * The catalogue: categories and titles (courses) made of levels, modules and lectures, with each
 * lecture's e-books and FAQs. Texts are kept in English and Spanish side by side (`_en`, `_es`);
 * lists are ordered by `position` within their parent.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** PostgreSQL full-text vector; only ever written by a generated column. */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

export const publicationStatuses = ["draft", "coming_soon", "published"] as const;
export const courseLevelValues = ["beginner", "intermediate", "advanced", "all"] as const;
export type CourseLevel = (typeof courseLevelValues)[number];
export type PublicationStatus = (typeof publicationStatuses)[number];

export const categories = pgTable(
  "categories",
  {
    id: serial().primaryKey(),
    nameEn: varchar({ length: 80 }).notNull(),
    nameEs: varchar({ length: 80 }).notNull(),
    slug: varchar({ length: 80 }).notNull(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_slug_unique").on(t.slug), index("categories_position_idx").on(t.position)],
);

/** Weighted text for search: title (A), short description (B), long description (C). */
function searchVector(config: "english" | "spanish", title: string, short: string, long: string): SQL {
  return sql.raw(
    `setweight(to_tsvector('${config}'::regconfig, coalesce(${title}, '')), 'A') || ` +
      `setweight(to_tsvector('${config}'::regconfig, coalesce(${short}, '')), 'B') || ` +
      `setweight(to_tsvector('${config}'::regconfig, coalesce(${long}, '')), 'C')`,
  );
}

export const courses = pgTable(
  "courses",
  {
    id: serial().primaryKey(),
    categoryId: integer().references(() => categories.id, { onDelete: "set null" }),
    /** draft (admins only), coming_soon (listed, not enrollable), published. */
    status: varchar({ length: 20 }).$type<PublicationStatus>().notNull().default("draft"),
    titleEn: varchar({ length: 160 }).notNull(),
    titleEs: varchar({ length: 160 }).notNull(),
    shortDescriptionEn: varchar({ length: 300 }).notNull().default(""),
    shortDescriptionEs: varchar({ length: 300 }).notNull().default(""),
    descriptionEn: text().notNull().default(""),
    descriptionEs: text().notNull().default(""),
    /** Minor units (pence); 0 with isFree for a free title. */
    pricePence: integer().notNull().default(0),
    currency: varchar({ length: 3 }).notNull().default("GBP"),
    isFree: boolean().notNull().default(false),
    coverImageKey: text(),
    coverImageType: varchar({ length: 40 }),
    position: integer().notNull().default(0),
    /** Kept by the enrol transaction, so "top titles" needs no aggregate on the hot path. */
    enrolmentCount: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }),
    searchEn: tsvector()
      .notNull()
      .generatedAlwaysAs(searchVector("english", "title_en", "short_description_en", "description_en")),
    searchEs: tsvector()
      .notNull()
      .generatedAlwaysAs(searchVector("spanish", "title_es", "short_description_es", "description_es")),
    /** beginner / intermediate / advanced / all (all levels): a badge and a catalogue filter. */
    level: varchar({ length: 20 }).$type<CourseLevel>().notNull().default("all"),
    /** The language the title is taught in (en / es), not the interface language. */
    teachingLanguage: varchar({ length: 2 }).notNull().default("en"),
    /** "What you'll learn" and requirements: one point per line. */
    outcomesEn: text().notNull().default(""),
    outcomesEs: text().notNull().default(""),
    requirementsEn: text().notNull().default(""),
    requirementsEs: text().notNull().default(""),
    /**
     * Published lectures' total length, kept by the lecture writes (structure.service), so the
     * catalogue filters length bands without summing lectures per listed title.
     */
    durationSeconds: integer().notNull().default(0),
    /**
     * Ratings of visible reviews, kept in the review's transaction (reviews.service): count, the
     * average (0 without ratings) and the count of each star (index 1..5), so cards and filters
     * never aggregate reviews per request.
     */
    ratingCount: integer().notNull().default(0),
    ratingAverage: real().notNull().default(0),
    ratingDistribution: integer().array().notNull().default(sql`'{0,0,0,0,0}'::integer[]`),
    /**
     * Accent-folded full text over both languages (english and spanish configurations on
     * search_fold()ed text), so "programacion" finds "Programación" with stemming and ranking.
     */
    searchFolded: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          "setweight(to_tsvector('english'::regconfig, search_fold(coalesce(title_en, ''))), 'A') || " +
            "setweight(to_tsvector('spanish'::regconfig, search_fold(coalesce(title_es, ''))), 'A') || " +
            "setweight(to_tsvector('english'::regconfig, search_fold(coalesce(short_description_en, ''))), 'B') || " +
            "setweight(to_tsvector('spanish'::regconfig, search_fold(coalesce(short_description_es, ''))), 'B') || " +
            "setweight(to_tsvector('english'::regconfig, search_fold(coalesce(description_en, ''))), 'C') || " +
            "setweight(to_tsvector('spanish'::regconfig, search_fold(coalesce(description_es, ''))), 'C')",
        ),
      ),
    ...timestamps,
  },
  (t) => [
    index("courses_status_position_idx").on(t.status, t.position, t.id),
    index("courses_category_idx").on(t.categoryId, t.status),
    index("courses_enrolment_count_idx").on(t.enrolmentCount.desc().nullsFirst()),
    index("courses_search_en_idx").using("gin", t.searchEn),
    index("courses_search_es_idx").using("gin", t.searchEs),
    index("courses_search_folded_idx").using("gin", t.searchFolded),
    index("courses_status_rating_idx").on(t.status, t.ratingAverage.desc(), t.id),
    index("courses_status_published_idx").on(t.status, t.publishedAt.desc(), t.id),
    index("courses_status_price_idx").on(t.status, t.pricePence, t.id),
    index("courses_status_enrolment_idx").on(t.status, t.enrolmentCount.desc(), t.id),
    check("courses_level_check", sql`${t.level} IN ('beginner', 'intermediate', 'advanced', 'all')`),
    check("courses_status_check", sql`${t.status} IN ('draft', 'coming_soon', 'published')`),
    check("courses_price_check", sql`${t.pricePence} >= 0`),
    check("courses_free_check", sql`NOT ${t.isFree} OR ${t.pricePence} = 0`),
  ],
);

export const courseLevels = pgTable(
  "course_levels",
  {
    id: serial().primaryKey(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    titleEn: varchar({ length: 160 }).notNull(),
    titleEs: varchar({ length: 160 }).notNull(),
    /** The level exam (quiz engine issue); no foreign key until that table exists. */
    examQuizId: integer(),
    ...timestamps,
  },
  (t) => [index("course_levels_course_idx").on(t.courseId, t.position)],
);

export const courseModules = pgTable(
  "course_modules",
  {
    id: serial().primaryKey(),
    levelId: integer()
      .notNull()
      .references(() => courseLevels.id, { onDelete: "cascade" }),
    /** Denormalised from the level, for the per-title reads. */
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    titleEn: varchar({ length: 160 }).notNull(),
    titleEs: varchar({ length: 160 }).notNull(),
    /** The module exam (quiz engine issue). */
    examQuizId: integer(),
    ...timestamps,
  },
  (t) => [
    index("course_modules_level_idx").on(t.levelId, t.position),
    index("course_modules_course_idx").on(t.courseId),
  ],
);

export const lectures = pgTable(
  "lectures",
  {
    id: serial().primaryKey(),
    moduleId: integer()
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    titleEn: varchar({ length: 160 }).notNull(),
    titleEs: varchar({ length: 160 }).notNull(),
    descriptionEn: text().notNull().default(""),
    descriptionEs: text().notNull().default(""),
    status: varchar({ length: 20 }).$type<PublicationStatus>().notNull().default("draft"),
    videoKey: text(),
    videoType: varchar({ length: 40 }),
    videoBytes: integer(),
    durationSeconds: integer().notNull().default(0),
    /** Viewable by anyone on the public title page. */
    isPreview: boolean().notNull().default(false),
    /** Set by quiz authoring: completion then also needs the quiz passed. */
    hasQuiz: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("lectures_module_idx").on(t.moduleId, t.position),
    index("lectures_course_idx").on(t.courseId),
    check("lectures_status_check", sql`${t.status} IN ('draft', 'coming_soon', 'published')`),
    check("lectures_duration_check", sql`${t.durationSeconds} >= 0`),
  ],
);

export const lectureEbooks = pgTable(
  "lecture_ebooks",
  {
    id: serial().primaryKey(),
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    titleEn: varchar({ length: 160 }).notNull(),
    titleEs: varchar({ length: 160 }).notNull(),
    fileKey: text().notNull(),
    fileBytes: integer().notNull().default(0),
    pages: smallint().notNull().default(0),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("lecture_ebooks_lecture_idx").on(t.lectureId, t.position)],
);

export const lectureFaqs = pgTable(
  "lecture_faqs",
  {
    id: serial().primaryKey(),
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    questionEn: varchar({ length: 300 }).notNull(),
    questionEs: varchar({ length: 300 }).notNull(),
    answerEn: text().notNull(),
    answerEs: text().notNull(),
    ...timestamps,
  },
  (t) => [index("lecture_faqs_lecture_idx").on(t.lectureId, t.position)],
);
