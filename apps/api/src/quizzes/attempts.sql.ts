/**
 * The statements of the attempt hot path (start, answer save, submit), as named prepared statements
 * run on the pool directly: PostgreSQL parses and plans each once per connection, and no query is
 * built per call. Each name always has the same text. Every write here is ONE statement, guarded in
 * its own WHERE (attempt limits, status, deadline, row version), so none needs a transaction.
 */
import { quizLimits } from "@aprendo/contract";
import type { Db } from "../db/client";
import { runNamed } from "../db/prepared";
import type { quizAttempts } from "../db/schema/index";
import type { AttemptStatus, GivenAnswer, GradedPart } from "../db/schema/quizzes";
import { learnedInAttempt } from "../learning/activity.service";

type AttemptRow = typeof quizAttempts.$inferSelect;

const PER_ACCESS = Number(quizLimits.attemptsPerAccess);

const ATTEMPT_COLUMNS = `id, user_id, quiz_id, exam_access_id, question_ids, option_seed, started_at, deadline_at, timed, extensions_used,
  submitted_at, status, score_percent, points, max_points, passed, answers, results, updated_at`;

type RawAttempt = {
  id: number;
  user_id: number;
  quiz_id: number;
  exam_access_id: number | null;
  question_ids: number[];
  option_seed: number | null;
  started_at: Date;
  deadline_at: Date;
  timed: boolean;
  extensions_used: number;
  submitted_at: Date | null;
  status: AttemptStatus;
  score_percent: number | null;
  points: number | null;
  max_points: number | null;
  passed: boolean | null;
  answers: Record<string, GivenAnswer>;
  results: Record<string, GradedPart> | null;
  updated_at: Date;
};

/** The pool's own type parsers give Date; text (PostgreSQL's format) is accepted as well. */
const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

const toRow = (r: RawAttempt): AttemptRow => ({
  id: r.id,
  userId: r.user_id,
  quizId: r.quiz_id,
  examAccessId: r.exam_access_id,
  questionIds: r.question_ids,
  optionSeed: r.option_seed,
  startedAt: asDate(r.started_at),
  deadlineAt: asDate(r.deadline_at),
  timed: r.timed,
  extensionsUsed: r.extensions_used,
  submittedAt: r.submitted_at === null ? null : asDate(r.submitted_at),
  status: r.status,
  scorePercent: r.score_percent,
  points: r.points,
  maxPoints: r.max_points,
  passed: r.passed,
  answers: r.answers ?? {},
  results: r.results,
  updatedAt: asDate(r.updated_at),
});

/**
 * "Still open", as the statements that find an attempt by its id write it. Not `status =
 * 'in_progress'`: that lets the planner pick a partial index of in-progress attempts, which the
 * statistics mostly show empty, over the primary key, and a prepared statement keeps that plan
 * while an exam fills the index (every answer save then walked all running attempts). The same
 * test under the table's status check (three states); `attempts.statements.test.ts` checks plans.
 */
const OPEN = `status NOT IN ('submitted', 'expired')`;

// --- start -----------------------------------------------------------------------------------------

/**
 * A paid exam's start in one statement: the learner must be enrolled in the title, one attempt is
 * taken from an exam access with a conditional UPDATE (`attempts_used < 2`, re-checked after any
 * concurrent update), and the attempt is inserted; when the unique partial index (one in-progress
 * attempt per learner and quiz) refuses the INSERT the whole statement fails and nothing is taken.
 * $1 user, $2 quiz, $3 course, $4 question ids (json), $5 started at, $6 deadline, $7 option seed,
 * $8 timed.
 */
const START_PAID = `WITH taken AS (
  UPDATE exam_accesses SET attempts_used = attempts_used + 1
  WHERE id = (
    SELECT id FROM exam_accesses
    WHERE user_id = $1::int AND quiz_id = $2::int AND revoked_at IS NULL AND attempts_used < ${PER_ACCESS}
    ORDER BY id LIMIT 1
  ) AND attempts_used < ${PER_ACCESS}
    AND EXISTS (SELECT 1 FROM enrolments WHERE user_id = $1::int AND course_id = $3::int)
  RETURNING id
)
INSERT INTO quiz_attempts (user_id, quiz_id, exam_access_id, question_ids, started_at, deadline_at, option_seed, timed)
SELECT $1::int, $2::int, taken.id, $4::jsonb, $5::timestamptz, $6::timestamptz, $7::int, $8::boolean FROM taken
RETURNING id, exam_access_id`;

