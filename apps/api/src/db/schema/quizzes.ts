/**
 * Quizzes and exams: a quiz belongs to exactly one lecture, module (module exam) or level (level
 * exam); its questions; the learner's attempts with their server-owned deadline; exam accesses (the
 * right to attempt a paid exam twice); passed exams (for certificates); the access-management audit.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { courseLevels, courseModules, courses, lectures } from "./catalog";

export const quizKinds = ["lecture", "module", "level"] as const;
export type QuizKind = (typeof quizKinds)[number];
export const quizStatuses = ["draft", "published"] as const;
export type QuizStatus = (typeof quizStatuses)[number];
export const questionTypes = ["single", "multiple", "missing_word", "word_linking"] as const;
export type QuestionType = (typeof questionTypes)[number];
export const attemptStatuses = ["in_progress", "submitted", "expired"] as const;
export type AttemptStatus = (typeof attemptStatuses)[number];
export const examAccessSources = ["purchase", "admin"] as const;
/** When a learner may see the correct answers of a graded attempt (the author's choice, per quiz). */
export const revealModes = ["never", "after_passing", "after_last_attempt", "always"] as const;
export type RevealMode = (typeof revealModes)[number];
export type ExamAccessSource = (typeof examAccessSources)[number];

/** One text in both languages, with an id that stays stable across edits (answers refer to it). */
export type Choice = { id: string; en: string; es: string };
export type Gap =
  | { id: string; mode: "choose"; options: Choice[]; correct: string }
  | { id: string; mode: "type"; accepted: { en: string[]; es: string[] } };
/** What a question holds besides its text, with the correct answers (never sent to a learner). */
export type QuestionContent =
  | { type: "single" | "multiple"; options: Choice[]; correct: string[] }
  | { type: "missing_word"; gaps: Gap[] }
  | { type: "word_linking"; left: Choice[]; right: Choice[]; pairs: Record<string, string> };

/** A learner's answer to one question, as given (validated against the question on save). */
export type GivenAnswer =
  | { type: "single"; option_id: string | null }
  | { type: "multiple"; option_ids: string[] }
  | { type: "missing_word"; gaps: Record<string, string> }
  | { type: "word_linking"; matches: Record<string, string> };

/** One question's grade, kept with the attempt. */
export type GradedPart = {
  points: number;
  correct: boolean;
  parts?: Array<{ id: string; correct: boolean }>;
};

export const quizzes = pgTable(
  "quizzes",
  {
    id: serial().primaryKey(),
    kind: varchar({ length: 10 }).$type<QuizKind>().notNull(),
    /** Exactly one owner, matching the kind. */
    lectureId: integer().references(() => lectures.id, { onDelete: "cascade" }),
    moduleId: integer().references(() => courseModules.id, { onDelete: "cascade" }),
    levelId: integer().references(() => courseLevels.id, { onDelete: "cascade" }),
    /** Denormalised from the owner, for per-title lists and the enrolment check. */
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    status: varchar({ length: 12 }).$type<QuizStatus>().notNull().default("draft"),
    titleEn: varchar({ length: 160 }).notNull().default(""),
    titleEs: varchar({ length: 160 }).notNull().default(""),
    instructionsEn: text().notNull().default(""),
    instructionsEs: text().notNull().default(""),
    timeLimitSeconds: integer().notNull().default(600),
    /** Whether attempts run against the time limit; only a lecture (practice) quiz may be untimed. */
    timed: boolean().notNull().default(true),
    passMarkPercent: smallint().notNull().default(70),
    /** Lecture quizzes are free with unlimited retakes; module and level exams are paid. */
    isPaid: boolean().notNull().default(false),
    /** Price of one exam access (two attempts), minor units. */
    pricePence: integer().notNull().default(0),
    currency: varchar({ length: 3 }).notNull().default("GBP"),
    /**
     * When the result shows the correct answers. The column default is the closed one (exams);
     * new lecture quizzes are created with "always" (revealDefault in quizzes.reveal.ts).
     */
    showCorrectAnswers: varchar({ length: 20 }).$type<RevealMode>().notNull().default("after_last_attempt"),
    /** A pool: each attempt draws this many of the questions at random; null = all of them. */
    questionsPerAttempt: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quizzes_lecture_unique").on(t.lectureId),
    uniqueIndex("quizzes_module_unique").on(t.moduleId),
    uniqueIndex("quizzes_level_unique").on(t.levelId),
    index("quizzes_course_idx").on(t.courseId, t.kind),
    check("quizzes_one_owner_check", sql`num_nonnulls(${t.lectureId}, ${t.moduleId}, ${t.levelId}) = 1`),
    check(
      "quizzes_kind_check",
      sql`(${t.kind} = 'lecture' AND ${t.lectureId} IS NOT NULL) OR (${t.kind} = 'module' AND ${t.moduleId} IS NOT NULL) OR (${t.kind} = 'level' AND ${t.levelId} IS NOT NULL)`,
    ),
    check("quizzes_status_check", sql`${t.status} IN ('draft', 'published')`),
    check("quizzes_time_limit_check", sql`${t.timeLimitSeconds} BETWEEN 30 AND 14400`),
    check("quizzes_timed_check", sql`${t.timed} OR ${t.kind} = 'lecture'`),
    check("quizzes_pass_mark_check", sql`${t.passMarkPercent} BETWEEN 1 AND 100`),
    check("quizzes_price_check", sql`${t.pricePence} >= 0`),
    check("quizzes_paid_check", sql`${t.isPaid} = (${t.kind} <> 'lecture')`),
    check(
      "quizzes_show_correct_answers_check",
      sql`${t.showCorrectAnswers} IN ('never', 'after_passing', 'after_last_attempt', 'always')`,
    ),
    check("quizzes_questions_per_attempt_check", sql`${t.questionsPerAttempt} >= 1`),
  ],
);

