/**
 * The administrator hierarchy: /ha (head administrators) permission groups, administrator users and
 * their dashboard; /ma (master administrators) creation requests, head administrators and their
 * dashboard; the public invitation endpoints; and the audit log of both areas. Who may do each is in
 * administration.policy.ts.
 * Endpoint list and shapes: packages/contract/src/schemas/administration.ts.
 */
import {
  administratorCreated,
  administratorEnvelope,
  administratorGroupsInput,
  administratorInput,
  administratorList,
  administratorListQuery,
  allAdministratorsQuery,
  changeRequested,
  creationRequestList,
  creationRequestQuery,
  creationRequestRejectInput,
  errorBody,
  haDashboardBody,
  headAdministratorInput,
  idParam,
  invitationAcceptInput,
  invitationCheckBody,
  invitationCheckInput,
  maDashboardBody,
  messageBody,
  permissionGroupCreated,
  permissionGroupEnvelope,
  permissionGroupInput,
  permissionGroupList,
  permissionGroupListQuery,
  permissionGroupUpdated,
  Role,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { auditRoutes } from "../audit/audit.routes";
import { pagedList } from "../http/paging";
import { administrationPolicy } from "./administration.policy";
import {
  administratorDetail,
  createHeadAdministrator,
  listAdministrators,
  listAllAdministrators,
  requestAdministrator,
  resendInvitation,
  setAccountStatus,
  setAdministratorGroups,
  setAnyAdministratorStatus,
} from "./administrators.service";
import { headDashboard, masterDashboard } from "./dashboard.service";
import { createGroup, deleteGroup, groupDetail, listGroups, updateGroup } from "./groups.service";
import { acceptInvitation, checkInvitation } from "./invitations.service";
import { approveRequest, cancelRequest, listRequests, rejectRequest } from "./requests.service";

const params = z.object({ id: idParam });
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};

