/** "Can't log in?": the public request form's endpoint and /af/external-login-issues. */
import {
  errorBody,
  idParam,
  loginIssueActed,
  loginIssueActionInput,
  loginIssueEnvelope,
  loginIssueInput,
  loginIssueList,
  loginIssueListQuery,
  messageBody,
  messageKey,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../../audit/actor";
import { currentUser } from "../../http/authenticate";
import { pagedList } from "../../http/paging";
import { loginIssuesPolicy } from "./login-issues.policy";
import { getIssue, listIssues, recordAction, submitIssue } from "./login-issues.service";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const tags = ["external login issues"];

export const loginIssueRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.authorize(loginIssuesPolicy, "read");

  app.post(
    "/external-login-issues",
    {
      config: { rateLimit: { max: 5, timeWindow: "1 hour" } },
      schema: {
        tags,
        summary: "A person who cannot log in asks for help (public; answered at the contact email)",
        body: loginIssueInput,
        response: { 201: messageBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await submitIssue(app.deps, request.body, request.language);
      return reply.code(201).send({
        message: request.t(
          messageKey("backoffice.loginIssueReceived", { email: request.body.contact_email }),
        ),
      });
    },
  );

  app.get(
    "/af/external-login-issues",
    {
      onRequest: admin,
      schema: { tags, querystring: loginIssueListQuery, response: { 200: loginIssueList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await listIssues(app.deps.db, request.query);
      return pagedList(request, request.query, { data: rows, total });
    },
  );
  app.get(
    "/af/external-login-issues/:id",
    {
      onRequest: admin,
      schema: { tags, params, response: { 200: loginIssueEnvelope, ...errors } },
    },
    async (request) => ({ data: await getIssue(app.deps.db, request.params.id) }),
  );
  app.post(
    "/af/external-login-issues/:id/actions",
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          "Record what was done; changing the account (email, phone, reset link) needs the user manager flag",
        params,
        body: loginIssueActionInput,
        response: { 200: loginIssueActed, ...errors },
      },
    },
    async (request) => ({
      message: request.t("backoffice.loginIssueSaved"),
      data: await recordAction(
        app.deps,
        currentUser(request),
        auditActor(request),
        request.params.id,
        request.body,
      ),
    }),
  );
};
