import type { QuestionView } from "@aprendo/contract";
import { describe, expect, it } from "vitest";
import { emptyDraft, fromAdmin, markCorrect, syncGaps, toInput } from "./draft";
import {
  attemptPath,
  clockTone,
  durationParts,
  formatClock,
  isAnswered,
  isComplete,
  localDeadline,
  move,
  ownerFromParams,
  parsePounds,
  quizPath,
  secondsLeft,
  setGap,
  setMatch,
  singleAnswer,
  splitGaps,
  toggleOption,
  warningDue,
  withBlanks,
} from "./logic";

describe("the quiz clock", () => {
  it("shows minutes and seconds as mm:ss", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(9)).toBe("00:09");
    expect(formatClock(65)).toBe("01:05");
    expect(formatClock(600)).toBe("10:00");
    expect(formatClock(4 * 3600)).toBe("240:00");
  });
  it("rounds part seconds up and never shows a negative time", () => {
    expect(formatClock(59.2)).toBe("01:00");
    expect(formatClock(-3)).toBe("00:00");
    expect(formatClock(Number.NaN)).toBe("00:00");
  });
  it("splits a limit into minutes and seconds", () => {
    expect(durationParts(300)).toEqual({ minutes: 5, seconds: 0 });
    expect(durationParts(270)).toEqual({ minutes: 4, seconds: 30 });
  });
  it("counts against the server's deadline, whatever this device's clock says", () => {
    // The server said 120 s were left when its answer arrived at local time 1,000,000.
    const deadline = localDeadline(120, 1_000_000);
    expect(secondsLeft(deadline, 1_000_000)).toBe(120);
    expect(secondsLeft(deadline, 1_000_000 + 30_500)).toBe(90);
    expect(secondsLeft(deadline, 1_000_000 + 119_001)).toBe(1);
    expect(secondsLeft(deadline, 1_000_000 + 120_000)).toBe(0);
    expect(secondsLeft(deadline, 1_000_000 + 500_000)).toBe(0);
  });
  it("re-syncs: a later answer from the server replaces the estimate", () => {
    const first = localDeadline(100, 0);
    const later = localDeadline(40, 62_000); // the device drifted by 2 s
    expect(secondsLeft(first, 62_000)).toBe(38);
    expect(secondsLeft(later, 62_000)).toBe(40);
  });
  it("an attempt already over has no time left", () => {
    expect(secondsLeft(localDeadline(0, 5_000), 5_000)).toBe(0);
    expect(secondsLeft(localDeadline(-10, 5_000), 5_000)).toBe(0);
  });
  it("warns from two minutes and thirty seconds before the end", () => {
    expect(clockTone(121)).toBe("normal");
    expect(clockTone(120)).toBe("warning");
    expect(clockTone(30)).toBe("danger");
  });
  it("announces two minutes and thirty seconds once each, even when a re-sync skips the second", () => {
    const said = new Set<number>();
    expect(warningDue(121, said)).toBeNull();
    expect(warningDue(118, said)).toBe(120);
    said.add(120);
    expect(warningDue(90, said)).toBeNull();
    expect(warningDue(29, said)).toBe(30);
    said.add(30);
    expect(warningDue(5, said)).toBeNull();
    // Opened with twenty seconds left: only the latest warning.
    expect(warningDue(20, new Set())).toBe(30);
    expect(warningDue(0, new Set())).toBeNull();
  });
});

const multiple: QuestionView = {
  id: 2,
  position: 1,
  type: "multiple",
  text: "Which two?",
  options: [
    { id: "a", text: "A" },
    { id: "b", text: "B" },
    { id: "c", text: "C" },
  ],
  select_count: 2,
};
const gaps: QuestionView = {
  id: 3,
  position: 2,
  type: "missing_word",
  text: "Buenas [[1]]. Me [[2]] Ana.",
  gaps: [
    { id: "1", mode: "choose", options: [{ id: "x", text: "noches" }] },
    { id: "2", mode: "type" },
  ],
};
const links: QuestionView = {
  id: 4,
  position: 3,
  type: "word_linking",
  text: "Link",
  left: [
    { id: "l1", text: "Hola" },
    { id: "l2", text: "Adiós" },
  ],
  right: [
    { id: "r1", text: "Hello" },
    { id: "r2", text: "Bye" },
  ],
};

