/**
 * Development and browser-test helpers (registered only when the dev outbox API is on, never in a
 * real deployment): create notifications for a user, or create and publish a global notification.
 */
import { notificationAction } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { createGlobalNotification, notify, publishGlobalNotification } from "./notifications.service";

const localized = z.object({ en: z.string().min(1).max(500), es: z.string().min(1).max(500) });

export const devNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    "/dev/notifications",
    {
      schema: {
        tags: ["development"],
        summary: "Create notifications for a user (development only)",
        body: z.object({
          username: z.string().min(1),
          type: z.number().int().min(1).max(5),
          title: localized,
          description: localized,
          action: notificationAction.optional(),
          count: z.number().int().min(1).max(100).default(1),
        }),
        response: { 201: z.object({ ids: z.array(z.number()) }) },
      },
    },
    async (request, reply) => {
      const { username, type, title, description, action, count } = request.body;
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!user) throw new AppError("not_found");
      const ids: number[] = [];
      for (let n = 1; n <= count; n += 1) {
        const suffix = count > 1 ? ` ${n}` : "";
        const { id } = await notify(
          { db },
          {
            userId: user.id,
            type: type as 1 | 2 | 3 | 4 | 5,
            title: { en: title.en + suffix, es: title.es + suffix },
            description,
            ...(action ? { action } : {}),
          },
        );
        ids.push(id);
      }
      return reply.status(201).send({ ids });
    },
  );

  app.post(
    "/dev/global-notifications",
    {
      schema: {
        tags: ["development"],
        summary: "Create and publish a global notification (development only)",
        body: z.object({
          title: localized,
          description: localized,
          show_as_modal: z.boolean().default(false),
        }),
        response: { 201: z.object({ id: z.number(), recipients: z.number() }) },
      },
    },
    async (request, reply) => {
      const { title, description, show_as_modal } = request.body;
      const { id } = await createGlobalNotification(
        { db },
        { title, description, showAsModal: show_as_modal },
      );
      const { recipients } = await publishGlobalNotification({ db }, id);
      return reply.status(201).send({ id, recipients });
    },
  );
};
