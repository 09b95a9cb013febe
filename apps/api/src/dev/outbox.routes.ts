import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { latestMessages } from "../mail/messaging.service";

const outboxEntry = z.object({
  id: z.number(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body_text: z.string(),
  created_at: z.string(),
});

/**
 * The addresses of this machine's loopback interface. A connection from 127.0.0.2 (another
 * loopback-range address a second local server can bind) is not one of them: fail closed.
 */
const loopbackSockets = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The development outbox: every mail and SMS the platform "sent", newest first, to follow links and
 * codes without a mail server. Registered only in demo mode (app.ts), and even then it answers only
 * a client connected from this machine: judged by the TCP socket's own address, never by `request.ip`
 * or X-Forwarded-For, which a client or a proxy in front can make say anything. Everyone else gets
 * the ordinary "no such address" 404, as in production where the route does not exist.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (request, reply) => {
    const address = request.socket.remoteAddress;
    if (address !== undefined && loopbackSockets.has(address)) return;
    request.log.warn({ remoteAddress: address, url: request.url }, "outbox refused: not a loopback client");
    return reply.callNotFound();
  });

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
      const rows = await latestMessages(app.deps.db, request.query.to, request.query.limit);
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
