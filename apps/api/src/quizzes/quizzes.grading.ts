/**
 * Grading as pure functions. The scoring rule (docs/quizzes.md):
 * - single choice: 1 point when the chosen option is the correct one, else 0;
 * - multiple choice: 1 point only when exactly the correct set is chosen (the learner is told how
 *   many to choose, so a partly right set scores 0 and ticking everything never pays);
 * - missing word: partial credit, the share of gaps filled correctly (typed words compare without
 *   case and spaces; accents count; an English or Spanish accepted word is right either way);
 * - word linking: partial credit, the share of left items linked to their right item;
 * - an unanswered question (or gap, or link) scores 0.
 * A question is "correct" only with its full point. The score is 100 * points / questions rounded to
 * the nearest whole percent (wholePercent: 1 of 6 is 17 %), and the quiz is passed when that shown
 * score reaches the pass mark, so the verdict always agrees with the number the learner reads.
 */
import { wholePercent } from "@aprendo/contract";
import type { GivenAnswer, GradedPart, QuestionContent } from "../db/schema/quizzes";

/** Typed words compare without case and without any whitespace; accents are significant. */
export function normalizeTyped(value: string): string {
  return value.normalize("NFC").toLocaleLowerCase("und").replace(/\s+/g, "");
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export function gradeQuestion(content: QuestionContent, given: GivenAnswer | null | undefined): GradedPart {
  switch (content.type) {
    case "single": {
      const chosen = given?.type === "single" ? given.option_id : null;
      const correct = chosen !== null && chosen === content.correct[0];
      return { points: correct ? 1 : 0, correct };
    }
    case "multiple": {
      const chosen = new Set(given?.type === "multiple" ? given.option_ids : []);
      const right = new Set(content.correct);
      const correct = chosen.size === right.size && [...right].every((id) => chosen.has(id));
      return { points: correct ? 1 : 0, correct };
    }
    case "missing_word": {
      const answers = given?.type === "missing_word" ? given.gaps : {};
      const parts = content.gaps.map((gap) => {
        const value = answers[gap.id];
        if (value === undefined || value.trim() === "") return { id: gap.id, correct: false };
        if (gap.mode === "choose") return { id: gap.id, correct: value === gap.correct };
        const typed = normalizeTyped(value);
        const accepted = [...gap.accepted.en, ...gap.accepted.es].map(normalizeTyped);
        return { id: gap.id, correct: typed !== "" && accepted.includes(typed) };
      });
      return partial(parts);
    }
    case "word_linking": {
      const matches = given?.type === "word_linking" ? given.matches : {};
      const parts = content.left.map((item) => ({
        id: item.id,
        correct: matches[item.id] !== undefined && matches[item.id] === content.pairs[item.id],
      }));
      return partial(parts);
    }
  }
}

function partial(parts: Array<{ id: string; correct: boolean }>): GradedPart {
  const right = parts.filter((p) => p.correct).length;
  const points = parts.length === 0 ? 0 : right / parts.length;
  return { points, correct: parts.length > 0 && right === parts.length, parts };
}

export type GradedAttempt = {
  results: Record<string, GradedPart>;
  points: number;
  maxPoints: number;
  scorePercent: number;
  correctCount: number;
  passed: boolean;
};

/** Grades every question of an attempt; questions missing from `answers` score 0. */
export function gradeAttempt(
  questions: ReadonlyArray<{ id: number; content: QuestionContent }>,
  answers: Readonly<Record<string, GivenAnswer>>,
  passMarkPercent: number,
): GradedAttempt {
  const results: Record<string, GradedPart> = {};
  let points = 0;
  let correctCount = 0;
  for (const q of questions) {
    const graded = gradeQuestion(q.content, answers[String(q.id)]);
    results[String(q.id)] = graded;
    points += graded.points;
    if (graded.correct) correctCount += 1;
  }
  points = round(points);
  const maxPoints = questions.length;
  const scorePercent = wholePercent(points, maxPoints);
  const passed = maxPoints > 0 && scorePercent >= passMarkPercent;
  return { results, points, maxPoints, scorePercent, correctCount, passed };
}
