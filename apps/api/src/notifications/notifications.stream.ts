/**
 * Live notifications by server-sent events: GET /api/notifications/stream?ticket=...
 *
 * EventSource cannot send an Authorization header, so the browser first asks
 * POST /api/notifications/stream-ticket (with its bearer token) for a ticket: a JWT signed with the
 * server secret, valid for 60 seconds, good only for opening a stream. Unlike the access token in
 * the URL, a ticket that leaks into an access log is useless a minute later and opens nothing else.
 * It is stateless, so any node accepts a ticket issued by another. When the stream drops, the client
 * asks for a new ticket and reconnects.
 *
 * A ticket names the session it was asked with; when that session ends (logout, password change or
 * reset, an account disabled...) the stream is closed on whichever node holds it (auth/sessions.ts).
 *
 * Events: `ready` once, `notification` ({ id } or {} for a global one) and `changed` (read state
 * changed in another tab or device); a comment line every 25 s keeps proxies from closing the stream.
 * `reconnect` is the last event of a stream whose node is stopping.
 */

import type { ServerResponse } from "node:http";
import { streamTicketBody } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signHs256, verifyHs256 } from "../auth/hs256";
import { isSessionLive } from "../auth/sessions";
import { users } from "../db/schema/index";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import type { HubEvent } from "./notifications.events";
import { NotificationHub } from "./notifications.hub";
import { notificationsPolicy } from "./notifications.policy";

export const STREAM_TICKET_SECONDS = 60;
const HEARTBEAT_MS = 25_000;

/** A ticket names the session it was asked with: the stream ends with that session (docs/security.md). */
export async function signStreamTicket(secret: string, userId: number, sessionId: string): Promise<string> {
  return signHs256(secret, { typ: "stream", sub: String(userId), sid: sessionId }, STREAM_TICKET_SECONDS)
    .token;
}

async function verifyStreamTicket(
  secret: string,
  ticket: string,
): Promise<{ userId: number; sessionId: string } | null> {
  const claims = verifyHs256(secret, ticket, "stream");
  if (!claims || typeof claims.sid !== "string") return null;
  return { userId: Number(claims.sub), sessionId: claims.sid };
}

function eventFor(event: HubEvent): string {
  if (event.kind === "changed") return "event: changed\ndata: {}\n\n";
  const data = event.kind === "notification" ? { id: event.id } : {};
  return `event: notification\ndata: ${JSON.stringify(data)}\n\n`;
}

export const notificationStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new NotificationHub(app.deps.pool.options, app.log);
  const open = new Set<ServerResponse>();
  // Open streams would keep the server from closing: end them first, politely. A node that stops
  // (deploy, scale-in) says so, and asks for a quick retry: the browser's next ticket and stream land
  // on a node that runs.
  app.addHook("preClose", async () => {
    for (const res of open) if (!res.writableEnded) res.end("retry: 1000\nevent: reconnect\ndata: {}\n\n");
    open.clear();
  });
  app.addHook("onClose", async () => hub.close());

  app.post(
    "/notifications/stream-ticket",
    {
      onRequest: app.authorize(notificationsPolicy, "followOwn"),
      schema: {
        tags: ["notifications"],
        summary: "A 60-second ticket to open the notification event stream",
        security: [{ bearer: [] }],
        response: { 200: streamTicketBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Behind the door the caller always came with a live session.
      if (!user.sessionId) throw new AppError("unauthenticated");
      return {
        ticket: await signStreamTicket(app.deps.config.jwtSecret, user.id, user.sessionId),
        expires_in: STREAM_TICKET_SECONDS,
      };
    },
  );

  app.get(
    "/notifications/stream",
    {
      schema: {
        tags: ["notifications"],
        summary: "Live notification events (text/event-stream)",
        querystring: z.object({ ticket: z.string().min(1).max(2000) }),
      },
    },
    async (request, reply) => {
      const claims = await verifyStreamTicket(app.deps.config.jwtSecret, request.query.ticket);
      if (claims === null) throw new AppError("unauthenticated");
      const [user] = await app.deps.db
        .select({ id: users.id, roleId: users.roleId, status: users.status })
        .from(users)
        .where(eq(users.id, claims.userId));
      if (user?.status !== "active") throw new AppError("unauthenticated");

      const res = reply.raw;
      const send = (text: string) => {
        if (!res.writableEnded) res.write(text);
      };
      const unsubscribe = await hub.subscribe({
        userId: user.id,
        roleId: user.roleId,
        sessionId: claims.sessionId,
        send: (event) => send(eventFor(event)),
        end: () => res.end(),
      });
      // Checked after subscribing, so an ending that lands in between is seen one way or the other.
      if (!(await isSessionLive(app.deps.db, claims.sessionId))) {
        unsubscribe();
        throw new AppError("unauthenticated");
      }
      reply.hijack();
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      open.add(res);
      app.metrics.sseConnections.inc();
      send("retry: 5000\nevent: ready\ndata: {}\n\n");
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      request.raw.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
        app.metrics.sseConnections.dec();
      });
    },
  );
};
