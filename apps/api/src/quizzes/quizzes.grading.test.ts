import { describe, expect, it } from "vitest";
import type { GivenAnswer, QuestionContent } from "../db/schema/quizzes";
import { gradeAttempt, gradeQuestion, normalizeTyped } from "./quizzes.grading";

const c = (id: string, en = id, es = id) => ({ id, en, es });
const single: QuestionContent = { type: "single", options: [c("a"), c("b"), c("c")], correct: ["b"] };
const multiple: QuestionContent = {
  type: "multiple",
  options: [c("a"), c("b"), c("c"), c("d")],
  correct: ["a", "c"],
};
const missing: QuestionContent = {
  type: "missing_word",
  gaps: [
    { id: "1", mode: "choose", options: [c("x"), c("y")], correct: "y" },
    { id: "2", mode: "type", accepted: { en: ["New York"], es: ["Nueva York"] } },
  ],
};
const linking: QuestionContent = {
  type: "word_linking",
  left: [c("l1"), c("l2"), c("l3"), c("l4")],
  right: [c("r1"), c("r2"), c("r3"), c("r4"), c("r5")],
  pairs: { l1: "r1", l2: "r2", l3: "r3", l4: "r4" },
};

describe("single choice", () => {
  it("scores 1 for the correct option and 0 otherwise", () => {
    expect(gradeQuestion(single, { type: "single", option_id: "b" })).toEqual({ points: 1, correct: true });
    expect(gradeQuestion(single, { type: "single", option_id: "a" })).toEqual({ points: 0, correct: false });
  });
  it("scores 0 when empty or unanswered", () => {
    expect(gradeQuestion(single, { type: "single", option_id: null }).points).toBe(0);
    expect(gradeQuestion(single, undefined).points).toBe(0);
  });
  it("scores 0 for an answer of another type", () => {
    expect(gradeQuestion(single, { type: "multiple", option_ids: ["b"] }).points).toBe(0);
  });
});

describe("multiple choice", () => {
  it("scores 1 only for exactly the correct set, in any order", () => {
    expect(gradeQuestion(multiple, { type: "multiple", option_ids: ["c", "a"] })).toEqual({
      points: 1,
      correct: true,
    });
  });
  it("gives no partial credit for a partly right set", () => {
    expect(gradeQuestion(multiple, { type: "multiple", option_ids: ["a"] }).points).toBe(0);
    expect(gradeQuestion(multiple, { type: "multiple", option_ids: ["a", "b"] }).points).toBe(0);
  });
  it("never pays for ticking everything", () => {
    expect(gradeQuestion(multiple, { type: "multiple", option_ids: ["a", "b", "c", "d"] }).points).toBe(0);
  });
  it("scores 0 when empty", () => {
    expect(gradeQuestion(multiple, { type: "multiple", option_ids: [] }).points).toBe(0);
    expect(gradeQuestion(multiple, null).correct).toBe(false);
  });
});

describe("missing word", () => {
  it("scores 1 when every gap is right, typed words without case or spaces", () => {
    const r = gradeQuestion(missing, { type: "missing_word", gaps: { "1": "y", "2": "  new  york " } });
    expect(r).toEqual({
      points: 1,
      correct: true,
      parts: [
        { id: "1", correct: true },
        { id: "2", correct: true },
      ],
    });
  });
  it("accepts the Spanish word as well", () => {
    expect(
      gradeQuestion(missing, { type: "missing_word", gaps: { "1": "y", "2": "NUEVA YORK" } }).points,
    ).toBe(1);
  });
  it("gives partial credit per gap", () => {
    const r = gradeQuestion(missing, { type: "missing_word", gaps: { "1": "x", "2": "newyork" } });
    expect(r.points).toBe(0.5);
    expect(r.correct).toBe(false);
    expect(r.parts).toEqual([
      { id: "1", correct: false },
      { id: "2", correct: true },
    ]);
  });
  it("counts empty and missing gaps as wrong", () => {
    expect(gradeQuestion(missing, { type: "missing_word", gaps: { "2": "   " } }).points).toBe(0);
    expect(gradeQuestion(missing, { type: "missing_word", gaps: {} }).points).toBe(0);
    expect(gradeQuestion(missing, undefined).parts).toHaveLength(2);
  });
  it("keeps accents significant", () => {
    expect(normalizeTyped("Está")).not.toBe(normalizeTyped("Esta"));
    expect(normalizeTyped(" A  b\tC ")).toBe("abc");
  });
});

