/**
 * Quizzes and exams: lecture quizzes (free, unlimited retakes), module and level exams
 * (paid: one exam access = two attempts), four question types, a server-owned timer, results with
 * explanations, authoring, CSV bulk upload and access management.
 *
 * The server owns the clock: an attempt's deadline is fixed at start; `remaining_seconds` is
 * computed by the server on every read; saves after the deadline answer 409 "Quiz timer has
 * expired"; at the deadline the server submits the attempt itself (unanswered = incorrect).
 * Correct answers never appear in an attempt payload before it is submitted.
 *
 * Learner (role 1). `{owner}` is `lectures/:id`, `course-modules/:id` or `course-levels/:id`:
 *   GET  /iu/{owner}/quiz                         instructions: limits, attempts left, attempt in
 *                                                 progress (remaining seconds), last result, purchase
 *                                                 (403 "watch the video before the quiz" on a lecture)
 *   POST /iu/{owner}/quiz/attempt                 start, or resume the attempt in progress (201 / 200)
 *                                                 409 "buy the exam again" without an exam access left
 *   GET  /iu/quiz-attempts/:id                    the attempt: questions without answers, saved answers,
 *                                                 remaining seconds (an overdue attempt is graded first)
 *   PUT  /iu/quiz-attempts/:id/answers/:questionId  save one answer (409 after the deadline)
 *   POST /iu/quiz-attempts/:id/extend             a timed practice quiz: 5 more minutes, up to 3 times
 *                                                 (409 on an exam, an untimed attempt or none left)
 *   POST /iu/quiz-attempts/:id/submit             grade now (late: graded as at the deadline)
 *   GET  /iu/quiz-attempts/:id/result             score, passed, per question correctness and
 *                                                 explanations, next step (409 before submission)
 * Authoring (role 3+, isCourseManager):
 *   GET  /af/quizzes?course_id                    quizzes of a title
 *   POST /af/quizzes                              create on a lecture, module or level
 *   GET|PATCH|DELETE /af/quizzes/:id              with questions and answers (both languages)
 *   GET  /af/quizzes/:id/preview                  as the learner sees it, in the request language, with answers
 *   POST /af/quizzes/:id/questions                add a question (any of the four types)
 *   PUT  /af/quizzes/:id/questions/order          reorder
 *   PATCH|DELETE /af/quiz-questions/:id
 *   POST /af/quizzes/bulk-upload                  multipart CSV (isAbleToBulkUploadQuizzes): all or nothing,
 *                                                 422 with a line-by-line report (see quizCsvColumns)
 * Access management (role 3+, isUserManager or isCourseManager), each change recorded in the audit trail:
 *   GET  /af/access-management/learners?q         find a learner (username, email, name)
 *   GET|POST /af/course-access-management         enrolments (search) / grant a title (source admin)
 *   POST /af/course-access-management/:id/revoke  revoke an enrolment, with a reason
 *   GET|POST /af/exam-access-management           exam accesses (search) / grant extra exam attempts
 *   POST /af/exam-access-management/:id/revoke    revoke an exam access, with a reason
 *   GET  /af/access-management/audit?user_id&q    the audit trail, newest first
 * Accessibility accommodations (role 3+, isUserManager), recorded in the audit log (WCAG 2.2.1):
 *   GET|PUT /af/users/:id/accommodation           extra time (x1, x1.25, x1.5, x2) on every timed
 *                                                 attempt, exams too, and no limit on practice quizzes
 */
import { z } from "zod";
import { MB } from "../domain/constants";
import { pageQuery, paginated } from "./common";
import { idParam, msg, text } from "./validators";

