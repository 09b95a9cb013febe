/** Everything a learner does inside a title: the lecture, its files, progress, notes and Q&A. */
import type { FastifyPluginAsync } from "fastify";
import { lectureRoutes } from "./lecture.routes";
import { notesAndQaRoutes } from "./notes-qa.routes";

export const learningRoutes: FastifyPluginAsync = async (app) => {
  await app.register(lectureRoutes);
  await app.register(notesAndQaRoutes);
};
