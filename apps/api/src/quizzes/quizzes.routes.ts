/** Quizzes and exams: the learner's flow, authoring and bulk upload, access management (and a bench helper in development). */
import type { FastifyPluginAsync } from "fastify";
import { accessRoutes } from "./access.routes";
import { attemptRoutes } from "./attempts.routes";
import { quizAuthoringRoutes } from "./authoring.routes";
import { benchRoutes } from "./bench.routes";

export const quizRoutes: FastifyPluginAsync = async (app) => {
  await app.register(attemptRoutes);
  await app.register(quizAuthoringRoutes);
  await app.register(accessRoutes);
  if (app.deps.config.outboxApi) await app.register(benchRoutes);
};
