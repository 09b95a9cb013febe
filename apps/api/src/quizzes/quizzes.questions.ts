/**
 * Questions as pure data: authoring input -> stored content (with its rules), stored content ->
 * the learner's view (never a correct answer), the author's view, the correct answer, and the check
 * of a learner's answer against its question.
 */

import { randomBytes } from "node:crypto";
import type { AdminQuestion, LanguageCode, QuestionInput, QuestionView, QuizAnswer } from "@aprendo/contract";
import type { Choice, GivenAnswer, QuestionContent, QuestionType } from "../db/schema/quizzes";
import { textLanguage } from "../lib/text";

export type QuestionRow = {
  id: number;
  quizId: number;
  position: number;
  type: QuestionType;
  textEn: string;
  textEs: string;
  explanationEn: string;
  explanationEs: string;
  content: QuestionContent;
};

/** Field problems as `{ field: [message keys] }`, empty when the input is valid. */
export type FieldProblems = Record<string, string[]>;

export const newChoiceId = () => randomBytes(4).toString("hex");
const pick = (language: LanguageCode, c: { en: string; es: string }) =>
  language === "es" && c.es.trim() !== "" ? c.es : c.en;

/** The gap numbers written in a text, in order of appearance. */
export function gapNumbers(text: string): number[] {
  return [...text.matchAll(/\[\[(\d{1,2})\]\]/g)].map((m) => Number(m[1]));
}

function gapsWellFormed(text: string, count: number): boolean {
  const found = gapNumbers(text);
  if (found.length !== count) return false;
  const sorted = [...found].sort((a, b) => a - b);
  return sorted.every((n, i) => n === i + 1);
}

const distinct = (values: string[]) =>
  new Set(values.map((v) => v.trim().toLocaleLowerCase("und"))).size === values.length;

/** Keeps an existing id when the author sent it back (answers in running attempts refer to it). */
function reuse(id: string | undefined, known: Set<string>, used: Set<string>): string {
  const chosen = id && known.has(id) && !used.has(id) ? id : newChoiceId();
  used.add(chosen);
  return chosen;
}

function knownIds(previous: QuestionContent | undefined): Set<string> {
  if (!previous) return new Set();
  switch (previous.type) {
    case "single":
    case "multiple":
      return new Set(previous.options.map((o) => o.id));
    case "missing_word":
      return new Set(previous.gaps.flatMap((g) => (g.mode === "choose" ? g.options.map((o) => o.id) : [])));
    case "word_linking":
      return new Set([...previous.left, ...previous.right].map((c) => c.id));
  }
}

/**
 * Validates the rules a schema cannot say (one correct option, gap markers in both languages,
 * distinct items) and builds the stored content. `previous` keeps option ids stable on edits.
 */
