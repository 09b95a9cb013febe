/**
 * The attempt: instructions, start (atomic, resumable), answers saved as given before the deadline,
 * submission, results. The server owns the clock: the deadline is fixed at start (the quiz's limit
 * times the learner's accommodation, accommodations.service.ts) and only moves later when the learner
 * asks for more time in a practice quiz; a late submit is graded as at the deadline. Grading itself, and the deadline's jobs, are in
 * attempts.finalize.ts.
 */
import {
  type AttemptBody,
  type AttemptResult,
  type LanguageCode,
  type QuizAnswer,
  type QuizInstructions,
  type QuizKind,
  quizLimits,
  timeFactors,
} from "@aprendo/contract";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { isExamOpen } from "../catalog/exams.service";
import { loadLearnerState, loadOutline } from "../catalog/outline.service";
import type { Deps } from "../context";
import type { Db, DbOrTx } from "../db/client";
import { examAccesses, quizAttempts } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { isLearner } from "../http/policy";
import { canTakeLectureQuiz } from "../learning/lecture.service";
import { localized } from "../lib/text";
import { accommodationOf, attemptTiming } from "./accommodations.service";
import { drawQuestions, newOptionSeed } from "./attempts.draw";
import { type AttemptRow, finalize } from "./attempts.finalize";
import { answersShown, hiddenNote } from "./attempts.reveal";
import {
  extendAttempt as extendStored,
  insertFreeAttempt,
  insertPaidAttempt,
  paidStartRefusal,
  readAttempt,
  storeAnswer,
  type VersionedAttempt,
} from "./attempts.sql";
import {
  loadQuestions,
  loadQuiz,
  nextStepOf,
  ownerRef,
  placeOf,
  publishedQuizOf,
  type QuizPlace,
  type QuizRow,
  quizTitle,
} from "./quizzes.place";
import {
  type ChoiceOrder,
  checkAnswer,
  correctAnswerOf,
  explanationOf,
  learnerView,
  type QuestionRow,
} from "./quizzes.questions";

type Translate = (message: string) => string;
type Ctx = {
  deps: Pick<Deps, "db" | "jobs" | "log">;
  user: CurrentUser;
  language: LanguageCode;
  t: Translate;
};

const remainingSeconds = (deadline: Date, now = Date.now()) =>
  Math.max(0, Math.ceil((deadline.getTime() - now) / 1000));

/**
 * May this learner take this quiz? A lecture quiz: entitled, past the lecture's lock and the whole
 * video watched (403 "watch the video before the quiz"). An exam: enrolled in the title; whether
 * the outline's lock has opened it is answered (`open`), since a running attempt may still resume.
 */
async function gate(db: Db, user: CurrentUser, quiz: QuizRow): Promise<{ open: boolean }> {
  if (!isLearner(user)) throw new AppError("forbidden");
  if (quiz.kind === "lecture") {
    if (!(await canTakeLectureQuiz(db, user, quiz.lectureId!)))
      throw new AppError("forbidden", "lecture.watchVideoFirst");
    return { open: true };
  }
  const [outline, state] = await Promise.all([
    loadOutline(db, quiz.courseId),
    loadLearnerState(db, user.id, quiz.courseId),
  ]);
  if (!state.enrolment) throw new AppError("forbidden", "quizzes.notEnrolled");
  // The title page's rule (catalog/exams.service.ts), so the server refuses what the page shows locked.
  const ownerId = (quiz.moduleId ?? quiz.levelId)!;
  return { open: isExamOpen(outline, { kind: quiz.kind, ownerId }, state.progress) };
}

/** The order of an attempt's choices (see ChoiceOrder). */
const choiceOrderOf = (row: AttemptRow): ChoiceOrder =>
  row.optionSeed !== null ? { seed: row.optionSeed, options: true } : { seed: row.id, options: false };

/** Attempts left on a learner's exam accesses, and whether any access was ever held. */
async function accessState(db: DbOrTx, userId: number, quizId: number) {
  const [row] = await db
    .select({
      left: sql<number>`coalesce(sum(${quizLimits.attemptsPerAccess} - ${examAccesses.attemptsUsed}) filter (where ${examAccesses.revokedAt} is null), 0)::int`,
      held: sql<number>`count(*)::int`,
    })
    .from(examAccesses)
    .where(and(eq(examAccesses.userId, userId), eq(examAccesses.quizId, quizId)));
  return { left: row?.left ?? 0, held: (row?.held ?? 0) > 0 };
}

