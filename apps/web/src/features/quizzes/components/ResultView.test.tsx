import type { AttemptResult } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { ResultView } from "./ResultView";

const options = [
  { id: "a", text: "Hola" },
  { id: "b", text: "Buenos días" },
  { id: "c", text: "Buenas noches" },
];

/** A failed exam attempt, 1 of 2 questions right, as the server answers it with the answers hidden. */
function hiddenResult(): AttemptResult {
  return {
    attempt_id: 9,
    quiz_id: 3,
    kind: "module",
    owner: { kind: "module", id: 4, title: "Greetings" },
    course_id: 1,
    title: "Exam: Greetings",
    status: "submitted",
    message: null,
    score_percent: 50,
    passed: false,
    pass_mark_percent: 70,
    points: 1,
    max_points: 2,
    correct_count: 1,
    question_count: 2,
    started_at: "2026-11-25T10:00:00.000Z",
    submitted_at: "2026-11-25T10:03:00.000Z",
    attempts_left: 1,
    can_retake: true,
    answers_shown: false,
    answers_note: "The correct answers are shown after your last attempt.",
    questions: [
      {
        id: 11,
        position: 1,
        type: "single",
        text: "What do you say at 10 in the morning?",
        options,
        given: { type: "single", option_id: "c" },
        correct: false,
        points: 0,
        correct_answer: null,
        explanation: null,
      },
      {
        id: 12,
        position: 2,
        type: "single",
        text: "What do you say to a friend?",
        options,
        given: { type: "single", option_id: "a" },
        correct: true,
        points: 1,
        correct_answer: null,
        explanation: null,
      },
    ],
    next_step: { kind: "retake", course_id: 1, module_id: 4, title: "Exam: Greetings" },
  };
}

const noop = () => {};

describe("the result of an exam with attempts ahead", () => {
  it("shows which questions were wrong and the learner's own answers, never a correct answer", async () => {
    await renderPage(
      <ResultView
        result={hiddenResult()}
        onRetake={noop}
        retaking={false}
        purchase={null}
        currency="GBP"
        onBuy={noop}
      />,
      "/iu/courses/1/course-module/4/quiz/result/9",
    );
    expect(await screen.findByTestId("answers-note")).toHaveProperty(
      "textContent",
      "The correct answers are shown after your last attempt.",
    );
    const [first, second] = screen.getAllByTestId("review-question");
    expect(within(first!).getByText("Wrong")).toBeTruthy();
    expect(within(first!).getByText("Your answer")).toBeTruthy();
    expect(within(second!).getByText("Correct")).toBeTruthy();
    // Nothing marks any option as the right one.
    expect(screen.queryByText("Correct answer")).toBeNull();
    expect(screen.queryByText("Correct:")).toBeNull();
    expect(screen.queryByText("Explanation", { exact: false })).toBeNull();
  });

  it("takes focus when it replaces the questions, and announces the outcome", async () => {
    await renderPage(
      <ResultView
        result={hiddenResult()}
        onRetake={noop}
        retaking={false}
        purchase={null}
        currency="GBP"
        onBuy={noop}
      />,
      "/iu/courses/1/course-module/4/quiz/result/9",
    );
    const outcome = await screen.findByTestId("result-outcome");
    expect(outcome.getAttribute("role")).toBe("status");
    expect(document.activeElement).toBe(outcome);
    expect(within(outcome).getByRole("heading").textContent).toBeTruthy();
  });

  it("shows the correct answer once the result carries it", async () => {
    const shown = hiddenResult();
    shown.answers_shown = true;
    shown.answers_note = null;
    shown.questions[0] = {
      ...shown.questions[0]!,
      correct_answer: { answer: { type: "single", option_id: "b" } },
      explanation: "Before noon: buenos días.",
    };
    await renderPage(
      <ResultView
        result={shown}
        onRetake={noop}
        retaking={false}
        purchase={null}
        currency="GBP"
        onBuy={noop}
      />,
      "/iu/courses/1/course-module/4/quiz/result/9",
    );
    const [first] = await screen.findAllByTestId("review-question");
    expect(within(first!).getByText("Correct answer")).toBeTruthy();
    expect(within(first!).getByText("Before noon: buenos días.")).toBeTruthy();
    expect(screen.queryByTestId("answers-note")).toBeNull();
  });
});