export function buildContent(
  input: QuestionInput,
  previous?: QuestionContent,
): { content: QuestionContent; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const problem = (field: string, message: string) => {
    problems[field] = [...(problems[field] ?? []), message];
  };
  const known = knownIds(previous);
  const used = new Set<string>();

  switch (input.type) {
    case "single":
    case "multiple": {
      const correctCount = input.options.filter((o) => o.correct).length;
      if (input.type === "single" && correctCount !== 1) problem("options", "quizzes.exactlyOneCorrect");
      if (input.type === "multiple" && correctCount < 1) problem("options", "quizzes.atLeastOneCorrect");
      if (input.type === "multiple" && correctCount === input.options.length && correctCount > 0)
        problem("options", "quizzes.notAllCorrect");
      if (!distinct(input.options.map((o) => o.text_en)) || !distinct(input.options.map((o) => o.text_es)))
        problem("options", "quizzes.duplicateItems");
      const options = input.options.map((o) => ({
        id: reuse(o.id, known, used),
        en: o.text_en,
        es: o.text_es,
      }));
      const correct = options.filter((_, i) => input.options[i]!.correct).map((o) => o.id);
      return { content: { type: input.type, options, correct }, problems };
    }
    case "missing_word": {
      const count = input.gaps.length;
      if (!gapsWellFormed(input.text_en, count)) problem("text_en", `quizzes.gapMarkers?count=${count}`);
      if (!gapsWellFormed(input.text_es, count)) problem("text_es", `quizzes.gapMarkers?count=${count}`);
      const gaps = input.gaps.map((gap, index) => {
        const id = String(index + 1);
        if (gap.mode === "type")
          return { id, mode: "type" as const, accepted: { en: gap.accepted_en, es: gap.accepted_es } };
        const correct = gap.options.filter((o) => o.correct).length;
        if (correct !== 1) problem(`gaps.${index}.options`, "quizzes.exactlyOneCorrect");
        if (!distinct(gap.options.map((o) => o.text_en)) || !distinct(gap.options.map((o) => o.text_es)))
          problem(`gaps.${index}.options`, "quizzes.duplicateItems");
        const options = gap.options.map((o) => ({
          id: reuse(o.id, known, used),
          en: o.text_en,
          es: o.text_es,
        }));
        const right = options[gap.options.findIndex((o) => o.correct)]?.id ?? options[0]!.id;
        return { id, mode: "choose" as const, options, correct: right };
      });
      return { content: { type: "missing_word", gaps }, problems };
    }
    case "word_linking": {
      const lefts = input.pairs.map((p) => p.left_en);
      const rights = [...input.pairs.map((p) => p.right_en), ...input.distractors.map((d) => d.text_en)];
      const rightsEs = [...input.pairs.map((p) => p.right_es), ...input.distractors.map((d) => d.text_es)];
      if (!distinct(lefts) || !distinct(input.pairs.map((p) => p.left_es)))
        problem("pairs", "quizzes.duplicateItems");
      if (!distinct(rights) || !distinct(rightsEs)) problem("pairs", "quizzes.duplicateItems");
      const left: Choice[] = [];
      const right: Choice[] = [];
      const pairs: Record<string, string> = {};
      for (const p of input.pairs) {
        const l = { id: reuse(p.left_id, known, used), en: p.left_en, es: p.left_es };
        const r = { id: reuse(p.right_id, known, used), en: p.right_en, es: p.right_es };
        left.push(l);
        right.push(r);
        pairs[l.id] = r.id;
      }
      for (const d of input.distractors)
        right.push({ id: reuse(d.id, known, used), en: d.text_en, es: d.text_es });
      return { content: { type: "word_linking", left, right, pairs }, problems };
    }
  }
}

/** A small deterministic shuffle (mulberry32), so a resumed attempt shows the same order. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * How an attempt orders each question's choices: `seed` is the attempt's option seed; attempts
 * started before options were shuffled (`options` false) keep the author's order, but for word
 * linking's right items, which were always shuffled (by attempt id).
 */
export type ChoiceOrder = { seed: number; options: boolean };

/** The question as a learner sees it during an attempt: nothing tells which answer is right. */
export function learnerView(
  q: QuestionRow,
  language: LanguageCode,
  position: number,
  order: ChoiceOrder,
  taught?: LanguageCode,
): QuestionView {
  // Each text says its language when it is not the interface's (the title's taught language, or a fallback).
  const langOf = (c: { en: string; es: string }) => {
    const lang = textLanguage(language, c.en, c.es, taught);
    return lang ? { lang } : {};
  };
  const base = {
    id: q.id,
    position,
    type: q.type,
    text: pick(language, { en: q.textEn, es: q.textEs }),
    ...langOf({ en: q.textEn, es: q.textEs }),
  };
  // Each list gets its own seed (question id, and a salt per list), so orders do not repeat.
  const shuffled = (list: Choice[], salt: number) =>
    order.options ? seededShuffle(list, order.seed ^ Math.imul(q.id + salt, 0x9e3779b1)) : list;
  const choices = (list: Choice[], salt = 0) =>
    shuffled(list, salt).map((c) => ({ id: c.id, text: pick(language, c), ...langOf(c) }));
  const c = q.content;
  switch (c.type) {
    case "single":
      return { ...base, options: choices(c.options) };
    case "multiple":
      return { ...base, options: choices(c.options), select_count: c.correct.length };
    case "missing_word":
      return {
        ...base,
        gaps: c.gaps.map((g, index) =>
          g.mode === "choose"
            ? { id: g.id, mode: g.mode, options: choices(g.options, index + 1) }
            : { id: g.id, mode: g.mode },
        ),
      };
    case "word_linking": {
      // Right items are always shuffled: their order must not give the pairs away.
      const right = order.options ? shuffled(c.right, 100) : seededShuffle(c.right, order.seed ^ q.id);
      return {
        ...base,
        left: choices(c.left, 200),
        right: right.map((r) => ({ id: r.id, text: pick(language, r), ...langOf(r) })),
      };
    }
  }
}

