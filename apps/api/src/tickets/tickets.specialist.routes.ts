/**
 * Specialist work on the ticket desk (docs/privacy.md):
 * - subject routing (isTicketSubjectManager): a subject may be routed to "privacy" or "refund";
 * - a refund-routed ticket shows the learner's recent purchases (isTicketRefundManager);
 * - the team lead (isTicketTeamLeadership) sees the desk workload and may unclaim any ticket
 *   (reassigning is the hand-over, which a team lead may do on anyone's ticket).
 */
import {
  deskWorkload,
  errorBody,
  idParam,
  messageBody,
  subjectRouteInput,
  subjectRouteList,
  ticketPurchases,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { currentUser } from "../http/authenticate";
import {
  refundTicketPurchases,
  routeSubject,
  subjectRoutes,
  unclaimTicket,
  workloadOfDesk,
} from "./specialist.service";
import { ticketsPolicy } from "./tickets.policy";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export const specialistTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["ticket desk"];

  // ---------- routing of subjects ----------
  app.get(
    "/af/tickets/subject-routes",
    {
      onRequest: app.authorize(ticketsPolicy, "readSubjectRoutes"),
      schema: {
        tags,
        summary: "Subjects routed to the privacy or refund specialists",
        response: { 200: subjectRouteList, ...errors },
      },
    },
    async () => ({ data: await subjectRoutes(db) }),
  );
  app.put(
    "/af/tickets/subjects/:id/route",
    {
      onRequest: app.authorize(ticketsPolicy, "manageSubjects"),
      schema: {
        tags,
        summary: "Route a subject to the privacy or refund specialists (null: everyone on the desk)",
        params,
        body: subjectRouteInput,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await routeSubject(db, auditActor(request), request.params.id, request.body.routing);
      return { message: request.t("privacy.routeSaved") };
    },
  );

  // ---------- refund-routed ticket: the learner's purchases ----------
  app.get(
    "/af/tickets/:id/purchases",
    {
      onRequest: app.authorize(ticketsPolicy, "readPurchases"),
      schema: {
        tags,
        summary: "The requester's ten latest orders, for a refund-routed ticket",
        params,
        response: { 200: ticketPurchases, ...errors },
      },
    },
    async (request) => ({ data: await refundTicketPurchases(db, request.params.id) }),
  );

  // ---------- team lead ----------
  const lead = app.authorize(ticketsPolicy, "readWorkload");
  app.get(
    "/af/tickets/workload",
    {
      onRequest: lead,
      schema: {
        tags,
        summary: "Unclaimed tickets and, per desk administrator, tickets in progress and resolved",
        response: { 200: deskWorkload, ...errors },
      },
    },
    async () => workloadOfDesk(db),
  );
  app.put(
    "/af/tickets/:id/unclaim",
    {
      onRequest: app.authorize(ticketsPolicy, "unclaim"),
      schema: {
        tags,
        summary: "Put a ticket back in the unclaimed queue (its claimer, or a team lead for any ticket)",
        params,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await unclaimTicket(db, auditActor(request), currentUser(request), request.params.id);
      return { message: request.t("privacy.ticketUnclaimed") };
    },
  );
};
