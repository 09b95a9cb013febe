/**
 * The quiz flow's pure rules: the clock (mm:ss, time left against the server's deadline), the
 * learner's answer shapes per question type, the gap markers of missing-word texts, the owner of a
 * quiz from the route, and small helpers for the authoring pages. No correct answer is ever computed
 * here: grading is the server's.
 */
import type { QuestionView, QuizAnswer, QuizKind } from "@aprendo/contract";
import { formatNumber } from "../../lib/format";

// ---------------------------------------------------------------- the clock

/** "mm:ss" (minutes may pass 59: a 4-hour exam starts at 240:00); negative or NaN shows 00:00. */
export function formatClock(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.ceil(totalSeconds)) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A duration as whole minutes and the seconds left over (for "5 min 30 s" texts). */
export function durationParts(totalSeconds: number): { minutes: number; seconds: number } {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return { minutes: Math.floor(seconds / 60), seconds: seconds % 60 };
}

/**
 * The local moment (ms, on this device's clock) the attempt ends: the server said `remainingSeconds`
 * when its answer arrived at `receivedAt`. The device's clock may be wrong by hours; only the
 * difference since the answer is used, so the two clocks never need to agree.
 */
export function localDeadline(remainingSeconds: number, receivedAt: number): number {
  return receivedAt + Math.max(0, remainingSeconds) * 1000;
}

/** Whole seconds left until a local deadline (rounded up, so 0 means the time is over). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** The timer's look: calm, then a warning in the last minute, then danger in the last 10 seconds. */
export function clockTone(seconds: number): "normal" | "warning" | "danger" {
  if (seconds <= 30) return "danger";
  if (seconds <= 120) return "warning";
  return "normal";
}

/** The moments the clock is announced (seconds left): two minutes, then thirty seconds. */
export const timeWarnings = [120, 30] as const;

/**
 * The warning due now, if any: the latest moment reached and not yet announced (a re-sync may jump
 * over the exact second; a page opened with less time left says only the latest one). Zero: none.
 */
export function warningDue(left: number, announced: ReadonlySet<number>): number | null {
  if (left <= 0) return null;
  const reached = timeWarnings.filter((at) => left <= at);
  const latest = reached[reached.length - 1];
  if (latest === undefined || announced.has(latest)) return null;
  return latest;
}

// ---------------------------------------------------------------- answers

export type SingleAnswer = Extract<QuizAnswer, { type: "single" }>;
export type MultipleAnswer = Extract<QuizAnswer, { type: "multiple" }>;
export type GapsAnswer = Extract<QuizAnswer, { type: "missing_word" }>;
export type LinksAnswer = Extract<QuizAnswer, { type: "word_linking" }>;

export const singleAnswer = (optionId: string | null): SingleAnswer => ({
  type: "single",
  option_id: optionId,
});

/**
 * Ticks or unticks an option of a multiple-choice question. The learner is told to choose N: a
 * tick beyond N is refused (the answer stays as it was) and `refused` says so.
 */
export function toggleOption(
  current: QuizAnswer | undefined,
  optionId: string,
  selectCount: number,
): { answer: MultipleAnswer; refused: boolean } {
  const ids = current?.type === "multiple" ? current.option_ids : [];
  if (ids.includes(optionId))
    return { answer: { type: "multiple", option_ids: ids.filter((id) => id !== optionId) }, refused: false };
  if (selectCount > 0 && ids.length >= selectCount)
    return { answer: { type: "multiple", option_ids: ids }, refused: true };
  return { answer: { type: "multiple", option_ids: [...ids, optionId] }, refused: false };
}

/** Sets one gap (a chosen option id or a typed word); an empty value forgets that gap. */
export function setGap(current: QuizAnswer | undefined, gapId: string, value: string): GapsAnswer {
  const gaps = { ...(current?.type === "missing_word" ? current.gaps : {}) };
  if (value.trim() === "") delete gaps[gapId];
  else gaps[gapId] = value;
  return { type: "missing_word", gaps };
}

/** Links a left item to a right item; an empty right id unlinks it. */
export function setMatch(current: QuizAnswer | undefined, leftId: string, rightId: string): LinksAnswer {
  const matches = { ...(current?.type === "word_linking" ? current.matches : {}) };
  if (rightId === "") delete matches[leftId];
  else matches[leftId] = rightId;
  return { type: "word_linking", matches };
}

/** Whether the learner has given something for this question (what the question list marks). */
export function isAnswered(answer: QuizAnswer | undefined | null): boolean {
  if (!answer) return false;
  switch (answer.type) {
    case "single":
      return answer.option_id !== null;
    case "multiple":
      return answer.option_ids.length > 0;
    case "missing_word":
      return Object.values(answer.gaps).some((value) => value.trim() !== "");
    case "word_linking":
      return Object.keys(answer.matches).length > 0;
  }
}

/** Whether every part of the question is answered (all gaps filled, every left item linked). */
export function isComplete(question: QuestionView, answer: QuizAnswer | undefined | null): boolean {
  if (!isAnswered(answer) || !answer) return false;
  if (answer.type === "multiple") return answer.option_ids.length === (question.select_count ?? 1);
  if (answer.type === "missing_word")
    return (question.gaps ?? []).every((gap) => (answer.gaps[gap.id] ?? "").trim() !== "");
  if (answer.type === "word_linking") return (question.left ?? []).every((item) => answer.matches[item.id]);
  return true;
}