const attemptsLeftOf = async (db: Db, quiz: QuizRow, userId: number) =>
  quiz.isPaid ? (await accessState(db, userId, quiz.id)).left : null;

function cartItem(quiz: QuizRow, place: QuizPlace, language: LanguageCode) {
  return {
    type: "exam_accesses" as const,
    id: quiz.id,
    name: quizTitle(quiz, place, language),
    price: quiz.pricePence / 100,
    course_id: quiz.courseId,
    ...(quiz.moduleId ? { course_module_id: quiz.moduleId } : {}),
    ...(quiz.levelId ? { course_level_id: quiz.levelId } : {}),
  };
}

async function inProgressOf(ctx: Ctx, quizId: number): Promise<AttemptRow | null> {
  const [row] = await ctx.deps.db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, ctx.user.id),
        eq(quizAttempts.quizId, quizId),
        eq(quizAttempts.status, "in_progress"),
      ),
    );
  if (row && row.deadlineAt.getTime() <= Date.now()) {
    await finalize(ctx.deps, row.id, "deadline");
    return null;
  }
  return row ?? null;
}

export async function quizInstructions(ctx: Ctx, kind: QuizKind, ownerId: number): Promise<QuizInstructions> {
  const { db } = ctx.deps;
  const quiz = await publishedQuizOf(db, kind, ownerId);
  const { open } = await gate(db, ctx.user, quiz);
  const [questions, place, current, access, accommodation] = await Promise.all([
    loadQuestions(db, quiz.id),
    placeOf(db, quiz),
    inProgressOf(ctx, quiz.id),
    quiz.isPaid ? accessState(db, ctx.user.id, quiz.id) : Promise.resolve(null),
    accommodationOf(db, ctx.user.id),
  ]);
  const timing = attemptTiming(quiz, accommodation);
  const mine = and(
    eq(quizAttempts.userId, ctx.user.id),
    eq(quizAttempts.quizId, quiz.id),
    ne(quizAttempts.status, "in_progress"),
  );
  const [[last], [ever]] = await Promise.all([
    db
      .select({
        id: quizAttempts.id,
        status: quizAttempts.status,
        scorePercent: quizAttempts.scorePercent,
        passed: quizAttempts.passed,
        submittedAt: quizAttempts.submittedAt,
      })
      .from(quizAttempts)
      .where(mine)
      .orderBy(desc(quizAttempts.id))
      .limit(1),
    db
      .select({ passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)` })
      .from(quizAttempts)
      .where(mine),
  ]);
  const attemptsLeft = access ? access.left : null;
  const locked = !open && current === null;
  const canStart = !locked && (current !== null || !quiz.isPaid || (attemptsLeft ?? 0) > 0);
  const blockedCode = canStart ? null : locked ? "locked" : access?.held ? "buy_exam_again" : "buy_exam";
  const passed = Boolean(ever?.passed);
  // Passed with every attempt used: the exam is done, so nothing is offered for sale (buying it again
  // could only repeat a pass) and the page says so instead of "buy the exam again".
  const done = passed && blockedCode === "buy_exam_again";
  return {
    quiz_id: quiz.id,
    kind: quiz.kind,
    owner: ownerRef(place, ctx.language),
    course: { id: quiz.courseId, title: localized(ctx.language, place.course.titleEn, place.course.titleEs) },
    title: quizTitle(quiz, place, ctx.language),
    instructions: localized(ctx.language, quiz.instructionsEn, quiz.instructionsEs),
    time_limit_seconds: timing.timed ? timing.limitSeconds : 0,
    timed: timing.timed,
    time_factor_percent: timing.factorPercent,
    question_count: Math.min(questions.length, quiz.questionsPerAttempt ?? questions.length),
    pass_mark_percent: quiz.passMarkPercent,
    is_paid: quiz.isPaid,
    price_pence: quiz.pricePence,
    currency: quiz.currency,
    attempts_per_access: quiz.isPaid ? quizLimits.attemptsPerAccess : null,
    attempts_left: attemptsLeft,
    can_start: canStart && questions.length > 0,
    blocked_reason: done
      ? ctx.t("quizzes.examPassedDone")
      : blockedCode
        ? ctx.t(blockedMessage[blockedCode])
        : null,
    blocked_code: blockedCode,
    in_progress: current
      ? {
          attempt_id: current.id,
          deadline_at: current.deadlineAt.toISOString(),
          remaining_seconds: remainingSeconds(current.deadlineAt),
        }
      : null,
    last_result: last
      ? {
          attempt_id: last.id,
          status: last.status,
          score_percent: last.scorePercent ?? 0,
          passed: Boolean(last.passed),
          submitted_at: (last.submittedAt ?? new Date()).toISOString(),
        }
      : null,
    passed,
    purchase:
      quiz.isPaid && !done
        ? { cart_item: cartItem(quiz, place, ctx.language), price_pence: quiz.pricePence }
        : null,
    server_time: new Date().toISOString(),
  };
}

const blockedMessage = {
  locked: "quizzes.examLocked",
  buy_exam: "quizzes.buyExam",
  buy_exam_again: "quizzes.buyExamAgain",
} as const;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === "23505" ||
  (error as { cause?: { code?: string } })?.cause?.code === "23505";

/**
 * Starts an attempt in ONE statement (attempts.sql.ts). A paid exam checks the enrolment and takes
 * one attempt from an exam access with a conditional UPDATE (`attempts_used < 2`, never above) in the
 * same statement as the INSERT, so when the unique partial index (one in-progress attempt per
 * learner and quiz) refuses the INSERT, the whole statement fails and the access is untouched.
 * Returns the new row, "running" when an attempt is in progress, or throws: 403 not enrolled,
 * "buy the exam" when no access has an attempt left.
 */
async function insertAttempt(
  ctx: Ctx,
  quiz: QuizRow,
  draw: { questionIds: number[]; optionSeed: number | null },
  startedAt: Date,
  timing: { timed: boolean; deadlineAt: Date },
): Promise<AttemptRow | "running"> {
  const { timed, deadlineAt } = timing;
  const { questionIds, optionSeed } = draw;
  const { db } = ctx.deps;
  const userId = ctx.user.id;
  let inserted: { id: number; examAccessId: number | null };
  try {
    if (!quiz.isPaid) {
      const row = await insertFreeAttempt(db, {
        userId,
        quizId: quiz.id,
        questionIds,
        optionSeed,
        startedAt,
        deadlineAt,
        timed,
      });
      inserted = { id: row.id, examAccessId: null };
    } else {
      const row = await insertPaidAttempt(db, {
        userId,
        quizId: quiz.id,
        courseId: quiz.courseId,
        questionIds,
        optionSeed,
        startedAt,
        deadlineAt,
        timed,
      });
      if (!row) {
        // Nothing taken: not enrolled (403), a running attempt is resumed, else buy the exam (again).
        const why = await paidStartRefusal(db, userId, quiz.id, quiz.courseId);
        if (!why.enrolled) throw new AppError("forbidden", "quizzes.notEnrolled");
        if (why.running) return "running";
        throw new AppError("conflict", why.held ? "quizzes.buyExamAgain" : "quizzes.buyExam");
      }
      inserted = row;
    }
  } catch (error) {
    if (isUniqueViolation(error)) return "running";
    throw error;
  }
  return {
    id: inserted.id,
    userId,
    quizId: quiz.id,
    examAccessId: inserted.examAccessId,
    questionIds,
    optionSeed,
    startedAt,
    deadlineAt,
    timed,
    extensionsUsed: 0,
    submittedAt: null,
    status: "in_progress",
    scorePercent: null,
    points: null,
    maxPoints: null,
    passed: null,
    answers: {},
    results: null,
    updatedAt: startedAt,
  };
}

/**
 * Starts an attempt, or resumes the one in progress. One statement (insertAttempt): the insert is
 * guarded by the unique partial index (one in-progress attempt per learner and quiz; a concurrent
 * start waits and then finds it), and a paid exam takes one attempt from an exam access with ONE
 * conditional UPDATE (`attempts_used < 2`) in the same statement, so no race can make a third
 * attempt. The deadline is fixed here.
 */
export async function startAttempt(
  ctx: Ctx,
  kind: QuizKind,
  ownerId: number,
): Promise<{ attempt: AttemptBody; created: boolean }> {
  const { db } = ctx.deps;
  const quiz = await publishedQuizOf(db, kind, ownerId);
  if (!isLearner(ctx.user)) throw new AppError("forbidden");
  // Enrolment, the lecture's video or the exam's lock, before anything is taken (the paid start
  // statement checks the enrolment again, atomically with the attempt it takes).
  // The learner's accommodation is read beside the gate (one more round trip, not one more wait).
  const [{ open }, accommodation] = await Promise.all([
    gate(db, ctx.user, quiz),
    accommodationOf(db, ctx.user.id),
  ]);
  if (!open) {
    // A locked exam starts nothing and takes no attempt; one already running may still resume.
    const running = await inProgressOf(ctx, quiz.id);
    if (!running) throw new AppError("forbidden", "quizzes.examLocked");
    rememberHead(db, running);
    return { attempt: { ...(await presentAttempt(ctx, running, quiz)), resumed: true }, created: false };
  }
  const questions = await loadQuestions(db, quiz.id);
  if (questions.length === 0) throw new AppError("not_found", "quizzes.notAvailable");
  const startedAt = new Date();
  const timing = attemptTiming(quiz, accommodation);
  const deadline = {
    timed: timing.timed,
    deadlineAt: new Date(startedAt.getTime() + timing.limitSeconds * 1000),
  };
  // Drawn per attempt and stored with it: a pool takes `questions_per_attempt` of them; an exam
  // shuffles its questions and their options, a free lecture quiz keeps the author's order.
  const ids = questions.map((q) => q.id);
  const drawn = drawQuestions(ids, quiz.questionsPerAttempt);
  const draw =
    quiz.kind === "lecture"
      ? { questionIds: ids.filter((id) => drawn.includes(id)), optionSeed: null }
      : { questionIds: drawn, optionSeed: newOptionSeed() };
  // Optimistic: try to start at once; only when an attempt is already running (the unique index
  // answers) is it looked up: an overdue one is graded (then start again), a live one is resumed.
  let first = await insertAttempt(ctx, quiz, draw, startedAt, deadline);
  if (first === "running" && (await inProgressOf(ctx, quiz.id)) === null)
    first = await insertAttempt(ctx, quiz, draw, startedAt, deadline);
  const created: AttemptRow | null = first === "running" ? null : first;

  // The server submits at the deadline even if the browser is gone (and lazily on any read, and by
  // the minute sweep if the job is lost), so the start does not wait for the queue.
  if (created) scheduleExpiry(ctx.deps, created.deadlineAt);
  const row = created ?? (await inProgressOf(ctx, quiz.id));
  if (!row) throw new AppError("conflict", "quizzes.timerExpired");
  rememberHead(db, row);
  const attempt = await presentAttempt(ctx, row, quiz);
  return { attempt: { ...attempt, resumed: created === null }, created: created !== null };
}

/**
 * Queues the grading of attempts due at `deadlineAt`: one "quiz.expire-due" job per second of
 * deadlines (a second after it), sent once per node and second, not once per attempt; it grades
 * every attempt whose deadline has passed (expireOverdue), so each is submitted within about two
 * seconds of its deadline. A burst of starts in the same second shares one job.
 */
function scheduleExpiry(deps: Pick<Deps, "jobs" | "log">, deadlineAt: Date) {
  const at = Math.ceil(deadlineAt.getTime() / 1000) + 1;
  void deps.jobs
    .send(
      "quiz.expire-due",
      { at },
      {
        startAfterSeconds: Math.max(1, at - Math.floor(Date.now() / 1000)),
        singletonKey: `quiz-expire-due-${at}`,
        once: true,
      },
    )
    .catch((error: unknown) => {
      // The attempt still ends: its deadline is checked when it is next read.
      deps.log.error({ err: error, job: "quiz.expire-due", at }, "attempt expiry not queued");
    });
}

async function ownAttempt(ctx: Ctx, attemptId: number): Promise<VersionedAttempt> {
  const read = await readAttempt(ctx.deps.db, attemptId, ctx.user.id);
  if (!read) throw new AppError("not_found", "quizzes.attemptNotFound");
  return read;
}

/** The attempt as stored, graded first when its deadline has passed. */
async function currentAttempt(ctx: Ctx, attemptId: number): Promise<AttemptRow> {
  const read = await ownAttempt(ctx, attemptId);
  const { row } = read;
  if (row.status === "in_progress" && row.deadlineAt.getTime() <= Date.now()) {
    const done = await finalize(ctx.deps, attemptId, "deadline", read);
    return done?.row ?? (await ownAttempt(ctx, attemptId)).row;
  }
  return row;
}

/**
 * The extra-time factor this attempt started with (read from the attempt itself, so a later change of
 * the accommodation does not relabel a running attempt): its limit without the practice extensions,
 * over the quiz's limit, to the nearest factor offered; null without extra time.
 */
function factorOf(row: AttemptRow, quiz: QuizRow): number | null {
  if (!row.timed) return null;
  const limit =
    (row.deadlineAt.getTime() - row.startedAt.getTime()) / 1000 -
    row.extensionsUsed * quizLimits.practiceExtensionSeconds;
  const percent = (limit / quiz.timeLimitSeconds) * 100;
  const nearest = timeFactors.reduce((a, b) => (Math.abs(b - percent) < Math.abs(a - percent) ? b : a));
  return nearest > 100 ? nearest : null;
}

async function presentAttempt(ctx: Ctx, row: AttemptRow, quiz: QuizRow): Promise<AttemptBody> {
  const { db } = ctx.deps;
  const [questions, place] = await Promise.all([loadQuestions(db, quiz.id), placeOf(db, quiz)]);
  const open = row.status === "in_progress";
  const byId = new Map(questions.map((q) => [q.id, q]));
  const shown = row.questionIds.map((id) => byId.get(id)).filter((q): q is QuestionRow => q !== undefined);
  const now = Date.now();
  return {
    id: row.id,
    quiz_id: quiz.id,
    kind: quiz.kind,
    owner: ownerRef(place, ctx.language),
    course_id: quiz.courseId,
    title: quizTitle(quiz, place, ctx.language),
    status: row.status,
    started_at: row.startedAt.toISOString(),
    deadline_at: row.deadlineAt.toISOString(),
    remaining_seconds: open ? remainingSeconds(row.deadlineAt, now) : 0,
    time_limit_seconds: row.timed
      ? Math.round((row.deadlineAt.getTime() - row.startedAt.getTime()) / 1000)
      : 0,
    timed: row.timed,
    time_factor_percent: factorOf(row, quiz),
    extensions_left:
      open && row.timed && quiz.kind === "lecture"
        ? Math.max(0, quizLimits.practiceExtensionsMax - row.extensionsUsed)
        : null,
    server_time: new Date(now).toISOString(),
    question_count: shown.length,
    answered_count: shown.filter((q) => row.answers[String(q.id)] !== undefined).length,
    questions: shown.map((q, index) =>
      learnerView(q, ctx.language, index + 1, choiceOrderOf(row), place.course.language),
    ),
    answers: row.answers as Record<string, QuizAnswer>,
  };
}

export async function getAttempt(ctx: Ctx, attemptId: number): Promise<AttemptBody> {
  const row = await currentAttempt(ctx, attemptId);
  const quiz = await loadQuiz(ctx.deps.db, row.quizId);
  if (!quiz) throw new AppError("not_found", "quizzes.attemptNotFound");
  return presentAttempt(ctx, row, quiz);
}

const closedError = (row: AttemptRow) =>
  row.status === "submitted"
    ? new AppError("conflict", "quizzes.alreadySubmitted")
    : new AppError("conflict", "quizzes.timerExpired");

/**
 * Saves one answer as given. The UPDATE itself requires the attempt to be in progress and before
 * its deadline, so no answer is ever stored after it ("Quiz timer has expired", 409).
 */
/**
 * What never changes in an attempt once started (owner, quiz, questions drawn) and its deadline, kept
 * in a small in-process map so each answer save reads no attempt row: the UPDATE below re-checks the
 * status and the deadline itself. Safe across nodes: a deadline only ever moves later (more time in
 * a practice quiz), so a stale copy can only make a save read the row again, never store a late one.
 */
type AttemptHead = Pick<AttemptRow, "userId" | "quizId" | "questionIds" | "deadlineAt">;
// One map per database: attempt ids are only unique within one, and a process may serve several
// (the API tests run many test files, each on its own database, in one worker).
const headsByDb = new WeakMap<Db, Map<number, AttemptHead>>();
const HEADS_MAX = 20_000;

function headsOf(db: Db): Map<number, AttemptHead> {
  let heads = headsByDb.get(db);
  if (!heads) {
    heads = new Map();
    headsByDb.set(db, heads);
  }
  return heads;
}

function rememberHead(db: Db, row: AttemptRow) {
  const heads = headsOf(db);
  if (heads.size >= HEADS_MAX) heads.delete(heads.keys().next().value!);
  heads.set(row.id, {
    userId: row.userId,
    quizId: row.quizId,
    questionIds: row.questionIds,
    deadlineAt: row.deadlineAt,
  });
}

export async function saveAnswer(ctx: Ctx, attemptId: number, questionId: number, answer: QuizAnswer) {
  const { db } = ctx.deps;
  let head: AttemptHead | undefined = headsOf(db).get(attemptId);
  if (!head || head.deadlineAt.getTime() <= Date.now()) {
    const row = await currentAttempt(ctx, attemptId);
    if (row.status !== "in_progress") throw closedError(row);
    rememberHead(db, row);
    head = row;
  }
  if (head.userId !== ctx.user.id) throw new AppError("not_found", "quizzes.attemptNotFound");
  if (!head.questionIds.includes(questionId)) throw new AppError("not_found", "quizzes.questionNotInAttempt");
  const question = (await loadQuestions(db, head.quizId)).find((q) => q.id === questionId);
  if (!question) throw new AppError("not_found", "quizzes.questionNotInAttempt");
  const problem = checkAnswer(question.content, answer);
  if (problem) throw AppError.field("answer", problem);

  const now = new Date();
  const saved = await storeAnswer(db, { attemptId, userId: ctx.user.id, questionId, answer, at: now });
  if (!saved) {
    const after = await currentAttempt(ctx, attemptId);
    throw closedError(after.status === "in_progress" ? { ...after, status: "expired" } : after);
  }
  return {
    message: ctx.t("quizzes.saved"),
    remaining_seconds: remainingSeconds(saved.deadlineAt, now.getTime()),
    answered_count: saved.answered,
  };
}

/**
 * "More time, please" in a timed practice quiz: the deadline moves later by five minutes, up to three
 * times (one guarded UPDATE, attempts.sql.ts); 409 on an exam, an untimed or closed attempt, or
 * none left. The deadline's job is queued again for the new deadline (the old one finds nothing due).
 */
export async function extendAttempt(ctx: Ctx, attemptId: number): Promise<AttemptBody> {
  const row = await currentAttempt(ctx, attemptId);
  if (row.status !== "in_progress") throw closedError(row);
  const extended = await extendStored(ctx.deps.db, attemptId, ctx.user.id, new Date());
  if (!extended) {
    const after = await currentAttempt(ctx, attemptId);
    if (after.status !== "in_progress") throw closedError(after);
    throw new AppError("conflict", "quizzes.noMoreTime");
  }
  scheduleExpiry(ctx.deps, extended.deadlineAt);
  rememberHead(ctx.deps.db, extended);
  const quiz = await loadQuiz(ctx.deps.db, extended.quizId);
  if (!quiz) throw new AppError("not_found", "quizzes.attemptNotFound");
  return presentAttempt(ctx, extended, quiz);
}

export async function submitAttempt(ctx: Ctx, attemptId: number): Promise<AttemptResult> {
  const read = await ownAttempt(ctx, attemptId);
  if (read.row.status !== "in_progress") return attemptResult(ctx, attemptId, read.row);
  const done = await finalize(ctx.deps, attemptId, "learner", read);
  return done ? attemptResult(ctx, attemptId, done.row, done.attemptsLeft) : attemptResult(ctx, attemptId);
}

/** Whether the learner passed this quiz in any attempt (for "show the answers after passing"). */
async function passedBefore(db: Db, userId: number, quizId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(
      and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId), eq(quizAttempts.passed, true)),
    )
    .limit(1);
  return row !== undefined;
}

/** The result; `knownAttemptsLeft` when the grading statement already read it. */
export async function attemptResult(
  ctx: Ctx,
  attemptId: number,
  known?: AttemptRow,
  knownAttemptsLeft?: number | null,
): Promise<AttemptResult> {
  const { db } = ctx.deps;
  const row = known ?? (await currentAttempt(ctx, attemptId));
  if (row.status === "in_progress") throw new AppError("conflict", "quizzes.resultNotReady");
  const quiz = await loadQuiz(db, row.quizId);
  if (!quiz) throw new AppError("not_found", "quizzes.attemptNotFound");
  const [questions, place, attemptsLeft] = await Promise.all([
    loadQuestions(db, quiz.id),
    placeOf(db, quiz),
    knownAttemptsLeft !== undefined ? knownAttemptsLeft : attemptsLeftOf(db, quiz, ctx.user.id),
  ]);
  const mode = quiz.showCorrectAnswers;
  const reveal = answersShown(mode, {
    passed:
      Boolean(row.passed) || (mode === "after_passing" && (await passedBefore(db, ctx.user.id, quiz.id))),
    attemptsLeft,
  });
  return presentResult(ctx, { row, quiz, place, questions, attemptsLeft, reveal });
}

/** The graded attempt as the learner reads it (nothing read here: `attemptResult` loads it all). */
function presentResult(
  ctx: Ctx,
  input: {
    row: AttemptRow;
    quiz: QuizRow;
    place: QuizPlace;
    questions: QuestionRow[];
    attemptsLeft: number | null;
    reveal: boolean;
  },
): AttemptResult {
  const { row, quiz, place, attemptsLeft, reveal } = input;
  const byId = new Map(input.questions.map((q) => [q.id, q]));
  const results = row.results ?? {};
  const shown = row.questionIds.map((id) => byId.get(id)).filter((q): q is QuestionRow => q !== undefined);
  const passed = Boolean(row.passed);
  const mode = quiz.showCorrectAnswers;
  const order = choiceOrderOf(row);
  return {
    attempt_id: row.id,
    quiz_id: quiz.id,
    kind: quiz.kind,
    owner: ownerRef(place, ctx.language),
    course_id: quiz.courseId,
    title: quizTitle(quiz, place, ctx.language),
    status: row.status,
    message: row.status === "expired" ? ctx.t("quizzes.timerExpired") : null,
    score_percent: row.scorePercent ?? 0,
    passed,
    pass_mark_percent: quiz.passMarkPercent,
    points: Math.round((row.points ?? 0) * 100) / 100,
    max_points: row.maxPoints ?? shown.length,
    correct_count: Object.values(results).filter((r) => r.correct).length,
    question_count: shown.length,
    started_at: row.startedAt.toISOString(),
    submitted_at: (row.submittedAt ?? row.deadlineAt).toISOString(),
    attempts_left: attemptsLeft,
    can_retake: !quiz.isPaid || (attemptsLeft ?? 0) > 0,
    answers_shown: reveal,
    answers_note: reveal || mode === "always" ? null : ctx.t(hiddenNote[mode]),
    // Which questions were wrong is always shown; the right answers, the explanations and which
    // gap or link was right (that narrows the answer down) only when the setting allows.
    questions: shown.map((q, index) => {
      const graded = results[String(q.id)] ?? { points: 0, correct: false };
      return {
        ...learnerView(q, ctx.language, index + 1, order, place.course.language),
        given: (row.answers[String(q.id)] as QuizAnswer | undefined) ?? null,
        correct: graded.correct,
        points: Math.round(graded.points * 100) / 100,
        ...(reveal && graded.parts ? { parts: graded.parts } : {}),
        correct_answer: reveal ? correctAnswerOf(q, ctx.language) : null,
        explanation: reveal ? explanationOf(q, ctx.language) : null,
      };
    }),
    next_step: nextStepOf(quiz, place, { passed, attemptsLeft }, ctx.language),
  };
}
