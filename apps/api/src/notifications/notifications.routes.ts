/** Notification calls of spec section 7, for learners (iu/...) and administrators (admins/...). */
import {
  globalNotificationView,
  idParam,
  notificationList,
  notificationListQuery,
  notificationRead,
  unreadCountBody,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { listNotifications } from "./notifications.inbox";
import { notificationsPolicy } from "./notifications.policy";
import {
  getGlobalNotification,
  markAllRead,
  markGlobalRead,
  markModalRead,
  markRead,
} from "./notifications.service";
import { notificationStreamRoutes } from "./notifications.stream";

const tags = ["notifications"];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  for (const [path, action] of [
    ["/iu/notifications/me", "readLearnerInbox"],
    ["/admins/notifications/me", "readAdminInbox"],
  ] as const) {
    app.get(
      path,
      {
        onRequest: app.authorize(notificationsPolicy, action),
        schema: {
          tags,
          security,
          summary: "My notifications, newest first, with the unread count and the modal to show",
          querystring: notificationListQuery,
          response: { 200: notificationList },
        },
      },
      async (request) =>
        listNotifications(app.deps.pool, {
          userId: currentUser(request).id,
          language: request.language,
          cursor: request.query.cursor,
          perPage: request.query.per_page,
          basePath: `/api${path}`,
        }),
    );
  }

  app.put(
    "/notifications/:id/read",
    {
      onRequest: app.authorize(notificationsPolicy, "followOwn"),
      schema: {
        tags,
        security,
        summary: "Mark one of my notifications read",
        params: idParams,
        response: { 200: notificationRead },
      },
    },
    async (request) => {
      const result = await markRead(db, currentUser(request).id, request.params.id, request.language);
      return { data: result.notification, count_unread_notifications: result.count_unread_notifications };
    },
  );

  for (const [path, action] of [
    ["/iu/notifications/all/read", "readLearnerInbox"],
    ["/admins/notifications/all/read", "readAdminInbox"],
  ] as const) {
    app.put(
      path,
      {
        onRequest: app.authorize(notificationsPolicy, action),
        schema: {
          tags,
          security,
          summary: "Mark all my notifications read",
          response: { 200: unreadCountBody },
        },
      },
      async (request) => markAllRead(db, currentUser(request).id),
    );
  }

  app.get(
    "/iu/global-notifications/:id",
    {
      onRequest: app.authorize(notificationsPolicy, "readGlobal"),
      schema: {
        tags,
        security,
        summary: "A published global notification",
        params: idParams,
        response: { 200: globalNotificationView },
      },
    },
    async (request) => ({ data: await getGlobalNotification(db, request.params.id, request.language) }),
  );

  app.put(
    "/iu/global-notifications/modal/read",
    {
      onRequest: app.authorize(notificationsPolicy, "readGlobal"),
      schema: {
        tags,
        security,
        summary: "The global notification modal was seen",
        response: { 200: unreadCountBody },
      },
    },
    async (request) => markModalRead(db, currentUser(request).id),
  );

  app.put(
    "/iu/global-notifications/:id/read",
    {
      onRequest: app.authorize(notificationsPolicy, "readGlobal"),
      schema: {
        tags,
        security,
        summary: "Mark a global notification read",
        params: idParams,
        response: { 200: unreadCountBody },
      },
    },
    async (request) => markGlobalRead(db, currentUser(request).id, request.params.id),
  );

  await app.register(notificationStreamRoutes);
};
