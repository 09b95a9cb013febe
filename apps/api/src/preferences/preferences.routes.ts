import { languageUpdate, languageUpdated } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { preferencesPolicy } from "./preferences.policy";
import { saveLanguage } from "./preferences.service";

/** PUT me/language: the interface language chosen in the app, kept on the account (every role). */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/me/language",
    {
      onRequest: app.authorize(preferencesPolicy, "changeOwn"),
      schema: {
        tags: ["preferences"],
        security: [{ bearer: [] }],
        summary: "Save my interface language (1 English, 2 Spanish)",
        body: languageUpdate,
        response: { 200: languageUpdated },
      },
    },
    async (request) => {
      const languageId = request.body.language_id;
      await saveLanguage(app.deps.db, currentUser(request).id, languageId);
      return { language_id: languageId };
    },
  );
};