export const quizLimits = {
  timeLimitMinSeconds: 30,
  timeLimitMaxSeconds: 4 * 60 * 60,
  /** A paid exam access allows this many attempts; then the exam must be bought again. */
  attemptsPerAccess: 2,
  questionTextMax: 2_000,
  explanationMax: 2_000,
  choiceMax: 300,
  optionsMin: 2,
  optionsMax: 10,
  gapsMax: 10,
  acceptedMax: 10,
  pairsMin: 2,
  pairsMax: 12,
  distractorsMax: 6,
  typedAnswerMax: 200,
  questionsMax: 200,
  bulkFileMaxBytes: 2 * MB,
  bulkLinesMax: 2_000,
  priceMaxPence: 100_000,
  reasonMin: 5,
  reasonMax: 500,
  /** A learner may ask for this much more time in a timed practice quiz, this many times. */
  practiceExtensionSeconds: 5 * 60,
  practiceExtensionsMax: 3,
  /** An untimed attempt is still closed (graded as it stands) after a day. */
  untimedWindowSeconds: 24 * 60 * 60,
} as const;

/** The accommodation's time factors, in percent of the limit. */
export const timeFactors = [100, 125, 150, 200] as const;
export type TimeFactor = (typeof timeFactors)[number];

export const quizKinds = ["lecture", "module", "level"] as const;
export const quizKind = z.enum(quizKinds);
export type QuizKind = z.infer<typeof quizKind>;
export const questionTypes = ["single", "multiple", "missing_word", "word_linking"] as const;
export const questionType = z.enum(questionTypes);
export type QuestionType = z.infer<typeof questionType>;
export const attemptStatuses = ["in_progress", "submitted", "expired"] as const;
export const attemptStatus = z.enum(attemptStatuses);
export type AttemptStatus = z.infer<typeof attemptStatus>;
export const quizStatuses = ["draft", "published"] as const;
export const quizStatus = z.enum(quizStatuses);
/**
 * When a learner's result shows the correct answers (and explanations): never, once the learner has
 * passed, once no attempt is left (a paid exam's accesses used up), or always. Defaults: "always"
 * for free lecture quizzes, "after_last_attempt" for module and level exams (revealDefault).
 */
export const revealModes = ["never", "after_passing", "after_last_attempt", "always"] as const;
export const revealMode = z.enum(revealModes, { error: msg.oneOf });
export type RevealMode = z.infer<typeof revealMode>;
export const revealDefault = (kind: QuizKind): RevealMode =>
  kind === "lecture" ? "always" : "after_last_attempt";

/** The gap marker of a missing-word question: `[[1]]`, `[[2]]`... in both languages. */
export const gapMarker = /\[\[(\d{1,2})\]\]/g;

const id = z.number().int().positive();
const choiceId = z.string().min(1).max(40);

// ---------------------------------------------------------------- answers (learner -> server)

export const quizAnswer = z.discriminatedUnion("type", [
  z.object({ type: z.literal("single"), option_id: choiceId.nullable() }),
  z.object({ type: z.literal("multiple"), option_ids: z.array(choiceId).max(quizLimits.optionsMax) }),
  /** Per gap id ("1", "2"...): the chosen option id, or the typed word. */
  z.object({
    type: z.literal("missing_word"),
    gaps: z.record(z.string().max(3), z.string().max(quizLimits.typedAnswerMax)),
  }),
  /** Per left item id: the right item id it is linked to. */
  z.object({ type: z.literal("word_linking"), matches: z.record(choiceId, choiceId) }),
]);
export type QuizAnswer = z.infer<typeof quizAnswer>;
export const saveAnswerBody = z.object({ answer: quizAnswer });
export const attemptParams = z.object({ id: idParam });
export const answerSaved = z.object({
  message: z.string(),
  remaining_seconds: z.number().int(),
  answered_count: z.number().int(),
});
export const answerParams = z.object({ id: idParam, questionId: idParam });

// ---------------------------------------------------------------- learner views

/**
 * `lang`: the language the text is written in, sent only when it is not the interface language
 * (WCAG 3.1.2): the other language when the field fell back to it, or the title's taught language
 * when the author wrote the same words in both (e.g. "Buenos días" in a Spanish course).
 */
