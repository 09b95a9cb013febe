/**
 * The routes every side of a ticket shares (guest link, learner, desk): read it, reply, resolve,
 * reopen, and fetch a screenshot. Each side mounts them under its prefix with its own way of saying
 * who the viewer is.
 */
import {
  errorBody,
  idParam,
  supportLimits,
  ticketDetail,
  ticketDetailEnvelope,
  ticketMessageInput,
} from "@aprendo/contract";
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "../http/send-file";
import { parseFields, readSubmission } from "../http/submission";
import type { StoredFile } from "../storage/storage";
import { checkScreenshots, screenshotTooLarge } from "./screenshots";
import { findAttachment } from "./tickets.files";
import type { TicketViewer } from "./tickets.policy";
import { ticketDetail as loadDetail } from "./tickets.queries";
import { addMessage, reopenTicket, resolveTicket } from "./tickets.service";

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export type ThreadOptions = {
  prefix: string;
  tag: string;
  /** Authentication, run before validation so a caller without access never learns about fields. */
  guard?: onRequestAsyncHookHandler;
  querystring?: z.ZodObject;
  viewerOf: (request: FastifyRequest) => TicketViewer;
  rateLimit?: { max: number; timeWindow: string };
};

const ticketParams = z.object({ id: idParam });
const attachmentParams = z.object({ id: idParam, attachmentId: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export function threadRoutes(app: ZodApp, options: ThreadOptions) {
  const { prefix, viewerOf } = options;
  const base = {
    ...(options.guard ? { onRequest: options.guard } : {}),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
  };
  const query = options.querystring ? { querystring: options.querystring } : {};

  app.get(
    `${prefix}/:id`,
    {
      ...base,
      schema: {
        tags: [options.tag],
        summary: "One ticket with its thread and what the caller may do",
        params: ticketParams,
        ...query,
        response: { 200: z.object({ data: ticketDetail }), ...errors },
      },
    },
    async (request) => ({ data: await loadDetail(app.deps.db, viewerOf(request), request.params.id) }),
  );

  app.post(
    `${prefix}/:id/messages`,
    {
      ...base,
      schema: {
        tags: [options.tag],
        summary: `Reply in the thread (multipart: body, screenshots up to ${supportLimits.ticketScreenshotsMax})`,
        consumes: ["multipart/form-data", "application/json"],
        multipart: { files: ["screenshots"], fields: ticketMessageInput },
        params: ticketParams,
        ...query,
        response: { 201: ticketDetailEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const submission = await readSubmission(request, {
        maxFileBytes: supportLimits.ticketScreenshotMaxBytes,
        tooLarge: screenshotTooLarge,
      });
      const input = parseFields(ticketMessageInput, submission.fields);
      const images = await checkScreenshots(submission);
      await addMessage(app.deps, viewer, request.params.id, input.body, images);
      const data = await loadDetail(app.deps.db, viewer, request.params.id);
      return reply.status(201).send({ message: request.t("support.replySent"), data });
    },
  );

  for (const [action, run, done] of [
    ["resolve", resolveTicket, "support.ticketResolved"],
    ["reopen", reopenTicket, "support.ticketReopened"],
  ] as const) {
    app.put(
      `${prefix}/:id/${action}`,
      {
        ...base,
        schema: {
          tags: [options.tag],
          summary: action === "resolve" ? "Mark the ticket resolved" : "Reopen a resolved ticket",
          params: ticketParams,
          ...query,
          response: { 200: ticketDetailEnvelope, ...errors },
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        await run(app.deps, viewer, request.params.id);
        return { message: request.t(done), data: await loadDetail(app.deps.db, viewer, request.params.id) };
      },
    );
  }

  app.get(
    `${prefix}/:id/attachments/:attachmentId`,
    {
      ...base,
      schema: {
        tags: [options.tag],
        summary: "A screenshot of the ticket (only for whoever may read the ticket)",
        params: attachmentParams,
        ...query,
        response: { 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { row, file } = await findAttachment(
        app.deps,
        viewerOf(request),
        request.params.id,
        request.params.attachmentId,
      );
      return sendPrivateImage(request, reply, file, row.mimeType, row.fileName);
    },
  );
}

/** Streams a private image: never cached by shared caches, never sniffed into something else. */
export function sendPrivateImage(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  mimeType: string,
  fileName: string,
) {
  return sendStoredFile(request, reply, file, {
    type: mimeType,
    cacheControl: "private, no-store",
    filename: fileName,
  });
}
