/** The learner's weekly goal, their week of learning time, and their opt-ins to the learning mails. */
import {
  learningGoalSaved,
  learningGoalUpdate,
  learningMailSettings,
  learningMailSettingsBody,
  learningMailSettingsSaved,
  learningWeek,
  Role,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { learningWeekOf, mailSettingsOf, setMailSettings, setWeeklyGoal } from "./goals.service";

export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const learner = app.requireRole(Role.learner);
  const tags = ["learning goal"];
  const security = [{ bearer: [] }];

  app.get(
    "/iu/learning/week",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "This week's minutes per day (UTC, Monday first), my weekly goal and my streak of weeks",
        response: { 200: learningWeek },
      },
    },
    async (request) => learningWeekOf(db, currentUser(request).id),
  );

  app.put(
    "/iu/learning/goal",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "Set my weekly goal in minutes (null removes it)",
        body: learningGoalUpdate,
        response: { 200: learningGoalSaved },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const minutes = request.body.weekly_minutes;
      await setWeeklyGoal(db, userId, minutes);
      const week = await learningWeekOf(db, userId);
      return { ...week, message: request.t(minutes === null ? "goal.removed" : "goal.saved") };
    },
  );

  app.get(
    "/iu/learning/mails",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "My opt-ins to the inactivity reminder and the weekly progress mail",
        response: { 200: learningMailSettingsBody },
      },
    },
    async (request) => mailSettingsOf(db, currentUser(request).id),
  );

  app.put(
    "/iu/learning/mails",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "Opt in or out of the inactivity reminder (after N days) and the weekly progress mail",
        body: learningMailSettings,
        response: { 200: learningMailSettingsSaved },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await setMailSettings(db, userId, request.body);
      return { ...(await mailSettingsOf(db, userId)), message: request.t("goal.mailsSaved") };
    },
  );
};