const contentLang = z.enum(["en", "es"]).optional();
const choiceView = z.object({ id: z.string(), text: z.string(), lang: contentLang });
/** A question as a learner sees it during an attempt: no correct answer anywhere. */
export const questionView = z.object({
  id,
  position: z.number().int(),
  type: questionType,
  /** For missing_word, with the gaps written [[1]], [[2]]... */
  text: z.string(),
  /** The text's language when it is not the interface language (see choiceView). */
  lang: contentLang,
  /** single and multiple */
  options: z.array(choiceView).optional(),
  /** multiple: how many options are correct ("choose 2") */
  select_count: z.number().int().optional(),
  /** missing_word: each gap, to choose from options or to type */
  gaps: z
    .array(
      z.object({ id: z.string(), mode: z.enum(["choose", "type"]), options: z.array(choiceView).optional() }),
    )
    .optional(),
  /** word_linking: link each left item to one right item (right items shuffled, may include extras) */
  left: z.array(choiceView).optional(),
  right: z.array(choiceView).optional(),
});
export type QuestionView = z.infer<typeof questionView>;

const ownerRef = z.object({ kind: quizKind, id, title: z.string() });
export type QuizOwnerRef = z.infer<typeof ownerRef>;

/** An exam access in the cart (spec section 3 cart item, type exam_accesses); price in pounds. */
export const examCartItem = z.object({
  type: z.literal("exam_accesses"),
  /** The quiz id. */
  id,
  name: z.string(),
  price: z.number(),
  course_module_id: id.optional(),
  course_level_id: id.optional(),
  course_id: id,
});
export type ExamCartItem = z.infer<typeof examCartItem>;

export const lastResult = z.object({
  attempt_id: id,
  status: attemptStatus,
  score_percent: z.number().int(),
  passed: z.boolean(),
  submitted_at: z.string(),
});

export const quizInstructions = z.object({
  quiz_id: id,
  kind: quizKind,
  owner: ownerRef,
  course: z.object({ id, title: z.string() }),
  title: z.string(),
  instructions: z.string(),
  /** The limit this learner gets: the quiz's, times their accommodation's factor. */
  time_limit_seconds: z.number().int(),
  /** False: no time limit (an untimed practice quiz, or the learner's accommodation). */
  timed: z.boolean(),
  /** The learner's extra-time factor in percent (125, 150, 200); null without one. */
  time_factor_percent: z.number().int().nullable(),
  question_count: z.number().int(),
  pass_mark_percent: z.number().int(),
  is_paid: z.boolean(),
  price_pence: z.number().int(),
  currency: z.string(),
  /** 2 for paid exams, null (unlimited) for lecture quizzes. */
  attempts_per_access: z.number().int().nullable(),
  /** Attempts left on the learner's exam accesses; null when unlimited. */
  attempts_left: z.number().int().nullable(),
  can_start: z.boolean(),
  /** Why a start would be refused (translated), e.g. "Buy the exam again..."; null when it can start. */
  blocked_reason: z.string().nullable(),
  /** `locked`: the exam opens when every lecture it covers is completed (as the title page shows). */
  blocked_code: z.enum(["buy_exam", "buy_exam_again", "locked"]).nullable(),
  in_progress: z
    .object({ attempt_id: id, deadline_at: z.string(), remaining_seconds: z.number().int() })
    .nullable(),
  last_result: lastResult.nullable(),
  /** Passed at least once. */
  passed: z.boolean(),
  /** What to put in the cart to (re)buy the exam; null for free quizzes. */
  purchase: z.object({ cart_item: examCartItem, price_pence: z.number().int() }).nullable(),
  server_time: z.string(),
});
export type QuizInstructions = z.infer<typeof quizInstructions>;

export const attemptBody = z.object({
  id,
  quiz_id: id,
  kind: quizKind,
  owner: ownerRef,
  course_id: id,
  title: z.string(),
  status: attemptStatus,
  started_at: z.string(),
  deadline_at: z.string(),
  /** Seconds left, computed by the server from the deadline (0 once over). */
  remaining_seconds: z.number().int(),
  time_limit_seconds: z.number().int(),
  /** False: no time limit; the deadline only closes the attempt after a day. */
  timed: z.boolean(),
  /** The learner's extra-time factor in percent (125, 150, 200); null without one. */
  time_factor_percent: z.number().int().nullable(),
  /** How many more times the learner may ask for more time (practice quizzes); null: never. */
  extensions_left: z.number().int().nullable(),
  server_time: z.string(),
  question_count: z.number().int(),
  answered_count: z.number().int(),
  questions: z.array(questionView),
  /** Saved answers by question id. */
  answers: z.record(z.string(), quizAnswer),
  /** True when this start resumed an attempt already running. */
  resumed: z.boolean().optional(),
});
export type AttemptBody = z.infer<typeof attemptBody>;