export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: serial().primaryKey(),
    quizId: integer()
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    type: varchar({ length: 20 }).$type<QuestionType>().notNull(),
    /** For missing_word, the gaps are written [[1]], [[2]]... in both languages. */
    textEn: text().notNull(),
    textEs: text().notNull(),
    explanationEn: text().notNull().default(""),
    explanationEs: text().notNull().default(""),
    content: jsonb().$type<QuestionContent>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quiz_questions_quiz_idx").on(t.quizId, t.position, t.id),
    check(
      "quiz_questions_type_check",
      sql`${t.type} IN ('single', 'multiple', 'missing_word', 'word_linking')`,
    ),
  ],
);

/** The right to attempt a paid exam twice: bought (commerce) or granted by an administrator. */
export const examAccesses = pgTable(
  "exam_accesses",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quizId: integer()
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    /** Taken by one conditional UPDATE at start; never above 2. */
    attemptsUsed: smallint().notNull().default(0),
    source: varchar({ length: 12 }).$type<ExamAccessSource>().notNull(),
    /** The commerce order line that paid for it (no foreign key: commerce owns that table). */
    orderLineId: integer(),
    grantedBy: integer().references(() => users.id, { onDelete: "set null" }),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: integer().references(() => users.id, { onDelete: "set null" }),
    revokeReason: text(),
  },
  (t) => [
    index("exam_accesses_user_quiz_idx").on(t.userId, t.quizId, t.id),
    index("exam_accesses_quiz_idx").on(t.quizId),
    check("exam_accesses_attempts_check", sql`${t.attemptsUsed} BETWEEN 0 AND 2`),
    check("exam_accesses_source_check", sql`${t.source} IN ('purchase', 'admin')`),
  ],
);

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quizId: integer()
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    /** The exam access this attempt used; null for free lecture quizzes. */
    examAccessId: integer().references(() => examAccesses.id, { onDelete: "set null" }),
    /** The questions drawn at start, in order (edits to the quiz never reshape a running attempt). */
    questionIds: jsonb().$type<number[]>().notNull(),
    /**
     * Seeds the order of each question's options in this attempt (random at start, so the order
     * is the same on every reload and differs between attempts); null for attempts started before
     * options were shuffled (shown in the author's order).
     */
    optionSeed: integer(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set at start (the limit times the learner's accommodation factor); only ever moves later, when
     * the learner asks for more time in a practice quiz (extensionsUsed).
     */
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    /** False: no time limit (an untimed practice quiz, or the learner's accommodation); the deadline only closes it after a day. */
    timed: boolean().notNull().default(true),
    /** Times the learner asked for more time in this (practice) attempt. */
    extensionsUsed: smallint().notNull().default(0),
    /** When graded: the learner's submit, or the deadline for a late or server submit. */
    submittedAt: timestamp({ withTimezone: true }),
    status: varchar({ length: 12 }).$type<AttemptStatus>().notNull().default("in_progress"),
    /** Whole percent, rounded to the nearest (wholePercent); passed means this shown score reached the pass mark. */
    scorePercent: smallint(),
    points: real(),
    maxPoints: real(),
    passed: boolean(),
    /** `{ questionId: answer }` as given; only written while in progress and before the deadline. */
    answers: jsonb().$type<Record<string, GivenAnswer>>().notNull().default({}),
    /** Per question, as graded at submission (later edits of the quiz never change a grade). */
    results: jsonb().$type<Record<string, GradedPart>>(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one running attempt per learner and quiz: concurrent starts cannot make two.
    uniqueIndex("quiz_attempts_one_in_progress")
      .on(t.userId, t.quizId)
      .where(sql`${t.status} = 'in_progress'`),
    index("quiz_attempts_user_quiz_idx").on(t.userId, t.quizId, t.id.desc().nullsFirst()),
    index("quiz_attempts_deadline_idx").on(t.deadlineAt).where(sql`${t.status} = 'in_progress'`),
    check("quiz_attempts_extensions_check", sql`${t.extensionsUsed} >= 0`),
    check("quiz_attempts_status_check", sql`${t.status} IN ('in_progress', 'submitted', 'expired')`),
    check(
      "quiz_attempts_graded_check",
      sql`(${t.status} = 'in_progress') = (${t.submittedAt} IS NULL AND ${t.passed} IS NULL)`,
    ),
  ],
);

/** A passed module or level exam, first pass only: what the certificates issue reads. */
export const examPasses = pgTable(
  "exam_passes",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quizId: integer()
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    attemptId: integer()
      .notNull()
      .references(() => quizAttempts.id, { onDelete: "cascade" }),
    kind: varchar({ length: 10 }).$type<Exclude<QuizKind, "lecture">>().notNull(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: integer().references(() => courseModules.id, { onDelete: "cascade" }),
    levelId: integer().references(() => courseLevels.id, { onDelete: "cascade" }),
    scorePercent: smallint().notNull(),
    passedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.quizId] }),
    index("exam_passes_user_course_idx").on(t.userId, t.courseId),
    check("exam_passes_kind_check", sql`${t.kind} IN ('module', 'level')`),
  ],
);