export async function insertPaidAttempt(
  db: Db,
  input: {
    userId: number;
    quizId: number;
    courseId: number;
    questionIds: number[];
    optionSeed: number | null;
    startedAt: Date;
    deadlineAt: Date;
    timed: boolean;
  },
): Promise<{ id: number; examAccessId: number } | null> {
  const [row] = await runNamed<{ id: number; exam_access_id: number }>(db, "quiz_start_paid", START_PAID, [
    input.userId,
    input.quizId,
    input.courseId,
    JSON.stringify(input.questionIds),
    input.startedAt.toISOString(),
    input.deadlineAt.toISOString(),
    input.optionSeed,
    input.timed,
  ]);
  return row ? { id: row.id, examAccessId: row.exam_access_id } : null;
}

/** Why a paid start took nothing: not enrolled, an attempt running, or no attempt left (ever held?). */
const START_REFUSED = `SELECT
  EXISTS (SELECT 1 FROM enrolments WHERE user_id = $1::int AND course_id = $3::int) AS enrolled,
  EXISTS (SELECT 1 FROM quiz_attempts WHERE user_id = $1::int AND quiz_id = $2::int AND status = 'in_progress') AS running,
  EXISTS (SELECT 1 FROM exam_accesses WHERE user_id = $1::int AND quiz_id = $2::int) AS held`;

export async function paidStartRefusal(db: Db, userId: number, quizId: number, courseId: number) {
  const [row] = await runNamed<{ enrolled: boolean; running: boolean; held: boolean }>(
    db,
    "quiz_start_refused",
    START_REFUSED,
    [userId, quizId, courseId],
  );
  return row ?? { enrolled: false, running: false, held: false };
}

const START_FREE = `INSERT INTO quiz_attempts (user_id, quiz_id, question_ids, started_at, deadline_at, option_seed, timed)
VALUES ($1::int, $2::int, $3::jsonb, $4::timestamptz, $5::timestamptz, $6::int, $7::boolean)
RETURNING id`;

export async function insertFreeAttempt(
  db: Db,
  input: {
    userId: number;
    quizId: number;
    questionIds: number[];
    optionSeed: number | null;
    startedAt: Date;
    deadlineAt: Date;
    timed: boolean;
  },
): Promise<{ id: number }> {
  const [row] = await runNamed<{ id: number }>(db, "quiz_start_free", START_FREE, [
    input.userId,
    input.quizId,
    JSON.stringify(input.questionIds),
    input.startedAt.toISOString(),
    input.deadlineAt.toISOString(),
    input.optionSeed,
    input.timed,
  ]);
  return row!;
}

// --- answers ---------------------------------------------------------------------------------------

/** Stores one answer only while the attempt is in progress and before its deadline. */
const SAVE_ANSWER = `UPDATE quiz_attempts
SET answers = answers || jsonb_build_object($3::text, $4::jsonb), updated_at = $5::timestamptz
WHERE id = $1::int AND user_id = $2::int AND ${OPEN} AND deadline_at > $5::timestamptz
RETURNING deadline_at, (SELECT count(*)::int FROM jsonb_object_keys(answers)) AS answered`;

export async function storeAnswer(
  db: Db,
  input: { attemptId: number; userId: number; questionId: number; answer: unknown; at: Date },
): Promise<{ deadlineAt: Date; answered: number } | null> {
  const [row] = await runNamed<{ deadline_at: Date; answered: number }>(db, "quiz_save_answer", SAVE_ANSWER, [
    input.attemptId,
    input.userId,
    String(input.questionId),
    JSON.stringify(input.answer),
    input.at.toISOString(),
  ]);
  return row ? { deadlineAt: row.deadline_at, answered: row.answered } : null;
}

