/**
 * Access management under /af: a learner's access to a title and extra exam attempts, with the
 * audit trail. Allowed to administrators holding isUserManager or isCourseManager (managing people
 * or managing the titles they are given access to).
 */
import {
  accessAuditList,
  accessChanged,
  accessLearnerList,
  accessLearnerQuery,
  accessListQuery,
  accessRevoke,
  catalogIdParams,
  courseAccessGrant,
  courseAccessList,
  examAccessGrant,
  examAccessList,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { nextPageUrl } from "../http/paging";
import * as access from "./access.service";
import { quizzesPolicy } from "./quizzes.policy";

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const manager = app.authorize(quizzesPolicy, "manageAccess");
  const tags = ["access management"];
  const security = [{ bearer: [] }];
  const page = <T>(
    request: { query: { page: number; per_page: number } },
    result: { data: T[]; total: number },
  ) => ({
    ...result,
    next_page_url: nextPageUrl(request as never, request.query.page, request.query.per_page, result.total),
  });

  app.get(
    "/af/access-management/learners",
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: "Find a learner by username, email or name",
        querystring: accessLearnerQuery,
        response: { 200: accessLearnerList },
      },
    },
    async (request) => access.searchLearners(db, request.query.q),
  );
  app.get(
    "/af/course-access-management",
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: "Learners' access to titles (enrolments), searchable",
        querystring: accessListQuery,
        response: { 200: courseAccessList },
      },
    },
    async (request) => page(request, await access.listCourseAccess(db, request.query)),
  );
  app.post(
    "/af/course-access-management",
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: "Grant a learner access to a title, with a reason",
        body: courseAccessGrant,
        response: { 201: accessChanged },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        id: await access.grantCourseAccess(db, currentUser(request), request.body),
        message: request.t("access.granted"),
      }),
  );
  app.post(
    "/af/course-access-management/:id/revoke",
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: "Revoke a learner's access to a title, with a reason",
        params: catalogIdParams,
        body: accessRevoke,
        response: { 200: accessChanged },
      },
    },
    async (request) => {
      await access.revokeCourseAccess(db, currentUser(request), request.params.id, request.body.reason);
      return { id: request.params.id, message: request.t("access.revoked") };
    },
  );
  app.get(
    "/af/exam-access-management",
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: "Exam accesses with attempts used and left, searchable",
        querystring: accessListQuery,
        response: { 200: examAccessList },
      },
    },
    async (request) => page(request, await access.listExamAccess(db, request.query)),
  );
  app.post(
    "/af/exam-access-management",
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: "Grant extra exam attempts (1 or 2), with a reason",
        body: examAccessGrant,
        response: { 201: accessChanged },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        id: await access.grantExamAccess(db, currentUser(request), request.body),
        message: request.t("access.granted"),
      }),
  );
  app.post(
    "/af/exam-access-management/:id/revoke",
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: "Revoke an exam access, with a reason",
        params: catalogIdParams,
        body: accessRevoke,
        response: { 200: accessChanged },
      },
    },
    async (request) => {
      await access.revokeExamAccess(db, currentUser(request), request.params.id, request.body.reason);
      return { id: request.params.id, message: request.t("access.revoked") };
    },
  );
  app.get(
    "/af/access-management/audit",
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: "Who granted or revoked which access, why and when",
        querystring: accessListQuery,
        response: { 200: accessAuditList },
      },
    },
    async (request) => page(request, await access.listAudit(db, request.query)),
  );
};