/**
 * The effects of a first exam pass still to apply (congratulations, certificates): an outbox row
 * written in the same statement as the pass, removed by the job that applies them (its transaction
 * deletes the row first, so they apply once), and swept every minute if the job was lost.
 */
export const examPassEffects = pgTable(
  "exam_pass_effects",
  {
    userId: integer().notNull(),
    quizId: integer().notNull(),
    scorePercent: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.quizId] }),
    foreignKey({
      columns: [t.userId, t.quizId],
      foreignColumns: [examPasses.userId, examPasses.quizId],
    }).onDelete("cascade"),
  ],
);

export const accessAuditActions = ["grant_course", "revoke_course", "grant_exam", "revoke_exam"] as const;
export type AccessAuditAction = (typeof accessAuditActions)[number];

/** Who granted or revoked which access, why and when (course and exam access management). */
export const accessAuditLog = pgTable(
  "access_audit_log",
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    learnerId: integer().references(() => users.id, { onDelete: "set null" }),
    action: varchar({ length: 20 }).$type<AccessAuditAction>().notNull(),
    courseId: integer().references(() => courses.id, { onDelete: "set null" }),
    quizId: integer().references(() => quizzes.id, { onDelete: "set null" }),
    /** The enrolment or exam access concerned (kept as a plain number: a revoked enrolment is deleted). */
    subjectId: integer(),
    attempts: smallint(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("access_audit_log_learner_idx").on(t.learnerId, t.id.desc().nullsFirst()),
    index("access_audit_log_created_idx").on(t.id.desc().nullsFirst()),
    check(
      "access_audit_log_action_check",
      sql`${t.action} IN ('grant_course', 'revoke_course', 'grant_exam', 'revoke_exam')`,
    ),
  ],
);

/**
 * A learner's accessibility accommodation (WCAG 2.2.1), granted by a user manager: every timed
 * attempt's limit is multiplied by the factor (exams too), and practice quizzes may have no limit.
 * No row: no accommodation.
 */
export const learnerAccommodations = pgTable(
  "learner_accommodations",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 100, 125, 150 or 200: the time limit's factor in percent. */
    timeFactorPercent: smallint().notNull().default(100),
    /** Practice (lecture) quizzes run with no time limit. */
    practiceUntimed: boolean().notNull().default(false),
    grantedBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("learner_accommodations_factor_check", sql`${t.timeFactorPercent} IN (100, 125, 150, 200)`)],
);