describe("answer shapes", () => {
  it("single choice: the chosen option, or none", () => {
    expect(singleAnswer("a")).toEqual({ type: "single", option_id: "a" });
    expect(isAnswered(singleAnswer(null))).toBe(false);
    expect(isAnswered(singleAnswer("a"))).toBe(true);
  });

  it("multiple choice: ticks and unticks, and refuses more than the stated count", () => {
    let step = toggleOption(undefined, "a", 2);
    expect(step).toEqual({ answer: { type: "multiple", option_ids: ["a"] }, refused: false });
    step = toggleOption(step.answer, "c", 2);
    expect(step.answer.option_ids).toEqual(["a", "c"]);
    expect(isComplete(multiple, step.answer)).toBe(true);
    const refused = toggleOption(step.answer, "b", 2);
    expect(refused.refused).toBe(true);
    expect(refused.answer.option_ids).toEqual(["a", "c"]);
    const untick = toggleOption(step.answer, "a", 2);
    expect(untick).toEqual({ answer: { type: "multiple", option_ids: ["c"] }, refused: false });
    expect(isComplete(multiple, untick.answer)).toBe(false);
    expect(isAnswered(toggleOption(untick.answer, "c", 2).answer)).toBe(false);
  });

  it("missing word: a chosen option id or a typed word per gap; clearing forgets the gap", () => {
    let answer = setGap(undefined, "1", "x");
    expect(answer).toEqual({ type: "missing_word", gaps: { "1": "x" } });
    expect(isComplete(gaps, answer)).toBe(false);
    answer = setGap(answer, "2", "llamo");
    expect(answer.gaps).toEqual({ "1": "x", "2": "llamo" });
    expect(isComplete(gaps, answer)).toBe(true);
    answer = setGap(answer, "1", "  ");
    expect(answer.gaps).toEqual({ "2": "llamo" });
    expect(isAnswered(setGap(answer, "2", ""))).toBe(false);
  });

  it("word linking: each left item to one right item; an empty choice unlinks", () => {
    let answer = setMatch(undefined, "l1", "r1");
    expect(answer).toEqual({ type: "word_linking", matches: { l1: "r1" } });
    expect(isComplete(links, answer)).toBe(false);
    answer = setMatch(answer, "l2", "r2");
    expect(isComplete(links, answer)).toBe(true);
    answer = setMatch(answer, "l1", "");
    expect(answer.matches).toEqual({ l2: "r2" });
  });

  it("never mixes shapes: a builder ignores an answer of another type", () => {
    expect(setGap(singleAnswer("a"), "1", "x")).toEqual({ type: "missing_word", gaps: { "1": "x" } });
    expect(toggleOption(singleAnswer("a"), "b", 2).answer).toEqual({ type: "multiple", option_ids: ["b"] });
  });
});

describe("missing-word texts", () => {
  it("splits the text into words and gaps in order", () => {
    expect(splitGaps("Buenas [[1]]. Me [[2]] Ana.")).toEqual([
      { kind: "text", text: "Buenas " },
      { kind: "gap", id: "1" },
      { kind: "text", text: ". Me " },
      { kind: "gap", id: "2" },
      { kind: "text", text: " Ana." },
    ]);
    expect(splitGaps("[[1]]")).toEqual([{ kind: "gap", id: "1" }]);
    expect(withBlanks("Buenas [[1]].")).toBe("Buenas ____.");
  });
});

describe("where a quiz lives", () => {
  it("reads the owner from the route and builds its paths", () => {
    expect(ownerFromParams({ courseId: "1", lessonId: "7" })).toEqual({ kind: "lecture", id: 7 });
    expect(ownerFromParams({ courseId: "1", courseModuleId: "3" })).toEqual({ kind: "module", id: 3 });
    expect(ownerFromParams({ courseId: "1", courseLevelId: "2" })).toEqual({ kind: "level", id: 2 });
    expect(ownerFromParams({ courseId: "1", lessonId: "x" })).toBeNull();
    expect(quizPath(1, { kind: "module", id: 3 })).toBe("/iu/courses/1/course-module/3/quiz");
    expect(attemptPath(1, { kind: "lecture", id: 7 }, 42)).toBe("/iu/courses/1/lesson/7/quiz/attempt?id=42");
  });
});

describe("authoring helpers", () => {
  it("reads prices in pounds", () => {
    expect(parsePounds("5")).toBe(500);
    expect(parsePounds("9,99")).toBe(999);
    expect(parsePounds("")).toBe(0);
    expect(parsePounds("1e3")).toBeNull();
  });
  it("moves a question up and down within bounds", () => {
    expect(move([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
  it("keeps one correct option for single choice, several for multiple", () => {
    const options = emptyDraft("single").options;
    expect(markCorrect(options, 2, true).map((o) => o.correct)).toEqual([false, false, true]);
    expect(markCorrect(options, 2, false).map((o) => o.correct)).toEqual([true, false, true]);
  });
  it("follows the gap markers of the text", () => {
    const draft = emptyDraft("missing_word");
    expect(syncGaps(draft.gaps, 3)).toHaveLength(3);
    expect(syncGaps(syncGaps(draft.gaps, 3), 2)).toHaveLength(2);
  });
  it("sends only the parts of the chosen type, with typed words split", () => {
    const draft = {
      ...emptyDraft("missing_word"),
      text_en: " Hi [[1]] ",
      text_es: "Hola [[1]]",
      gaps: [{ mode: "type" as const, options: [], accepted_en: "there, you", accepted_es: "tú" }],
    };
    expect(toInput(draft)).toEqual({
      type: "missing_word",
      text_en: "Hi [[1]]",
      text_es: "Hola [[1]]",
      explanation_en: "",
      explanation_es: "",
      gaps: [{ mode: "type", accepted_en: ["there", "you"], accepted_es: ["tú"] }],
    });
  });
  it("keeps option ids when a saved question is edited", () => {
    const draft = fromAdmin({
      id: 1,
      quiz_id: 1,
      position: 0,
      type: "single",
      text_en: "Q",
      text_es: "P",
      explanation_en: "",
      explanation_es: "",
      options: [
        { id: "o1", text_en: "a", text_es: "a", correct: true },
        { id: "o2", text_en: "b", text_es: "b", correct: false },
      ],
    });
    const input = toInput(draft);
    expect(input.type === "single" && input.options.map((o) => o.id)).toEqual(["o1", "o2"]);
  });
});
