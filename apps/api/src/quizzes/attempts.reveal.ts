/**
 * Whether a learner's results show the correct answers (and explanations), per the quiz's setting
 *: while a paid exam still has attempts ahead, showing them would let the next
 * attempt copy them. Decided on every read from the learner's current state, so buying the exam
 * again hides them again under "after the last attempt".
 */
import type { RevealMode } from "@aprendo/contract";

export type RevealState = {
  /** The learner has passed this quiz at least once. */
  passed: boolean;
  /** Attempts left on the learner's exam accesses; null for a free quiz (unlimited retakes). */
  attemptsLeft: number | null;
};

export function answersShown(mode: RevealMode, state: RevealState): boolean {
  switch (mode) {
    case "always":
      return true;
    case "never":
      return false;
    case "after_passing":
      return state.passed;
    case "after_last_attempt":
      // A free quiz always has another attempt, so its last attempt never comes.
      return state.attemptsLeft === 0;
  }
}

/** The message key that tells the learner why the answers are not shown. */
export const hiddenNote: Record<Exclude<RevealMode, "always">, string> = {
  never: "quizzes.answersNever",
  after_passing: "quizzes.answersAfterPassing",
  after_last_attempt: "quizzes.answersAfterLastAttempt",
};