export const nextStep = z.object({
  kind: z.enum(["lecture", "module_exam", "level_exam", "retake", "buy_exam_again", "course_complete"]),
  course_id: id,
  lecture_id: id.optional(),
  module_id: id.optional(),
  level_id: id.optional(),
  title: z.string(),
});
export type NextStep = z.infer<typeof nextStep>;

/** The correct answer of a question, in the shape of a learner's answer plus readable words. */
const correctAnswer = z.object({
  answer: quizAnswer,
  /** For typed gaps: the accepted words (in the request language). */
  accepted: z.record(z.string(), z.array(z.string())).optional(),
});

export const questionResult = questionView.extend({
  given: quizAnswer.nullable(),
  correct: z.boolean(),
  /** 0..1: single and multiple score 1 only when fully right; missing word and word linking by part. */
  points: z.number(),
  /** Per gap / per left item: right or wrong (only with the correct answers). */
  parts: z.array(z.object({ id: z.string(), correct: z.boolean() })).optional(),
  /** Null while the quiz's setting hides the correct answers (see `answers_shown`). */
  correct_answer: correctAnswer.nullable(),
  /** Null with the correct answers hidden: an explanation usually gives the answer away. */
  explanation: z.string().nullable(),
});
export type QuestionResult = z.infer<typeof questionResult>;

export const attemptResult = z.object({
  attempt_id: id,
  quiz_id: id,
  kind: quizKind,
  owner: ownerRef,
  course_id: id,
  title: z.string(),
  status: attemptStatus,
  /** "Quiz timer has expired" when the deadline submitted it; null otherwise. */
  message: z.string().nullable(),
  score_percent: z.number().int(),
  passed: z.boolean(),
  pass_mark_percent: z.number().int(),
  points: z.number(),
  max_points: z.number(),
  correct_count: z.number().int(),
  question_count: z.number().int(),
  started_at: z.string(),
  submitted_at: z.string(),
  attempts_left: z.number().int().nullable(),
  can_retake: z.boolean(),
  /** Whether the correct answers and explanations are in `questions` (the quiz's reveal setting). */
  answers_shown: z.boolean(),
  /** Why they are not, translated (e.g. "shown after your last attempt"); null when shown. */
  answers_note: z.string().nullable(),
  questions: z.array(questionResult),
  next_step: nextStep,
});
export type AttemptResult = z.infer<typeof attemptResult>;

// ---------------------------------------------------------------- authoring

const choiceText = text(1, quizLimits.choiceMax);
const optionInput = z.object({
  id: choiceId.optional(),
  text_en: choiceText,
  text_es: choiceText,
  correct: z.boolean(),
});
const explanation = z
  .string()
  .trim()
  .max(quizLimits.explanationMax, { error: msg.max(quizLimits.explanationMax) });
const questionBase = {
  text_en: text(1, quizLimits.questionTextMax),
  text_es: text(1, quizLimits.questionTextMax),
  explanation_en: explanation.default(""),
  explanation_es: explanation.default(""),
  position: z.number().int().min(0).max(100_000).optional(),
};
const options = z
  .array(optionInput)
  .min(quizLimits.optionsMin, { error: msg.min(quizLimits.optionsMin, "entry.items") })
  .max(quizLimits.optionsMax, { error: msg.max(quizLimits.optionsMax, "entry.items") });
const accepted = z
  .array(text(1, quizLimits.typedAnswerMax))
  .min(1, { error: msg.required })
  .max(quizLimits.acceptedMax, { error: msg.max(quizLimits.acceptedMax, "entry.items") });