// --- more time ------------------------------------------------------------------------------------

/**
 * A learner's "more time" in a timed practice attempt: the deadline moves later by $3 seconds, in
 * one statement that re-checks everything (theirs, open, timed, before the deadline, extensions
 * left, a lecture quiz's), so two clicks or two nodes cannot give more than the maximum.
 */
const EXTEND = `UPDATE quiz_attempts
SET deadline_at = deadline_at + make_interval(secs => $3::int), extensions_used = extensions_used + 1, updated_at = $4::timestamptz
WHERE id = $1::int AND user_id = $2::int AND ${OPEN} AND timed
  AND EXISTS (SELECT 1 FROM quizzes q WHERE q.id = quiz_attempts.quiz_id AND q.kind = 'lecture')
  AND deadline_at > $4::timestamptz AND extensions_used < ${Number(quizLimits.practiceExtensionsMax)}
RETURNING ${ATTEMPT_COLUMNS}`;

export async function extendAttempt(
  db: Db,
  attemptId: number,
  userId: number,
  at: Date,
): Promise<AttemptRow | null> {
  const [raw] = await runNamed<RawAttempt>(db, "quiz_extend", EXTEND, [
    attemptId,
    userId,
    quizLimits.practiceExtensionSeconds,
    at.toISOString(),
  ]);
  return raw ? toRow(raw) : null;
}

// --- reading and grading ---------------------------------------------------------------------------

/**
 * An attempt as stored with its row version (`xmin`: any later write of the row changes it).
 * $2 null reads any learner's attempt (the jobs).
 */
const READ_ATTEMPT = `SELECT ${ATTEMPT_COLUMNS}, a.xmin::text AS version
FROM quiz_attempts a
WHERE a.id = $1::int AND ($2::int IS NULL OR a.user_id = $2::int)`;

export type VersionedAttempt = { row: AttemptRow; version: string };

export async function readAttempt(
  db: Db,
  attemptId: number,
  userId: number | null,
): Promise<VersionedAttempt | null> {
  const [raw] = await runNamed<RawAttempt & { version: string }>(db, "quiz_read_attempt", READ_ATTEMPT, [
    attemptId,
    userId,
  ]);
  return raw ? { row: toRow(raw), version: raw.version } : null;
}

export type GradedFields = {
  status: "submitted" | "expired";
  submittedAt: Date;
  scorePercent: number;
  points: number;
  maxPoints: number;
  passed: boolean;
  results: Record<string, GradedPart>;
  updatedAt: Date;
};

/** Attempts left on the learner's exam accesses of the graded attempt (`done`). */
const ATTEMPTS_LEFT_OF_DONE = `SELECT coalesce(sum(${PER_ACCESS} - e.attempts_used) FILTER (WHERE e.revoked_at IS NULL), 0)::int
  FROM exam_accesses e WHERE e.user_id = done.user_id AND e.quiz_id = done.quiz_id`;

/**
 * Stores a grade computed from the attempt as read, in one statement, only if the row is still that
 * version and in progress (no answer saved and no grade stored since). Lecture quizzes below their
 * pass mark (a pass marks the lecture's progress, in a transaction). Answers the stored row and the
 * attempts left on the learner's exam accesses. $11: the attempt's learning seconds, added to the
 * learner's day with the grade.
 */
const FINALIZE = `WITH done AS (
  UPDATE quiz_attempts SET status = $3::varchar, submitted_at = $4::timestamptz, score_percent = $5::smallint,
    points = $6::real, max_points = $7::real, passed = $8::boolean, results = $9::jsonb, updated_at = $10::timestamptz
  WHERE id = $1::int AND ${OPEN} AND xmin = $2::xid AND NOT $8::boolean
  RETURNING ${ATTEMPT_COLUMNS}
), learned AS (
  ${learnedInAttempt("$11")}
)
SELECT done.*, (${ATTEMPTS_LEFT_OF_DONE}) AS attempts_left
FROM done`;