describe("word linking", () => {
  it("scores 1 when every left item links to its pair", () => {
    const matches = { l1: "r1", l2: "r2", l3: "r3", l4: "r4" };
    expect(gradeQuestion(linking, { type: "word_linking", matches }).points).toBe(1);
  });
  it("gives partial credit per link, a distractor counting wrong", () => {
    const r = gradeQuestion(linking, { type: "word_linking", matches: { l1: "r1", l2: "r5", l3: "r3" } });
    expect(r.points).toBe(0.5);
    expect(r.parts?.map((p) => p.correct)).toEqual([true, false, true, false]);
  });
  it("scores 0 when empty", () => {
    expect(gradeQuestion(linking, { type: "word_linking", matches: {} }).points).toBe(0);
  });
});

describe("an attempt", () => {
  const questions = [
    { id: 1, content: single },
    { id: 2, content: multiple },
    { id: 3, content: missing },
  ];
  it("adds points, rounds the percent and passes on the exact fraction", () => {
    const graded = gradeAttempt(
      questions,
      {
        "1": { type: "single", option_id: "b" },
        "3": { type: "missing_word", gaps: { "1": "y", "2": "nope" } },
      },
      50,
    );
    expect(graded.points).toBe(1.5);
    expect(graded.maxPoints).toBe(3);
    expect(graded.scorePercent).toBe(50);
    expect(graded.passed).toBe(true);
    expect(graded.correctCount).toBe(1);
    expect(graded.results["2"]).toEqual({ points: 0, correct: false });
  });
  it("rounds to the nearest whole percent and passes exactly when the shown score reaches the mark", () => {
    // 2 of 3 = 66.67 %: shown 67, passes a pass mark of 67, fails 68.
    const answers: Record<string, GivenAnswer> = {
      "1": { type: "single", option_id: "b" },
      "2": { type: "multiple", option_ids: ["a", "c"] },
    };
    const graded = gradeAttempt(questions, answers, 67);
    expect(graded.scorePercent).toBe(67);
    expect(graded.passed).toBe(true);
    expect(gradeAttempt(questions, answers, 68).passed).toBe(false);
  });
  it("shows 1 of 6 as 17 %", () => {
    const six = [1, 2, 3, 4, 5, 6].map((id) => ({ id, content: single }));
    const graded = gradeAttempt(six, { "1": { type: "single", option_id: "b" } }, 17);
    expect(graded.scorePercent).toBe(17);
    expect(graded.passed).toBe(true);
  });
  it("scores an empty attempt 0 and fails it", () => {
    const graded = gradeAttempt(questions, {}, 1);
    expect(graded).toMatchObject({ points: 0, scorePercent: 0, passed: false });
  });
  it("adds partial credits without floating point drift", () => {
    const thirds: QuestionContent = {
      type: "word_linking",
      left: [c("a"), c("b"), c("c")],
      right: [c("x"), c("y"), c("z")],
      pairs: { a: "x", b: "y", c: "z" },
    };
    const qs = [1, 2, 3].map((id) => ({ id, content: thirds }));
    const one = { type: "word_linking", matches: { a: "x" } } as const;
    const graded = gradeAttempt(qs, { "1": one, "2": one, "3": one }, 33);
    expect(graded.points).toBe(1);
    expect(graded.scorePercent).toBe(33);
    expect(graded.passed).toBe(true);
  });
});
