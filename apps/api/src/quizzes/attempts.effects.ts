/**
 * What a pass changes, inside the grading transaction: a lecture quiz marks the lecture "quiz
 * passed" (completing it, and so unlocking the next, when its video was watched); a module or level
 * exam is recorded once in exam_passes (for certificates) with a congratulations notification (type 5).
 * Returns whether anything changed (false for an exam passed before: no certificate can become due).
 */
import { messageKey, messages, NotificationType, translate } from "@aprendo/contract";
import type { DbOrTx } from "../db/client";
import { examPasses } from "../db/schema/index";
import { markLectureQuizPassed } from "../learning/lecture.service";
import { notify } from "../notifications/notifications.service";
import type { QuizPlace, QuizRow } from "./quizzes.place";

export async function recordPass(
  tx: DbOrTx,
  input: {
    quiz: QuizRow;
    place: QuizPlace;
    attemptId: number;
    userId: number;
    scorePercent: number;
    at: Date;
  },
): Promise<boolean> {
  const { quiz, place } = input;
  if (quiz.kind === "lecture") {
    await markLectureQuizPassed(tx, input.userId, quiz.lectureId!, quiz.courseId);
    return true;
  }
  const [first] = await tx
    .insert(examPasses)
    .values({
      userId: input.userId,
      quizId: quiz.id,
      attemptId: input.attemptId,
      kind: quiz.kind,
      courseId: quiz.courseId,
      moduleId: quiz.moduleId,
      levelId: quiz.levelId ?? place.levelId,
      scorePercent: input.scorePercent,
      passedAt: input.at,
    })
    .onConflictDoNothing()
    .returning({ quizId: examPasses.quizId });
  if (!first) return false;
  const key = quiz.kind === "module" ? "quizzes.congratsModule" : "quizzes.congratsLevel";
  const text = (language: "en" | "es") =>
    translate(
      messages,
      language,
      messageKey(key, {
        title: language === "es" && place.owner.titleEs ? place.owner.titleEs : place.owner.titleEn,
        score: input.scorePercent,
      }),
    );
  await notify(
    { db: tx },
    {
      userId: input.userId,
      type: NotificationType.congratulations,
      title: {
        en: translate(messages, "en", "quizzes.congratsTitle"),
        es: translate(messages, "es", "quizzes.congratsTitle"),
      },
      description: { en: text("en"), es: text("es") },
      action: { redirect: { id: quiz.id, courseId: quiz.courseId } },
    },
  );
  return true;
}
