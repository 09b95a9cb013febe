/** The learner's own account: DELETE /iu/me, PUT /iu/change-password, and POST /auth/restore. */
import {
  authMessageResponse,
  changePasswordRequest,
  deleteAccountRequest,
  restoreRequest,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authLimits } from "../auth/rate-limits";
import { clearRefreshCookie, sessionIdOf } from "../auth/sessions";
import { currentUser } from "../http/authenticate";
import { accountsPolicy } from "./accounts.policy";
import { changePassword, requestDeletion, restoreAccount } from "./accounts.service";

const tags = ["account"];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.delete(
    "/iu/me",
    {
      config: authLimits.deleteAccount,
      onRequest: app.authorize(accountsPolicy, "deleteOwn"),
      schema: {
        tags,
        summary: "Schedule the deletion of one's account (restorable for 14 days); logs out everywhere",
        security: [{ bearer: [] }],
        body: deleteAccountRequest,
        response: { 200: authMessageResponse },
      },
    },
    async (request, reply) => {
      await requestDeletion(deps, currentUser(request), request.body);
      clearRefreshCookie(reply, deps.config);
      return { message: request.t("auth.deletionRequested") };
    },
  );

  app.post(
    "/auth/restore",
    {
      config: authLimits.link,
      schema: {
        tags: ["auth"],
        summary: "Restore an account scheduled for deletion (token of the mailed link)",
        body: restoreRequest,
        response: { 200: authMessageResponse },
      },
    },
    async (request) => {
      await restoreAccount(deps, request.body.token);
      return { message: request.t("auth.restored") };
    },
  );

  app.put(
    "/iu/change-password",
    {
      config: authLimits.changePassword,
      onRequest: app.authorize(accountsPolicy, "changePassword"),
      schema: {
        tags,
        summary: "Change one's password (the current one confirms); other sessions end",
        security: [{ bearer: [] }],
        body: changePasswordRequest,
        response: { 200: authMessageResponse },
      },
    },
    async (request) => {
      const { current_password: currentPassword, password } = request.body;
      const keep = await sessionIdOf(request, deps.config);
      await changePassword(deps, currentUser(request).id, { currentPassword, password }, keep);
      return { message: request.t("auth.passwordChanged") };
    },
  );
};