export const gapInput = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("choose"), options }),
  z.object({ mode: z.literal("type"), accepted_en: accepted, accepted_es: accepted }),
]);
const linkText = text(1, quizLimits.choiceMax);

/** A question of any type, both languages, with its correct answers. Rules beyond shape: see quizzes.authoring. */
export const questionInput = z.discriminatedUnion("type", [
  z.object({ type: z.literal("single"), ...questionBase, options }),
  z.object({ type: z.literal("multiple"), ...questionBase, options }),
  z.object({
    type: z.literal("missing_word"),
    ...questionBase,
    gaps: z
      .array(gapInput)
      .min(1, { error: msg.required })
      .max(quizLimits.gapsMax, { error: msg.max(quizLimits.gapsMax, "entry.items") }),
  }),
  z.object({
    type: z.literal("word_linking"),
    ...questionBase,
    pairs: z
      .array(
        z.object({
          left_id: choiceId.optional(),
          right_id: choiceId.optional(),
          left_en: linkText,
          left_es: linkText,
          right_en: linkText,
          right_es: linkText,
        }),
      )
      .min(quizLimits.pairsMin, { error: msg.min(quizLimits.pairsMin, "entry.items") })
      .max(quizLimits.pairsMax, { error: msg.max(quizLimits.pairsMax, "entry.items") }),
    /** Extra right items that match nothing. */
    distractors: z
      .array(z.object({ id: choiceId.optional(), text_en: linkText, text_es: linkText }))
      .max(quizLimits.distractorsMax, { error: msg.max(quizLimits.distractorsMax, "entry.items") })
      .default([]),
  }),
]);
export type QuestionInput = z.infer<typeof questionInput>;