/** How many questions have an answer. */
export function answeredCount(questions: QuestionView[], answers: Record<string, QuizAnswer>): number {
  return questions.filter((question) => isAnswered(answers[String(question.id)])).length;
}

// ---------------------------------------------------------------- missing-word texts

export type TextPart = { kind: "text"; text: string } | { kind: "gap"; id: string };

/** Splits "At night: buenas [[1]]." into text and gap parts, in order. */
export function splitGaps(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const marker = /\[\[(\d{1,2})\]\]/g;
  let last = 0;
  for (const match of text.matchAll(marker)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: "text", text: text.slice(last, at) });
    parts.push({ kind: "gap", id: match[1] ?? "" });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** The text with each gap shown as a blank line, for headings and screen-reader summaries. */
export function withBlanks(text: string): string {
  return text.replace(/\[\[(\d{1,2})\]\]/g, "____");
}

// ---------------------------------------------------------------- where a quiz lives

export type QuizOwner = { kind: QuizKind; id: number };

/** The API segment of an owner: /iu/lectures/:id/quiz, /iu/course-modules/:id/quiz... */
export function ownerSegment(kind: QuizKind): "lectures" | "course-modules" | "course-levels" {
  return kind === "lecture" ? "lectures" : kind === "module" ? "course-modules" : "course-levels";
}

/** The owner named by the route's parameters (lessonId, courseModuleId or courseLevelId). */
export function ownerFromParams(params: Record<string, string | undefined>): QuizOwner | null {
  const read = (value: string | undefined) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const lecture = read(params.lessonId);
  if (lecture) return { kind: "lecture", id: lecture };
  const module = read(params.courseModuleId);
  if (module) return { kind: "module", id: module };
  const level = read(params.courseLevelId);
  if (level) return { kind: "level", id: level };
  return null;
}

/** The learner's page of a quiz: /iu/courses/1/lesson/2/quiz, .../course-module/3/quiz... */
export function quizPath(courseId: number, owner: QuizOwner): string {
  const segment =
    owner.kind === "lecture" ? "lesson" : owner.kind === "module" ? "course-module" : "course-level";
  return `/iu/courses/${courseId}/${segment}/${owner.id}/quiz`;
}

/** The attempt page of one attempt (its id in the address, so a reload finds it again). */
export function attemptPath(courseId: number, owner: QuizOwner, attemptId: number): string {
  return `${quizPath(courseId, owner)}/attempt?id=${attemptId}`;
}

// ---------------------------------------------------------------- money and authoring helpers

/** "5.00" or "5,00" typed by an author, as pence; null when it is not a price. */
export function parsePounds(text: string): number | null {
  const clean = text.trim().replace(",", ".");
  if (clean === "") return 0;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** Gap numbers written in a missing-word text, in order of first appearance. */
export function gapNumbers(text: string): number[] {
  const seen: number[] = [];
  for (const match of text.matchAll(/\[\[(\d{1,2})\]\]/g)) {
    const n = Number(match[1]);
    if (!seen.includes(n)) seen.push(n);
  }
  return seen;
}

/** Accepted words typed as "hola, hello" -> ["hola", "hello"]. */
export function splitWords(text: string): string[] {
  return text
    .split(/[,|]/)
    .map((word) => word.trim())
    .filter((word) => word !== "");
}

/** Moves one item of a list up (-1) or down (+1); out of bounds changes nothing. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** A CSV template an author can fill in (the columns of quizCsvColumns, one example line per type). */
export function csvTemplate(owner = "lecture:1"): string {
  const rows = [
    [
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
    ],
    [
      owner,
      "single",
      "Which greeting do you use in the morning?",
      "¿Qué saludo usas por la mañana?",
      "Buenos días|Buenas noches",
      "Buenos días|Buenas noches",
      "1",
      "Días = morning.",
      "Días = mañana.",
      "300",
      "70",
      "",
    ],
    [
      owner,
      "multiple",
      "Which two say goodbye?",
      "¿Cuáles dos son despedidas?",
      "Adiós|Hola|Hasta luego",
      "Adiós|Hola|Hasta luego",
      "1|3",
      "",
      "",
      "",
      "",
      "",
    ],
    [
      owner,
      "missing_word",
      "Buenas [[1]]. Me [[2]] Ana.",
      "Buenas [[1]]. Me [[2]] Ana.",
      "noches|días;llamo",
      "noches|días;llamo",
      "1;type",
      "",
      "",
      "",
      "",
      "",
    ],
    [
      owner,
      "word_linking",
      "Link each word to its meaning.",
      "Relaciona cada palabra con su significado.",
      "Hola=Hello|Adiós=Goodbye|=Thanks",
      "Hola=Hola|Adiós=Adiós|=Gracias",
      "",
      "",
      "",
      "",
      "",
      "",
    ],
  ];
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return `${rows.map((row) => row.map(cell).join(",")).join("\n")}\n`;
}

/** An extra-time factor in percent as the interface language writes it: 150 → "×1.5" / "×1,5". */
export const formatFactor = (percent: number, language: string) =>
  `×${formatNumber(percent / 100, language, { maximumFractionDigits: 2 })}`;
