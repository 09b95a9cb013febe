/**
 * Tickets without an account (spec section 1): a guest opens one at /tickets and follows it through
 * the private link mailed to them. A wrong or missing token answers 404 "Ticket not found".
 */
import {
  errorBody,
  guestTicketCreated,
  guestTicketInput,
  guestTicketTokenQuery,
  messageKey,
  supportLimits,
  ticketSubjectsPublicList,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { parseFields, readSubmission } from "../http/submission";
import { checkScreenshots, screenshotTooLarge } from "./screenshots";
import { activeSubjects } from "./subjects.service";
import { ticketReference } from "./tickets.presenter";
import { createGuestTicket } from "./tickets.service";
import { threadRoutes } from "./tickets.thread.routes";

export const guestTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/tickets/subjects",
    {
      schema: {
        tags: ["tickets"],
        summary: 'Subjects a ticket can be about; "Other" (id 0) comes last',
        response: { 200: ticketSubjectsPublicList },
      },
    },
    async () => ({ data: await activeSubjects(app.deps.db) }),
  );

  app.post(
    "/tickets",
    {
      config: { rateLimit: { max: 5, timeWindow: "10 minutes" } },
      schema: {
        tags: ["tickets"],
        summary: "Open a ticket as a guest (multipart: email, subject_id, description, screenshots)",
        consumes: ["multipart/form-data", "application/json"],
        multipart: { files: ["screenshots"], fields: guestTicketInput },
        response: { 201: guestTicketCreated, 413: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const submission = await readSubmission(request, {
        maxFileBytes: supportLimits.ticketScreenshotMaxBytes,
        tooLarge: screenshotTooLarge,
      });
      const input = parseFields(guestTicketInput, submission.fields);
      const images = await checkScreenshots(submission);
      const created = await createGuestTicket(app.deps, input, images, request.language);
      return reply.status(201).send({
        message: request.t(messageKey("support.guestTicketCreated", { email: created.email })),
        data: { id: created.id, reference: ticketReference(created.id), email: created.email },
      });
    },
  );

  threadRoutes(app, {
    prefix: "/tickets",
    tag: "tickets",
    querystring: guestTicketTokenQuery,
    rateLimit: { max: 60, timeWindow: "1 minute" },
    viewerOf: (request) => ({ kind: "guest", token: (request.query as { token: string }).token }),
  });
};
