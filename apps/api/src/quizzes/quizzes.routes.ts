/** Quizzes and exams: the learner's flow, authoring and bulk upload, access management, accessibility accommodations. */
import type { FastifyPluginAsync } from "fastify";
import { accessRoutes } from "./access.routes";
import { accommodationRoutes } from "./accommodations.routes";
import { attemptRoutes } from "./attempts.routes";
import { quizAuthoringRoutes } from "./authoring.routes";

export const quizRoutes: FastifyPluginAsync = async (app) => {
  await app.register(attemptRoutes);
  await app.register(quizAuthoringRoutes);
  await app.register(accessRoutes);
  await app.register(accommodationRoutes);
};
