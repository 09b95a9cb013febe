import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { outbox } from "../db/schema/index";

const outboxEntry = z.object({
  id: z.number(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body_text: z.string(),
  created_at: z.string(),
});

/**
 * The development outbox: every mail and SMS the platform "sent", newest first, to follow links and
 * codes without a mail server. Registered only outside production.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["development"],
        summary: "Mail and SMS sent (development only)",
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.object({ data: z.array(outboxEntry) }) },
      },
    },
    async (request) => {
      const { to, limit } = request.query;
      const rows = await app.deps.db
        .select()
        .from(outbox)
        .where(to ? eq(outbox.recipient, to.toLowerCase()) : undefined)
        .orderBy(desc(outbox.id))
        .limit(limit);
      return {
        data: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body_text: r.bodyText,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
