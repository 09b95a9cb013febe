/** /af/users: the user manager's list, one account, disabling, deleting (permission 7) and the CSV export (permission 28). */
import {
  adminUserProfileInput,
  errorBody,
  idParam,
  messageBody,
  messageKey,
  userAdminEnvelope,
  userAdminList,
  userFilters,
  userListQuery,
  userStatusInput,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../../audit/actor";
import { exportUsers } from "./users.export";
import { usersPolicy } from "./users.policy";
import {
  deleteUser,
  listUsers,
  sendPasswordResetLink,
  setUserStatus,
  updateUserProfile,
  userDetail,
} from "./users.service";

const params = z.object({ id: idParam });
const errors = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
};
const tags = ["user administration"];

export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const userManager = app.authorize(usersPolicy, "manage");

  app.get(
    "/af/users",
    {
      onRequest: userManager,
      schema: {
        tags,
        summary:
          "Users, newest first or in the `sort` order, filtered; keyset paging with `cursor` (the last id shown)",
        querystring: userListQuery,
        response: { 200: userAdminList, ...errors },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.get(
    "/af/users/export.csv",
    {
      onRequest: app.authorize(usersPolicy, "export"),
      schema: {
        tags,
        summary: "The filtered users as CSV, streamed in batches (never the whole table in memory)",
        querystring: userFilters,
        response: errors,
      },
    },
    async (request, reply) => {
      const csv = await exportUsers(db, auditActor(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="users-${day}.csv"`)
          .header("cache-control", "private, no-store")
          // A stream, not a JSON body: the response schemas describe only the error answers.
          .send(csv as never)
      );
    },
  );

  app.get(
    "/af/users/:id",
    {
      onRequest: userManager,
      schema: { tags, params, response: { 200: userAdminEnvelope, ...errors } },
    },
    async (request) => ({ data: await userDetail(db, request.params.id, request.language) }),
  );

  app.put(
    "/af/users/:id/status",
    {
      onRequest: userManager,
      schema: {
        tags,
        summary: "Disable a learner's account (refused at once, sessions ended) or enable it again",
        params,
        body: userStatusInput,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await setUserStatus(db, auditActor(request), request.params.id, request.body.status);
      return {
        message: request.t(
          request.body.status === "disabled" ? "backoffice.userDisabled" : "backoffice.userEnabled",
        ),
      };
    },
  );

  app.put(
    "/af/users/:id/profile",
    {
      onRequest: userManager,
      schema: {
        tags,
        summary: "Correct a learner's profile (the learner's own form rules); audited with a before/after",
        params,
        body: adminUserProfileInput,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await updateUserProfile(db, auditActor(request), request.params.id, request.body);
      return { message: request.t("backoffice.userProfileSaved") };
    },
  );

  app.post(
    "/af/users/:id/password-reset",
    {
      onRequest: userManager,
      // The per-account wait (one link a minute) is in the service; this bounds one administrator.
      config: { rateLimit: { max: 20, timeWindow: "1 hour" } },
      schema: {
        tags,
        summary: "Mail a learner the password-reset link of the forgot-password flow; audited",
        params,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      const address = await sendPasswordResetLink(app.deps, auditActor(request), request.params.id);
      return { message: request.t(messageKey("backoffice.resetLinkSent", { email: address })) };
    },
  );

  app.delete(
    "/af/users/:id",
    {
      onRequest: app.authorize(usersPolicy, "delete"),
      schema: {
        tags,
        summary: "Delete a learner's account: the grace period starts, then the account is erased",
        params,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await deleteUser(db, auditActor(request), request.params.id);
      return { message: request.t(messageKey("backoffice.userDeleted")) };
    },
  );
};
