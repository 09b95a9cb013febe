/** /af/global-notifications (overview, create, {id}) for the global notifications manager (spec sections 2 and 6). */
import {
  errorBody,
  globalNotificationEnvelope,
  globalNotificationInput,
  globalNotificationList,
  globalNotificationListQuery,
  idParam,
  messageBody,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { pagedList } from "../http/paging";
import { globalNotificationsPolicy } from "./global-notifications.policy";
import {
  createGlobal,
  deleteGlobal,
  getGlobalNotificationAdmin,
  listGlobalNotifications,
  publishGlobal,
  updateGlobal,
} from "./global-notifications.service";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export const globalNotificationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const onRequest = app.authorize(globalNotificationsPolicy, "manage");
  const tags = ["global notification administration"];
  const path = "/af/global-notifications";

  app.get(
    path,
    {
      onRequest,
      schema: {
        tags,
        querystring: globalNotificationListQuery,
        response: { 200: globalNotificationList, ...errors },
      },
    },
    async (request) => pagedList(request, request.query, await listGlobalNotifications(db, request.query)),
  );
  app.post(
    path,
    {
      onRequest,
      schema: {
        tags,
        summary: "Write a global notification; publish: true sends it to every learner at once",
        body: globalNotificationInput,
        response: { 201: globalNotificationEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createGlobal(db, request.body, currentUser(request).id);
      const message = request.t(
        data.published_at ? "globalNotifications.published" : "globalNotifications.saved",
      );
      return reply.status(201).send({ message, data });
    },
  );
  app.get(
    `${path}/:id`,
    { onRequest, schema: { tags, params, response: { 200: globalNotificationEnvelope, ...errors } } },
    async (request) => ({ data: await getGlobalNotificationAdmin(db, request.params.id) }),
  );
  app.put(
    `${path}/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Edit a notification not yet published (409 after publishing)",
        params,
        body: globalNotificationInput,
        response: { 200: globalNotificationEnvelope, ...errors },
      },
    },
    async (request) => {
      const data = await updateGlobal(db, request.params.id, request.body);
      return {
        message: request.t(
          request.body.publish ? "globalNotifications.published" : "globalNotifications.saved",
        ),
        data,
      };
    },
  );
  app.post(
    `${path}/:id/publish`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Send it to every learner",
        params,
        response: { 200: globalNotificationEnvelope, ...errors },
      },
    },
    async (request) => {
      await publishGlobal(db, request.params.id);
      return {
        message: request.t("globalNotifications.published"),
        data: await getGlobalNotificationAdmin(db, request.params.id),
      };
    },
  );
  app.delete(
    `${path}/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Delete a draft or retract a published notification",
        params,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await deleteGlobal(db, request.params.id);
      return { message: request.t("globalNotifications.deleted") };
    },
  );
};
