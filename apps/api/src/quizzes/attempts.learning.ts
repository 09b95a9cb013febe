/**
 * How much learning time a graded quiz attempt adds to the learner's week: the server's
 * clock from the start to the submit, never what the browser says.
 */
import type { quizAttempts } from "../db/schema/index";
import type { GradedFields } from "./attempts.sql";

type AttemptRow = typeof quizAttempts.$inferSelect;

/**
 * At most this much per question drawn: a learner who leaves an untimed attempt open overnight, or
 * submits it hours later, is credited what the quiz could have taken, not the hours it sat open.
 */
export const LEARNING_SECONDS_PER_QUESTION = 5 * 60;

/**
 * Seconds from the attempt's start to the learner's submit; for an attempt graded at its deadline
 * (the learner left), only to its last activity (the last answer saved or "more time" asked, as
 * read before grading), so an abandoned attempt does not count the rest of its window. Capped per
 * question (above).
 */
export function attemptLearningSeconds(
  row: Pick<AttemptRow, "startedAt" | "updatedAt" | "deadlineAt" | "questionIds">,
  fields: Pick<GradedFields, "status" | "submittedAt">,
): number {
  const end =
    fields.status === "submitted"
      ? fields.submittedAt.getTime()
      : Math.min(row.updatedAt.getTime(), row.deadlineAt.getTime());
  const elapsed = Math.max(0, Math.floor((end - row.startedAt.getTime()) / 1000));
  return Math.min(elapsed, row.questionIds.length * LEARNING_SECONDS_PER_QUESTION);
}
