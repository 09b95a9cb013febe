/**
 * A learner's side of the catalogue: enrolments, lecture progress (distinct watched seconds),
 * notes, the lecture Q&A thread, e-book reading positions and the lecture-notes access list.
 */
import type { NoteDoc } from "@aprendo/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { courseModules, courses, lectureEbooks, lectures } from "./catalog";

export const enrolmentSources = ["free", "purchase", "sponsorship", "admin"] as const;
export type EnrolmentSource = (typeof enrolmentSources)[number];

export const enrolments = pgTable(
  "enrolments",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    source: varchar({ length: 20 }).$type<EnrolmentSource>().notNull(),
    /** Continue where you left off: the last lecture reported on and when. */
    lastLectureId: integer().references(() => lectures.id, { onDelete: "set null" }),
    lastActivityAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("enrolments_user_course_unique").on(t.userId, t.courseId),
    index("enrolments_user_activity_idx").on(t.userId, t.lastActivityAt.desc().nullsFirst()),
    index("enrolments_course_idx").on(t.courseId),
    check("enrolments_source_check", sql`${t.source} IN ('free', 'purchase', 'sponsorship', 'admin')`),
  ],
);

/** Seconds of a lecture's video, half-open ranges `[from, to)`, sorted and merged. */
export type WatchedRanges = Array<[number, number]>;

export const lectureProgress = pgTable(
  "lecture_progress",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    watchedRanges: jsonb().$type<WatchedRanges>().notNull().default([]),
    /** Distinct seconds watched, the sum of watchedRanges. */
    watchedSeconds: integer().notNull().default(0),
    lastPositionSeconds: integer().notNull().default(0),
    /** When the distinct watched seconds first reached the completion threshold. */
    videoWatchedAt: timestamp({ withTimezone: true }),
    /** Set by the quiz engine when the lecture's quiz is passed. */
    quizPassedAt: timestamp({ withTimezone: true }),
    /** Video watched and, when the lecture has a quiz, the quiz passed. */
    completedAt: timestamp({ withTimezone: true }),
    lastReportAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lectureId] }),
    index("lecture_progress_user_course_idx").on(t.userId, t.courseId),
    check("lecture_progress_seconds_check", sql`${t.watchedSeconds} >= 0 AND ${t.lastPositionSeconds} >= 0`),
  ],
);

/**
 * A learner's current viewing of a lecture: when it began (the lecture was opened, or a report came
 * after the previous view went idle) and how many new seconds it has credited. A view credits at
 * most 2x the wall-clock time since it began (learning/view-budget.ts), so a script cannot mark a
 * video watched faster than watching it. Kept in the database so every node sees the same view.
 */
export const lectureViews = pgTable(
  "lecture_views",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    creditedSeconds: integer().notNull().default(0),
    /** The last open or report: a view idle for long is over, and the next one starts afresh. */
    seenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lectureId] }),
    check("lecture_views_credited_check", sql`${t.creditedSeconds} >= 0`),
  ],
);

/** A learner's own note on a lecture: a TipTap/ProseMirror JSON document. */
export const lectureNotes = pgTable(
  "lecture_notes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    // Only written through the note route, whose body is checked by the contract's `lectureNoteContent`.
    content: jsonb().$type<NoteDoc>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lecture_notes_user_lecture_unique").on(t.userId, t.lectureId),
    index("lecture_notes_user_course_idx").on(t.userId, t.courseId),
  ],
);

export const lectureQuestionStatuses = ["unanswered", "answered"] as const;
export type LectureQuestionStatus = (typeof lectureQuestionStatuses)[number];

/** A learner's question on a lecture (the Q&A thread), answered by lesson Q&A administrators. */
export const lectureQuestions = pgTable(
  "lecture_questions",
  {
    id: serial().primaryKey(),
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text().notNull(),
    status: varchar({ length: 20 }).$type<LectureQuestionStatus>().notNull().default("unanswered"),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Public questions are read by every learner of the title. The default keeps the
     * questions asked before Q&A was public private: their authors asked them as private.
     */
    isPublic: boolean().notNull().default(false),
    /** Kept in step with lecture_question_votes under the vote's row lock, for "most voted". */
    votes: integer().notNull().default(0),
    /** Hidden by a moderator: only its author and staff still see it. */
    hiddenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("lecture_questions_user_lecture_idx").on(t.userId, t.lectureId),
    index("lecture_questions_public_lecture_idx").on(t.lectureId, t.id.desc()).where(sql`${t.isPublic}`),
    index("lecture_questions_status_idx").on(t.status, t.id.desc().nullsFirst()),
    check("lecture_questions_status_check", sql`${t.status} IN ('unanswered', 'answered')`),
  ],
);

export const lectureAnswers = pgTable(
  "lecture_answers",
  {
    id: serial().primaryKey(),
    questionId: integer()
      .notNull()
      .references(() => lectureQuestions.id, { onDelete: "cascade" }),
    /** The author: a staff member, or (public Q&A) a fellow learner. */
    adminId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Answered from the back office (marked "Instructor/Staff"); every answer before learners could answer each other was. */
    isStaff: boolean().notNull().default(true),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lecture_answers_question_idx").on(t.questionId, t.id)],
);

/** One upvote per learner and question; the primary key keeps concurrent votes unique. */
export const lectureQuestionVotes = pgTable(
  "lecture_question_votes",
  {
    questionId: integer()
      .notNull()
      .references(() => lectureQuestions.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/** Learners told when a question gets an answer (its author follows it from the start). */
export const lectureQuestionFollows = pgTable(
  "lecture_question_follows",
  {
    questionId: integer()
      .notNull()
      .references(() => lectureQuestions.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/** The last page a reader had open in an e-book, to reopen it there. */
export const ebookReads = pgTable(
  "ebook_reads",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ebookId: integer()
      .notNull()
      .references(() => lectureEbooks.id, { onDelete: "cascade" }),
    lastPage: smallint().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ebookId] })],
);

/**
 * The lecture-notes access list (spec section 3): who may read a title's lecture e-books beyond
 * enrolment (purchased e-notes, or granted by an administrator). A null module or lecture widens
 * the grant to the whole module or title.
 */
export const lectureNotesAccess = pgTable(
  "lecture_notes_access",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: integer().references(() => courseModules.id, { onDelete: "cascade" }),
    lectureId: integer().references(() => lectures.id, { onDelete: "cascade" }),
    source: varchar({ length: 20 }).notNull().default("admin"),
    grantedBy: integer().references(() => users.id, { onDelete: "set null" }),
    note: text(),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lecture_notes_access_user_course_idx").on(t.userId, t.courseId),
    check("lecture_notes_access_source_check", sql`${t.source} IN ('purchase', 'admin', 'sponsorship')`),
  ],
);