/** A question as authors see it: the input shape with ids. */
export const adminQuestion = z.object({
  id,
  quiz_id: id,
  position: z.number().int(),
  type: questionType,
  text_en: z.string(),
  text_es: z.string(),
  explanation_en: z.string(),
  explanation_es: z.string(),
  options: z
    .array(z.object({ id: z.string(), text_en: z.string(), text_es: z.string(), correct: z.boolean() }))
    .optional(),
  gaps: z
    .array(
      z.object({
        id: z.string(),
        mode: z.enum(["choose", "type"]),
        options: z
          .array(z.object({ id: z.string(), text_en: z.string(), text_es: z.string(), correct: z.boolean() }))
          .optional(),
        accepted_en: z.array(z.string()).optional(),
        accepted_es: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  pairs: z
    .array(
      z.object({
        left_id: z.string(),
        right_id: z.string(),
        left_en: z.string(),
        left_es: z.string(),
        right_en: z.string(),
        right_es: z.string(),
      }),
    )
    .optional(),
  distractors: z.array(z.object({ id: z.string(), text_en: z.string(), text_es: z.string() })).optional(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;

const quizSettings = {
  title_en: z
    .string()
    .trim()
    .max(160, { error: msg.max(160) })
    .default(""),
  title_es: z
    .string()
    .trim()
    .max(160, { error: msg.max(160) })
    .default(""),
  instructions_en: z
    .string()
    .trim()
    .max(4_000, { error: msg.max(4_000) })
    .default(""),
  instructions_es: z
    .string()
    .trim()
    .max(4_000, { error: msg.max(4_000) })
    .default(""),
  time_limit_seconds: z
    .number({ error: msg.required })
    .int()
    .min(quizLimits.timeLimitMinSeconds, { error: msg.min(quizLimits.timeLimitMinSeconds, "entry.number") })
    .max(quizLimits.timeLimitMaxSeconds, { error: msg.max(quizLimits.timeLimitMaxSeconds, "entry.number") }),
  pass_mark_percent: z
    .number({ error: msg.required })
    .int()
    .min(1, { error: msg.min(1, "entry.number") })
    .max(100, { error: msg.max(100, "entry.number") }),
  /** False: a practice (lecture) quiz without a time limit; exams are always timed (422). Absent: timed. */
  timed: z.boolean().optional(),
  /** Exams only (lecture quizzes are free): the price of one exam access, in pence. */
  price_pence: z
    .number()
    .int()
    .min(0, { error: msg.min(0, "entry.number") })
    .max(quizLimits.priceMaxPence, { error: msg.max(quizLimits.priceMaxPence, "entry.number") })
    .default(0),
  status: quizStatus.default("draft"),
  /** When results show the correct answers; absent on create: revealDefault(kind). */
  show_correct_answers: revealMode.optional(),
  /** A pool: each attempt draws this many questions at random; null or absent: all of them. */
  questions_per_attempt: z
    .number({ error: msg.required })
    .int()
    .min(1, { error: msg.min(1, "entry.number") })
    .max(quizLimits.questionsMax, { error: msg.max(quizLimits.questionsMax, "entry.number") })
    .nullable()
    .optional(),
};
export const quizInput = z.object({
  owner: z.object({ kind: quizKind, id }),
  ...quizSettings,
});
export type QuizInput = z.infer<typeof quizInput>;
export const quizPatch = z
  .object({
    title_en: quizSettings.title_en.unwrap(),
    title_es: quizSettings.title_es.unwrap(),
    instructions_en: quizSettings.instructions_en.unwrap(),
    instructions_es: quizSettings.instructions_es.unwrap(),
    time_limit_seconds: quizSettings.time_limit_seconds,
    timed: z.boolean(),
    pass_mark_percent: quizSettings.pass_mark_percent,
    price_pence: quizSettings.price_pence.unwrap(),
    status: quizStatus,
    show_correct_answers: revealMode,
    questions_per_attempt: quizSettings.questions_per_attempt.unwrap(),
  })
  .partial();
export type QuizPatch = z.infer<typeof quizPatch>;

export const adminQuizSummary = z.object({
  id,
  kind: quizKind,
  owner: z.object({ kind: quizKind, id, title_en: z.string(), title_es: z.string() }),
  course_id: id,
  status: quizStatus,
  title_en: z.string(),
  title_es: z.string(),
  time_limit_seconds: z.number().int(),
  timed: z.boolean(),
  pass_mark_percent: z.number().int(),
  is_paid: z.boolean(),
  price_pence: z.number().int(),
  show_correct_answers: revealMode,
  questions_per_attempt: z.number().int().nullable(),
  question_count: z.number().int(),
  attempt_count: z.number().int(),
});
export const adminQuiz = adminQuizSummary.extend({
  instructions_en: z.string(),
  instructions_es: z.string(),
  questions: z.array(adminQuestion),
});
export type AdminQuiz = z.infer<typeof adminQuiz>;
export const adminQuizList = z.object({ data: z.array(adminQuizSummary) });
export const adminQuizListQuery = z.object({ course_id: idParam });

export const quizPreview = z.object({
  quiz_id: id,
  title: z.string(),
  instructions: z.string(),
  time_limit_seconds: z.number().int(),
  pass_mark_percent: z.number().int(),
  questions: z.array(
    questionView.extend({
      correct_answer: correctAnswer,
      explanation: z.string(),
    }),
  ),
});
export const questionOrderBody = z.object({ ids: z.array(idParam).min(1).max(quizLimits.questionsMax) });
export const quizCreated = z.object({ id, message: z.string() });

/**
 * Bulk upload: a CSV file (RFC 4180: comma separated, fields with commas, quotes or line breaks in
 * double quotes, "" for a quote), UTF-8, first line = these column names (any order; the last three
 * are optional). One question per line.
 *   owner              lecture:<id> | module:<id> | level:<id> (the quiz is created, as a draft, if missing)
 *   type               single | multiple | missing_word | word_linking
 *   question_en/_es    the question; missing_word marks gaps [[1]], [[2]]...
 *   options_en/_es     single/multiple: options separated by |
 *                      missing_word: per gap, separated by ;  the choices separated by | (or, for a
 *                      typed gap, the accepted words separated by |)
 *                      word_linking: pairs left=right separated by |; a distractor is =right
 *   correct            single: the option number (1 = first); multiple: numbers separated by |;
 *                      missing_word: per gap separated by ; the choice number, or `type` for a typed gap;
 *                      word_linking: empty (the pairs say it)
 *   explanation_en/_es optional
 *   time_limit_seconds, pass_mark_percent, price_pence  optional, used when the quiz is created
 */
export const quizCsvColumns = [
  "owner",
  "type",
  "question_en",
  "question_es",
  "options_en",
  "options_es",
  "correct",
  "explanation_en",
  "explanation_es",
  "time_limit_seconds",
  "pass_mark_percent",
  "price_pence",
] as const;
export const quizCsvRequired = quizCsvColumns.slice(0, 7);
export const bulkUploadReport = z.object({
  message: z.string(),
  imported_questions: z.number().int(),
  quizzes_created: z.number().int(),
  quiz_ids: z.array(id),
});
export const bulkUploadErrors = z.object({
  message: z.string(),
  /** `line N: field` -> messages, so the generic error rule shows one toast per problem. */
  errors: z.record(z.string(), z.array(z.string())),
  /** Absent when the upload is not a readable CSV file at all (then `errors.file` says so). */
  lines: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })).optional(),
});

// ---------------------------------------------------------------- access management

const reason = text(quizLimits.reasonMin, quizLimits.reasonMax);
export const accessLearnerQuery = z.object({ q: z.string().trim().min(1).max(100) });
export const accessLearner = z.object({
  id,
  username: z.string(),
  email: z.string().nullable(),
  name: z.string(),
});
export const accessLearnerList = z.object({ data: z.array(accessLearner) });

export const accessListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  course_id: idParam.optional(),
  quiz_id: idParam.optional(),
  user_id: idParam.optional(),
});
export type AccessListQuery = z.infer<typeof accessListQuery>;

export const courseAccessGrant = z.object({ user_id: id, course_id: id, reason });
export const examAccessGrant = z.object({
  user_id: id,
  quiz_id: id,
  /** Attempts this grant gives (1 or 2). */
  attempts: z.number().int().min(1).max(quizLimits.attemptsPerAccess).default(quizLimits.attemptsPerAccess),
  reason,
});
export const accessRevoke = z.object({ reason });

export const courseAccessItem = z.object({
  id,
  learner: accessLearner,
  course: z.object({ id, title: z.string() }),
  source: z.enum(["free", "purchase", "sponsorship", "admin"]),
  created_at: z.string(),
});
export const courseAccessList = paginated(courseAccessItem);
export const examAccessItem = z.object({
  id,
  learner: accessLearner,
  quiz: z.object({ id, kind: quizKind, title: z.string(), course_id: id, course_title: z.string() }),
  attempts_used: z.number().int(),
  attempts_left: z.number().int(),
  source: z.enum(["purchase", "admin"]),
  reason: z.string().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
});
export const examAccessList = paginated(examAccessItem);
export const accessAuditItem = z.object({
  id,
  action: z.enum(["grant_course", "revoke_course", "grant_exam", "revoke_exam"]),
  actor: z.object({ id, username: z.string() }).nullable(),
  learner: z.object({ id, username: z.string() }).nullable(),
  course: z.object({ id, title: z.string() }).nullable(),
  quiz_id: id.nullable(),
  subject_id: id.nullable(),
  attempts: z.number().int().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export const accessAuditList = paginated(accessAuditItem);
export const accessChanged = z.object({ id, message: z.string() });

// ---------------------------------------------------------------- accommodations

const timeFactor = z.literal(timeFactors, { error: msg.oneOf });
/** A learner's accessibility accommodation (see the header); factor 100 and no flag: none. */
export const accommodation = z.object({
  user_id: id,
  time_factor_percent: timeFactor,
  practice_untimed: z.boolean(),
  updated_at: z.string().nullable(),
});
export type Accommodation = z.infer<typeof accommodation>;
export const accommodationEnvelope = z.object({ data: accommodation });
export const accommodationInput = z.object({
  time_factor_percent: timeFactor,
  practice_untimed: z.boolean({ error: msg.required }),
});
export type AccommodationInput = z.infer<typeof accommodationInput>;
export const accommodationSaved = z.object({ message: z.string(), data: accommodation });
