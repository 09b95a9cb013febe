/**
 * Everything a learner does inside a title (the lecture, its files, progress, notes and Q&A), and
 * their weekly goal, week and learning mails.
 */
import type { FastifyPluginAsync } from "fastify";
import { captionRoutes } from "./captions.routes";
import { goalRoutes } from "./goals.routes";
import { lectureRoutes } from "./lecture.routes";
import { notesAndQaRoutes } from "./notes-qa.routes";
import { unsubscribeRoutes } from "./reminders.routes";
import { resourceRoutes } from "./resources.routes";

export const learningRoutes: FastifyPluginAsync = async (app) => {
  await app.register(lectureRoutes);
  await app.register(captionRoutes);
  await app.register(resourceRoutes);
  await app.register(notesAndQaRoutes);
  await app.register(goalRoutes);
  await app.register(unsubscribeRoutes);
};
