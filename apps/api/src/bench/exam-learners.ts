/**
 * Bench harness only (bench-server.ts, never the product bundle): prepares learners enrolled in the
 * title of a published module exam, each with exam accesses and the module's lectures completed (the
 * exam opens only then, as on the title page), and returns their access tokens and one valid answer
 * per question, for the "500 learners start the same exam" bench scenario.
 */
import { randomBytes } from "node:crypto";
import { quizAnswer } from "@aprendo/contract";
import { and, asc, eq, exists, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "../auth/passwords";
import type { Config } from "../config/config";
import type { Db } from "../db/client";
import {
  enrolments,
  examAccesses,
  lectureProgress,
  lectures,
  quizQuestions,
  quizzes,
  userProfiles,
  users,
} from "../db/schema/index";
import { AppError } from "../http/errors";
import { loadQuestions } from "../quizzes/quizzes.place";
import { correctAnswerOf } from "../quizzes/quizzes.questions";
import { sessionsFor } from "./bench-scale";

export const examLearnersBody = z.object({
  count: z.number().int().min(1).max(2_000).default(500),
  accesses_per_learner: z.number().int().min(1).max(50).default(1),
});
export const examLearners = z.object({
  quiz_id: z.number().int(),
  module_id: z.number().int(),
  attempt_path: z.string(),
  learners: z.array(z.object({ id: z.number().int(), token: z.string() })),
  /** One valid answer per question, to save during the bench. */
  answers: z.array(z.object({ question_id: z.number().int(), answer: quizAnswer })),
});

let sharedHash: Promise<string> | undefined;

export async function prepareExamLearners(
  db: Db,
  config: Config,
  { count, accesses_per_learner }: z.infer<typeof examLearnersBody>,
): Promise<z.infer<typeof examLearners>> {
  const [quiz] = await db
    .select()
    .from(quizzes)
    .where(
      and(
        eq(quizzes.kind, "module"),
        eq(quizzes.status, "published"),
        exists(
          db.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.quizId, quizzes.id)),
        ),
      ),
    )
    .orderBy(asc(quizzes.id))
    .limit(1);
  if (!quiz?.moduleId) throw new AppError("not_found", "quizzes.notFound");
  sharedHash ??= hashPassword(`Bench-${randomBytes(8).toString("hex")}1!`);
  const passwordHash = await sharedHash;
  const moduleLectures = await db
    .select({ id: lectures.id, seconds: lectures.durationSeconds })
    .from(lectures)
    .where(and(eq(lectures.moduleId, quiz.moduleId), eq(lectures.status, "published")));
  const run = randomBytes(3).toString("hex");
  const now = new Date();
  const ids: number[] = [];
  for (let from = 0; from < count; from += 500) {
    const size = Math.min(500, count - from);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          username: `bench_${run}_${from + i}`,
          email: `bench_${run}_${from + i}@bench.test`,
          passwordHash,
          roleId: 1,
          firstName: "Bench",
          lastName: `Learner ${from + i}`,
          dateOfBirth: "1990-01-01",
          emailVerifiedAt: now,
          termsAcceptedAt: now,
        })),
      )
      .returning({ id: users.id });
    const chunk = rows.map((r) => r.id);
    ids.push(...chunk);
    await db.insert(userProfiles).values(chunk.map((userId) => ({ userId })));
    await db
      .insert(enrolments)
      .values(chunk.map((userId) => ({ userId, courseId: quiz.courseId, source: "admin" as const })));
    const watched = chunk.flatMap((userId) =>
      moduleLectures.map((lecture) => ({
        userId,
        lectureId: lecture.id,
        courseId: quiz.courseId,
        watchedRanges: [[0, lecture.seconds]] as [number, number][],
        watchedSeconds: lecture.seconds,
        videoWatchedAt: sql`now()`,
        quizPassedAt: sql`now()`,
        completedAt: sql`now()`,
      })),
    );
    // PostgreSQL takes at most 65535 parameters per statement (9 a row here, 4 below).
    for (let at = 0; at < watched.length; at += 5_000)
      await db.insert(lectureProgress).values(watched.slice(at, at + 5_000));
    const accesses = chunk.flatMap((userId) =>
      Array.from({ length: accesses_per_learner }, () => ({
        userId,
        quizId: quiz.id,
        source: "admin" as const,
        reason: "bench",
      })),
    );
    for (let at = 0; at < accesses.length; at += 5_000)
      await db.insert(examAccesses).values(accesses.slice(at, at + 5_000));
  }
  const questions = await loadQuestions(db, quiz.id);
  return {
    quiz_id: quiz.id,
    module_id: quiz.moduleId,
    attempt_path: `/api/iu/course-modules/${quiz.moduleId}/quiz/attempt`,
    learners: await sessionsFor(db, config, ids),
    answers: questions.map((q) => ({ question_id: q.id, answer: correctAnswerOf(q, "en").answer })),
  };
}