/** $3..$10 of both grading statements: the grade as stored. */
const gradeParams = (fields: GradedFields) => [
  fields.status,
  fields.submittedAt.toISOString(),
  fields.scorePercent,
  fields.points,
  fields.maxPoints,
  fields.passed,
  JSON.stringify(fields.results),
  fields.updatedAt.toISOString(),
];

export async function storeGrade(
  db: Db,
  attemptId: number,
  version: string,
  fields: GradedFields,
  learnedSeconds: number,
): Promise<{ row: AttemptRow; attemptsLeft: number } | null> {
  const [raw] = await runNamed<RawAttempt & { attempts_left: number }>(db, "quiz_finalize", FINALIZE, [
    attemptId,
    version,
    ...gradeParams(fields),
    learnedSeconds,
  ]);
  return raw ? { row: toRow(raw), attemptsLeft: raw.attempts_left } : null;
}

/**
 * An exam's grade in one statement: the version-guarded UPDATE (as FINALIZE), a pass recorded in
 * exam_passes once per learner and quiz, and, for that first pass, its effects queued in the
 * exam_pass_effects outbox (applied by the per-second "quiz.pass-effects-due" job, swept if the job is lost), so
 * the grade, the pass and the promise of its congratulations and certificates commit together.
 * $11 kind, $12 course, $13 module, $14 level of the pass; $15 the attempt's learning seconds.
 */
const FINALIZE_EXAM = `WITH done AS (
  UPDATE quiz_attempts SET status = $3::varchar, submitted_at = $4::timestamptz, score_percent = $5::smallint,
    points = $6::real, max_points = $7::real, passed = $8::boolean, results = $9::jsonb, updated_at = $10::timestamptz
  WHERE id = $1::int AND ${OPEN} AND xmin = $2::xid
  RETURNING ${ATTEMPT_COLUMNS}
), pass AS (
  INSERT INTO exam_passes (user_id, quiz_id, attempt_id, kind, course_id, module_id, level_id, score_percent, passed_at)
  SELECT done.user_id, done.quiz_id, done.id, $11::varchar, $12::int, $13::int, $14::int, done.score_percent, done.submitted_at
  FROM done WHERE done.passed
  ON CONFLICT DO NOTHING
  RETURNING user_id, quiz_id, score_percent
), queued AS (
  INSERT INTO exam_pass_effects (user_id, quiz_id, score_percent)
  SELECT user_id, quiz_id, score_percent FROM pass
  RETURNING user_id
), learned AS (
  ${learnedInAttempt("$15")}
)
SELECT done.*, EXISTS (SELECT 1 FROM queued) AS first_pass, (${ATTEMPTS_LEFT_OF_DONE}) AS attempts_left
FROM done`;

/** The statements that write an attempt found by its id (their plans are tested). */
export const attemptWrites = { SAVE_ANSWER, FINALIZE, FINALIZE_EXAM };

export async function storeExamGrade(
  db: Db,
  attemptId: number,
  version: string,
  fields: GradedFields,
  pass: { kind: "module" | "level"; courseId: number; moduleId: number | null; levelId: number | null },
  learnedSeconds: number,
): Promise<{ row: AttemptRow; firstPass: boolean; attemptsLeft: number } | null> {
  const [raw] = await runNamed<RawAttempt & { first_pass: boolean; attempts_left: number }>(
    db,
    "quiz_finalize_exam",
    FINALIZE_EXAM,
    [
      attemptId,
      version,
      ...gradeParams(fields),
      pass.kind,
      pass.courseId,
      pass.moduleId,
      pass.levelId,
      learnedSeconds,
    ],
  );
  return raw ? { row: toRow(raw), firstPass: raw.first_pass, attemptsLeft: raw.attempts_left } : null;
}

/** Every statement of this file by the name it is prepared under (their text is snapshotted). */
export const attemptStatements = {
  quiz_start_paid: START_PAID,
  quiz_start_refused: START_REFUSED,
  quiz_start_free: START_FREE,
  quiz_save_answer: SAVE_ANSWER,
  quiz_extend: EXTEND,
  quiz_read_attempt: READ_ATTEMPT,
  quiz_finalize: FINALIZE,
  quiz_finalize_exam: FINALIZE_EXAM,
};
