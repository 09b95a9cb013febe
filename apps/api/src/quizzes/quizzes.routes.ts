/** Quizzes and exams: the learner's flow, authoring and bulk upload, access management. */
import type { FastifyPluginAsync } from "fastify";
import { accessRoutes } from "./access.routes";
import { attemptRoutes } from "./attempts.routes";
import { quizAuthoringRoutes } from "./authoring.routes";

export const quizRoutes: FastifyPluginAsync = async (app) => {
  await app.register(attemptRoutes);
  await app.register(quizAuthoringRoutes);
  await app.register(accessRoutes);
};
