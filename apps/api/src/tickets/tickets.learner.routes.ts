/** A learner's tickets (spec section 2: /iu/tickets/{id?}); another learner's ticket is "Ticket not found". */
import {
  errorBody,
  learnerTicketInput,
  learnerTicketListQuery,
  supportLimits,
  ticketDetailEnvelope,
  ticketList,
} from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { pageUrlOf } from "../http/paging";
import { parseFields, readSubmission } from "../http/submission";
import { checkScreenshots, screenshotTooLarge } from "./screenshots";
import { ticketsPolicy } from "./tickets.policy";
import { listTickets, ticketDetail } from "./tickets.queries";
import { createLearnerTicket } from "./tickets.service";
import { threadRoutes } from "./tickets.thread.routes";

export const learnerTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authorize(ticketsPolicy, "request");
  const tags = ["tickets"];

  app.get(
    "/iu/tickets",
    {
      onRequest,
      schema: {
        tags,
        summary: "My tickets, newest first",
        querystring: learnerTicketListQuery,
        response: { 200: ticketList, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const q = request.query;
      return listTickets(app.deps.db, {
        owner: { userId: currentUser(request).id },
        filter: q.status,
        search: q.search,
        sort: "recent_activity",
        page: q.page,
        perPage: q.per_page,
        pageUrl: pageUrlOf(request),
        deskView: false,
      });
    },
  );

  app.post(
    "/iu/tickets",
    {
      onRequest,
      // Counted per learner (after authentication), not per address: a school shares one address.
      config: {
        rateLimit: {
          max: 30,
          timeWindow: "10 minutes",
          hook: "preHandler",
          keyGenerator: (request: FastifyRequest) => `learner:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary:
          "Open a ticket (multipart: subject_id, description, course_id, lecture_id, video_time, screenshots)",
        consumes: ["multipart/form-data", "application/json"],
        multipart: { files: ["screenshots"], fields: learnerTicketInput },
        response: {
          201: ticketDetailEnvelope,
          401: errorBody,
          403: errorBody,
          413: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const submission = await readSubmission(request, {
        maxFileBytes: supportLimits.ticketScreenshotMaxBytes,
        tooLarge: screenshotTooLarge,
      });
      const input = parseFields(learnerTicketInput, submission.fields);
      const images = await checkScreenshots(submission);
      const id = await createLearnerTicket(app.deps, user, input, images);
      const data = await ticketDetail(app.deps.db, { kind: "learner", user }, id);
      return reply.status(201).send({ message: request.t("support.ticketCreated"), data });
    },
  );

  threadRoutes(app, {
    prefix: "/iu/tickets",
    tag: "tickets",
    guard: onRequest,
    viewerOf: (request) => ({ kind: "learner", user: currentUser(request) }),
  });
};