/** The correct answer in the shape of a learner's answer, plus the accepted words of typed gaps. */
export function correctAnswerOf(q: QuestionRow, language: LanguageCode) {
  const c = q.content;
  switch (c.type) {
    case "single":
      return { answer: { type: "single" as const, option_id: c.correct[0] ?? null } };
    case "multiple":
      return { answer: { type: "multiple" as const, option_ids: [...c.correct] } };
    case "missing_word": {
      const gaps: Record<string, string> = {};
      const accepted: Record<string, string[]> = {};
      for (const g of c.gaps) {
        if (g.mode === "choose") gaps[g.id] = g.correct;
        else {
          const words = language === "es" && g.accepted.es.length ? g.accepted.es : g.accepted.en;
          gaps[g.id] = words[0] ?? "";
          accepted[g.id] = words;
        }
      }
      return { answer: { type: "missing_word" as const, gaps }, accepted };
    }
    case "word_linking":
      return { answer: { type: "word_linking" as const, matches: { ...c.pairs } } };
  }
}

/** The author's view: the input shape with ids and the correct flags. */
export function adminView(q: QuestionRow): AdminQuestion {
  const base = {
    id: q.id,
    quiz_id: q.quizId,
    position: q.position,
    type: q.type,
    text_en: q.textEn,
    text_es: q.textEs,
    explanation_en: q.explanationEn,
    explanation_es: q.explanationEs,
  };
  const c = q.content;
  const option = (o: Choice, correct: boolean) => ({ id: o.id, text_en: o.en, text_es: o.es, correct });
  switch (c.type) {
    case "single":
    case "multiple":
      return { ...base, options: c.options.map((o) => option(o, c.correct.includes(o.id))) };
    case "missing_word":
      return {
        ...base,
        gaps: c.gaps.map((g) =>
          g.mode === "choose"
            ? { id: g.id, mode: g.mode, options: g.options.map((o) => option(o, o.id === g.correct)) }
            : { id: g.id, mode: g.mode, accepted_en: g.accepted.en, accepted_es: g.accepted.es },
        ),
      };
    case "word_linking": {
      const rightById = new Map(c.right.map((r) => [r.id, r]));
      const paired = new Set(Object.values(c.pairs));
      return {
        ...base,
        pairs: c.left.map((l) => {
          const r = rightById.get(c.pairs[l.id]!)!;
          return {
            left_id: l.id,
            right_id: r.id,
            left_en: l.en,
            left_es: l.es,
            right_en: r.en,
            right_es: r.es,
          };
        }),
        distractors: c.right
          .filter((r) => !paired.has(r.id))
          .map((r) => ({ id: r.id, text_en: r.en, text_es: r.es })),
      };
    }
  }
}

/** Checks a learner's answer against its question; returns a message key, or null when it fits. */
export function checkAnswer(content: QuestionContent, answer: QuizAnswer): string | null {
  if (answer.type !== content.type) return "quizzes.answerWrongType";
  switch (content.type) {
    case "single": {
      const a = answer as Extract<GivenAnswer, { type: "single" }>;
      if (a.option_id !== null && !content.options.some((o) => o.id === a.option_id))
        return "quizzes.unknownChoice";
      return null;
    }
    case "multiple": {
      const a = answer as Extract<GivenAnswer, { type: "multiple" }>;
      const ids = new Set(content.options.map((o) => o.id));
      if (a.option_ids.some((id) => !ids.has(id)) || new Set(a.option_ids).size !== a.option_ids.length)
        return "quizzes.unknownChoice";
      if (a.option_ids.length > content.correct.length)
        return `quizzes.tooManyChoices?count=${content.correct.length}`;
      return null;
    }
    case "missing_word": {
      const a = answer as Extract<GivenAnswer, { type: "missing_word" }>;
      for (const [gapId, value] of Object.entries(a.gaps)) {
        const gap = content.gaps.find((g) => g.id === gapId);
        if (!gap) return "quizzes.unknownChoice";
        if (gap.mode === "choose" && value !== "" && !gap.options.some((o) => o.id === value))
          return "quizzes.unknownChoice";
      }
      return null;
    }
    case "word_linking": {
      const a = answer as Extract<GivenAnswer, { type: "word_linking" }>;
      const left = new Set(content.left.map((l) => l.id));
      const right = new Set(content.right.map((r) => r.id));
      for (const [l, r] of Object.entries(a.matches))
        if (!left.has(l) || !right.has(r)) return "quizzes.unknownChoice";
      return null;
    }
  }
}

export const explanationOf = (q: QuestionRow, language: LanguageCode) =>
  pick(language, { en: q.explanationEn, es: q.explanationEs });
