/** The learner's weekly goal, their week of learning time, and their opt-ins to the learning mails. */
import {
  learningGoalSaved,
  learningGoalUpdate,
  learningMailSettings,
  learningMailSettingsBody,
  learningMailSettingsSaved,
  learningWeek,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { goalsPolicy } from "./goals.policy";
import { learningWeekOf, mailSettingsOf, setMailSettings, setWeeklyGoal } from "./goals.service";

export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const learner = app.authorize(goalsPolicy, "setOwn");
  /** Every route here is the signed-in learner's own: the same guard, tag and security. */
  const own = <S extends object>(summary: string, schema: S) => ({
    onRequest: learner,
    schema: { tags: ["learning goal"], security: [{ bearer: [] }], summary, ...schema },
  });

  app.get(
    "/iu/learning/week",
    own("This week's minutes per day (UTC, Monday first), my weekly goal and my streak of weeks", {
      response: { 200: learningWeek },
    }),
    async (request) => learningWeekOf(db, currentUser(request).id),
  );

  // Each change answers the state it leaves (the week, or the opt-ins) with its message.
  app.put(
    "/iu/learning/goal",
    own("Set my weekly goal in minutes (null removes it)", {
      body: learningGoalUpdate,
      response: { 200: learningGoalSaved },
    }),
    async (request) => {
      const userId = currentUser(request).id;
      const minutes = request.body.weekly_minutes;
      await setWeeklyGoal(db, userId, minutes);
      return {
        ...(await learningWeekOf(db, userId)),
        message: request.t(minutes === null ? "goal.removed" : "goal.saved"),
      };
    },
  );

  app.get(
    "/iu/learning/mails",
    own("My opt-ins to the inactivity reminder and the weekly progress mail", {
      response: { 200: learningMailSettingsBody },
    }),
    async (request) => mailSettingsOf(db, currentUser(request).id),
  );

  app.put(
    "/iu/learning/mails",
    own("Opt in or out of the inactivity reminder (after N days) and the weekly progress mail", {
      body: learningMailSettings,
      response: { 200: learningMailSettingsSaved },
    }),
    async (request) => {
      const userId = currentUser(request).id;
      await setMailSettings(db, userId, request.body);
      return { ...(await mailSettingsOf(db, userId)), message: request.t("goal.mailsSaved") };
    },
  );
};