export const administrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const head = app.authorize(administrationPolicy, "manageAdministrators");
  const master = app.authorize(administrationPolicy, "superviseAdministration");

  /* ---------------------------------------------------------------- head administrators (/ha) */
  {
    const tags = ["head administration"];
    app.get(
      "/ha/dashboard",
      { onRequest: head, schema: { tags, response: { 200: haDashboardBody, ...errors } } },
      async () => headDashboard(db),
    );

    app.get(
      "/ha/permission-groups",
      {
        onRequest: head,
        schema: {
          tags,
          querystring: permissionGroupListQuery,
          response: { 200: permissionGroupList, ...errors },
        },
      },
      async (request) => pagedList(request, request.query, await listGroups(db, request.query)),
    );
    app.post(
      "/ha/permission-groups",
      {
        onRequest: head,
        schema: {
          tags,
          summary: "Create a group (it grants nothing until someone is in it)",
          body: permissionGroupInput,
          response: { 201: permissionGroupCreated, ...errors },
        },
      },
      async (request, reply) => {
        const data = await createGroup(db, auditActor(request), request.body);
        return reply.status(201).send({ message: request.t("administration.groupCreated"), data });
      },
    );
    app.get(
      "/ha/permission-groups/:id",
      {
        onRequest: head,
        schema: { tags, params, response: { 200: permissionGroupEnvelope, ...errors } },
      },
      async (request) => ({ data: await groupDetail(db, request.params.id) }),
    );
    app.put(
      "/ha/permission-groups/:id",
      {
        onRequest: head,
        schema: {
          tags,
          summary: "Rename and remove flags at once; added flags become a creation request",
          params,
          body: permissionGroupInput,
          response: { 200: permissionGroupUpdated, ...errors },
        },
      },
      async (request) => {
        const { data, requestId } = await updateGroup(
          db,
          auditActor(request),
          request.params.id,
          request.body,
        );
        const message = request.t(
          requestId ? "administration.groupSavedPending" : "administration.groupSaved",
        );
        return { message, data, request_id: requestId };
      },
    );
    app.delete(
      "/ha/permission-groups/:id",
      { onRequest: head, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await deleteGroup(db, auditActor(request), request.params.id);
        return { message: request.t("administration.groupDeleted") };
      },
    );

    app.get(
      "/ha/administrator-users",
      {
        onRequest: head,
        schema: {
          tags,
          querystring: administratorListQuery,
          response: { 200: administratorList, ...errors },
        },
      },
      async (request) =>
        pagedList(request, request.query, await listAdministrators(db, Role.admin, request.query)),
    );
    app.post(
      "/ha/administrator-users",
      {
        onRequest: head,
        schema: {
          tags,
          summary: "Ask for a new administrator: a creation request; the invitation leaves on approval",
          body: administratorInput,
          response: { 202: changeRequested, ...errors },
        },
      },
      async (request, reply) => {
        const id = await requestAdministrator(db, auditActor(request), request.body);
        return reply
          .status(202)
          .send({ message: request.t("administration.administratorRequested"), request_id: id });
      },
    );
    app.get(
      "/ha/administrator-users/:id",
      {
        onRequest: head,
        schema: { tags, params, response: { 200: administratorEnvelope, ...errors } },
      },
      async (request) => ({ data: await administratorDetail(db, request.params.id, Role.admin) }),
    );
    app.put(
      "/ha/administrator-users/:id/groups",
      {
        onRequest: head,
        schema: {
          tags,
          summary: "Set the groups: removals at once, additions become a creation request",
          params,
          body: administratorGroupsInput,
          response: { 200: changeRequested, ...errors },
        },
      },
      async (request) => {
        const id = await setAdministratorGroups(
          db,
          auditActor(request),
          request.params.id,
          request.body.group_ids,
        );
        const message = request.t(id ? "administration.groupsSavedPending" : "administration.groupsSaved");
        return { message, request_id: id };
      },
    );
    for (const [action, status] of [
      ["disable", "disabled"],
      ["enable", "active"],
    ] as const) {
      app.post(
        `/ha/administrator-users/:id/${action}`,
        { onRequest: head, schema: { tags, params, response: { 200: messageBody, ...errors } } },
        async (request) => {
          await setAccountStatus(db, auditActor(request), request.params.id, Role.admin, status);
          return { message: request.t(`administration.${status === "active" ? "enabled" : "disabled"}`) };
        },
      );
      app.post(
        `/ma/head-administrators/:id/${action}`,
        {
          onRequest: master,
          schema: { tags: ["master administration"], params, response: { 200: messageBody, ...errors } },
        },
        async (request) => {
          await setAccountStatus(db, auditActor(request), request.params.id, Role.headAdmin, status);
          return { message: request.t(`administration.${status === "active" ? "enabled" : "disabled"}`) };
        },
      );
    }
    app.post(
      "/ha/administrator-users/:id/invitation",
      { onRequest: head, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await resendInvitation(app.deps, auditActor(request), request.params.id, Role.admin);
        return { message: request.t("administration.invitationSent") };
      },
    );

    app.get(
      "/ha/creation-requests",
      {
        onRequest: head,
        schema: {
          tags,
          querystring: creationRequestQuery,
          response: { 200: creationRequestList, ...errors },
        },
      },
      async (request) => pagedList(request, request.query, await listRequests(db, request.query)),
    );
    app.post(
      "/ha/creation-requests/:id/cancel",
      { onRequest: head, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await cancelRequest(db, auditActor(request), request.params.id);
        return { message: request.t("administration.requestCancelled") };
      },
    );
  }

  /* ---------------------------------------------------------------- master administrators (/ma) */
  {
    const tags = ["master administration"];
    app.get(
      "/ma/dashboard",
      { onRequest: master, schema: { tags, response: { 200: maDashboardBody, ...errors } } },
      async () => masterDashboard(db),
    );
    app.get(
      "/ma/creation-requests",
      {
        onRequest: master,
        schema: {
          tags,
          querystring: creationRequestQuery,
          response: { 200: creationRequestList, ...errors },
        },
      },
      async (request) => pagedList(request, request.query, await listRequests(db, request.query)),
    );
    app.post(
      "/ma/creation-requests/:id/approve",
      { onRequest: master, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await approveRequest(app.deps, auditActor(request), request.params.id);
        return { message: request.t("administration.requestApproved") };
      },
    );
    app.post(
      "/ma/creation-requests/:id/reject",
      {
        onRequest: master,
        schema: { tags, params, body: creationRequestRejectInput, response: { 200: messageBody, ...errors } },
      },
      async (request) => {
        await rejectRequest(app.deps, auditActor(request), request.params.id, request.body.reason);
        return { message: request.t("administration.requestRejected") };
      },
    );
    app.get(
      "/ma/head-administrators",
      {
        onRequest: master,
        schema: {
          tags,
          querystring: administratorListQuery,
          response: { 200: administratorList, ...errors },
        },
      },
      async (request) =>
        pagedList(request, request.query, await listAdministrators(db, Role.headAdmin, request.query)),
    );
    app.post(
      "/ma/head-administrators",
      {
        onRequest: master,
        schema: {
          tags,
          summary: "Create a head administrator and mail the invitation",
          body: headAdministratorInput,
          response: { 201: administratorCreated, ...errors },
        },
      },
      async (request, reply) => {
        const data = await createHeadAdministrator(app.deps, auditActor(request), request.body);
        return reply
          .status(201)
          .send({ message: request.t("administration.headAdministratorCreated"), data });
      },
    );
    app.get(
      "/ma/administrators",
      {
        onRequest: master,
        schema: {
          tags,
          summary: "Every administrator, head and master administrator, filtered and sorted",
          querystring: allAdministratorsQuery,
          response: { 200: administratorList, ...errors },
        },
      },
      async (request) => pagedList(request, request.query, await listAllAdministrators(db, request.query)),
    );
    for (const [action, status] of [
      ["disable", "disabled"],
      ["enable", "active"],
    ] as const) {
      app.post(
        `/ma/administrators/:id/${action}`,
        {
          onRequest: master,
          schema: {
            tags,
            summary: `${action === "disable" ? "Disable" : "Enable"} any administrator but yourself`,
            params,
            response: { 200: messageBody, ...errors },
          },
        },
        async (request) => {
          await setAnyAdministratorStatus(db, auditActor(request), request.params.id, status);
          return { message: request.t(`administration.${status === "active" ? "enabled" : "disabled"}`) };
        },
      );
    }
    app.post(
      "/ma/head-administrators/:id/invitation",
      { onRequest: master, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await resendInvitation(app.deps, auditActor(request), request.params.id, Role.headAdmin);
        return { message: request.t("administration.invitationSent") };
      },
    );
  }

  /* ---------------------------------------------------------------- invitations (public) */
  {
    const tags = ["administrator invitations"];
    const config = { rateLimit: { max: 20, timeWindow: "1 minute" } };
    app.post(
      "/administration/invitation/check",
      {
        config,
        schema: { tags, body: invitationCheckInput, response: { 200: invitationCheckBody, ...errors } },
      },
      async (request) => ({ data: await checkInvitation(app.deps, request.body.token) }),
    );
    app.post(
      "/administration/invitation/accept",
      {
        config: { rateLimit: { max: 10, timeWindow: "15 minutes" } },
        schema: { tags, body: invitationAcceptInput, response: { 200: messageBody, ...errors } },
      },
      async (request) => {
        await acceptInvitation(app.deps, request.body.token, request.body.password);
        return { message: request.t("administration.passwordSet") };
      },
    );
  }

  await app.register(auditRoutes);
};
