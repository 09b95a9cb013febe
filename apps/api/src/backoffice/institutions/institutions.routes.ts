/**
 * /af/institutions and /af/classes. The pages are role-guarded (spec section 6), so any
 * administrator reads them; changes need the user manager flag, and enrolling a class in a title
 * needs user or course management, as granting titles by hand does (course-access-management).
 */
import {
  classEnrolmentInput,
  classEnrolmentResult,
  classEnvelope,
  classInput,
  classList,
  classListQuery,
  classMembersInput,
  classMembersResult,
  classSaved,
  courseOptions as courseOptionsBody,
  errorBody,
  idParam,
  institution,
  institutionInput,
  institutionList,
  institutionListQuery,
  institutionSaved,
  messageBody,
  messageKey,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../../audit/actor";
import { pagedList } from "../../http/paging";
import { institutionsPolicy } from "./institutions.policy";
import {
  addMembers,
  courseOptions,
  deleteClass,
  deleteInstitution,
  enrolClass,
  getClass,
  getInstitution,
  listClasses,
  listInstitutions,
  removeMember,
  saveClass,
  saveInstitution,
} from "./institutions.service";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export const institutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const admin = app.authorize(institutionsPolicy, "read");
  const manager = app.authorize(institutionsPolicy, "manage");
  const tags = ["institutions and classes"];

  app.get(
    "/af/institutions",
    {
      onRequest: admin,
      schema: { tags, querystring: institutionListQuery, response: { 200: institutionList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await listInstitutions(db, request.query);
      return pagedList(request, request.query, { data: rows, total });
    },
  );
  app.post(
    "/af/institutions",
    {
      onRequest: manager,
      schema: {
        tags,
        body: institutionInput,
        response: { 201: institutionSaved, ...errors },
      },
    },
    async (request, reply) => {
      const data = await saveInstitution(db, auditActor(request), null, request.body);
      return reply.code(201).send({ message: request.t("backoffice.institutionSaved"), data });
    },
  );
  app.get(
    "/af/institutions/:id",
    {
      onRequest: admin,
      schema: { tags, params, response: { 200: z.object({ data: institution }), ...errors } },
    },
    async (request) => ({ data: await getInstitution(db, request.params.id) }),
  );
  app.put(
    "/af/institutions/:id",
    {
      onRequest: manager,
      schema: {
        tags,
        params,
        body: institutionInput,
        response: { 200: institutionSaved, ...errors },
      },
    },
    async (request) => ({
      message: request.t("backoffice.institutionSaved"),
      data: await saveInstitution(db, auditActor(request), request.params.id, request.body),
    }),
  );
  app.delete(
    "/af/institutions/:id",
    { onRequest: manager, schema: { tags, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await deleteInstitution(db, auditActor(request), request.params.id);
      return { message: request.t("backoffice.institutionDeleted") };
    },
  );

  app.get(
    "/af/classes",
    {
      onRequest: admin,
      schema: { tags, querystring: classListQuery, response: { 200: classList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await listClasses(db, request.query);
      return pagedList(request, request.query, { data: rows, total });
    },
  );
  app.post(
    "/af/classes",
    {
      onRequest: manager,
      schema: {
        tags,
        body: classInput,
        response: { 201: classSaved, ...errors },
      },
    },
    async (request, reply) => {
      const data = await saveClass(db, auditActor(request), null, request.body, request.language);
      return reply.code(201).send({ message: request.t("backoffice.classSaved"), data });
    },
  );
  app.get(
    "/af/classes/:id",
    {
      onRequest: admin,
      schema: { tags, params, response: { 200: classEnvelope, ...errors } },
    },
    async (request) => ({ data: await getClass(db, request.params.id, request.language) }),
  );
  app.put(
    "/af/classes/:id",
    {
      onRequest: manager,
      schema: {
        tags,
        params,
        body: classInput,
        response: { 200: classSaved, ...errors },
      },
    },
    async (request) => ({
      message: request.t("backoffice.classSaved"),
      data: await saveClass(db, auditActor(request), request.params.id, request.body, request.language),
    }),
  );
  app.delete(
    "/af/classes/:id",
    { onRequest: manager, schema: { tags, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await deleteClass(db, auditActor(request), request.params.id);
      return { message: request.t("backoffice.classDeleted") };
    },
  );
  app.post(
    "/af/classes/:id/members",
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "Add learners by username or email; the class's titles are granted to them",
        params,
        body: classMembersInput,
        response: { 200: classMembersResult, ...errors },
      },
    },
    async (request) => {
      const result = await addMembers(db, auditActor(request), request.params.id, request.body.identifiers);
      return {
        message: request.t(messageKey("backoffice.membersAdded", { count: result.added })),
        ...result,
      };
    },
  );
  app.delete(
    "/af/classes/:id/members/:userId",
    {
      onRequest: manager,
      schema: {
        tags,
        params: z.object({ id: idParam, userId: idParam }),
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await removeMember(db, auditActor(request), request.params.id, request.params.userId);
      return { message: request.t("backoffice.memberRemoved") };
    },
  );
  app.post(
    "/af/classes/:id/enrolments",
    {
      onRequest: app.authorize(institutionsPolicy, "enrolClass"),
      schema: {
        tags,
        summary: "Enrol every member of the class in a title (and members who join later)",
        params,
        body: classEnrolmentInput,
        response: { 200: classEnrolmentResult, ...errors },
      },
    },
    async (request) => {
      const result = await enrolClass(db, auditActor(request), request.params.id, request.body.course_id);
      return {
        message: request.t(messageKey("backoffice.classEnrolled", { count: result.enrolled })),
        ...result,
      };
    },
  );
  app.get(
    "/af/course-options",
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Published and coming-soon titles to enrol a class in",
        response: { 200: courseOptionsBody, ...errors },
      },
    },
    async (request) => ({ data: await courseOptions(db, request.language) }),
  );
};
