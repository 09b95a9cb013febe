/**
 * Development only (registered when OUTBOX_API is on): prepares learners enrolled in the title of
 * a published module exam, each with exam accesses, and returns their access tokens and one valid
 * answer per question, for the "500 learners start the same exam" bench scenario.
 */

import { randomBytes } from "node:crypto";
import { benchExamLearners, benchExamLearnersBody } from "@aprendo/contract";
import { and, asc, eq, exists } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signAccessToken } from "../auth/access-token";
import { hashPassword } from "../auth/passwords";
import { enrolments, examAccesses, quizQuestions, quizzes, userProfiles, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { loadQuestions } from "./quizzes.place";
import { correctAnswerOf } from "./quizzes.questions";

let sharedHash: Promise<string> | undefined;

export const benchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  app.post(
    "/dev/bench/exam-learners",
    {
      schema: {
        tags: ["development"],
        summary: "Learners with exam accesses on a module exam, for the bench (development only)",
        body: benchExamLearnersBody,
        response: { 200: benchExamLearners },
      },
    },
    async (request) => {
      const { count, accesses_per_learner } = request.body;
      const [quiz] = await db
        .select()
        .from(quizzes)
        .where(
          and(
            eq(quizzes.kind, "module"),
            eq(quizzes.status, "published"),
            exists(
              db
                .select({ id: quizQuestions.id })
                .from(quizQuestions)
                .where(eq(quizQuestions.quizId, quizzes.id)),
            ),
          ),
        )
        .orderBy(asc(quizzes.id))
        .limit(1);
      if (!quiz?.moduleId) throw new AppError("not_found", "quizzes.notFound");
      sharedHash ??= hashPassword(`Bench-${randomBytes(8).toString("hex")}1!`);
      const passwordHash = await sharedHash;
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
        const accesses = chunk.flatMap((userId) =>
          Array.from({ length: accesses_per_learner }, () => ({
            userId,
            quizId: quiz.id,
            source: "admin" as const,
            reason: "bench",
          })),
        );
        // PostgreSQL takes at most 65535 parameters per statement.
        for (let at = 0; at < accesses.length; at += 5_000)
          await db.insert(examAccesses).values(accesses.slice(at, at + 5_000));
      }
      const questions = await loadQuestions(db, quiz.id);
      return {
        quiz_id: quiz.id,
        module_id: quiz.moduleId,
        attempt_path: `/api/iu/course-modules/${quiz.moduleId}/quiz/attempt`,
        learners: await Promise.all(
          ids.map(async (id) => ({
            id,
            token: await signAccessToken(config.jwtSecret, { userId: id, roleId: 1 }),
          })),
        ),
        answers: questions.map((q) => ({ question_id: q.id, answer: correctAnswerOf(q, "en").answer })),
      };
    },
  );
};
