/**
 * The ticket desk (spec section 2: /af/tickets, tickets/me/{id?}, tickets/{id}) for administrators
 * with the ticket content or system manager permission.
 */
import {
  deskTicketListQuery,
  errorBody,
  idParam,
  messageKey,
  ticketAssigneeList,
  ticketDetailEnvelope,
  ticketHandOverInput,
  ticketList,
} from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { pageUrlOf } from "../http/paging";
import { assertMayHandle, assertReceiverMaySee } from "./specialist.service";
import { type TicketViewer, ticketsPolicy } from "./tickets.policy";
import { displayName } from "./tickets.presenter";
import { deskAdmins, listTickets, ticketDetail } from "./tickets.queries";
import { hiddenRoutingsFor } from "./tickets.routing";
import { claimTicket, handOverTicket } from "./tickets.service";
import { threadRoutes } from "./tickets.thread.routes";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const staff = (request: FastifyRequest): TicketViewer => ({ kind: "staff", user: currentUser(request) });

export const deskTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authorize(ticketsPolicy, "work");
  const tags = ["ticket desk"];

  for (const [path, mine] of [
    ["/af/tickets", false],
    ["/af/tickets/me", true],
  ] as const) {
    app.get(
      path,
      {
        onRequest,
        schema: {
          tags,
          summary: mine ? "Tickets I handle" : "All tickets: filter, search, sort",
          querystring: deskTicketListQuery,
          response: { 200: ticketList, ...errors },
        },
      },
      async (request) => {
        const q = request.query;
        const me = mine || q.assignee === "me";
        return listTickets(app.deps.db, {
          ...(me ? { claimedBy: currentUser(request).id } : {}),
          priority: q.priority,
          tag: q.tag,
          unassigned: q.assignee === "none",
          filter: q.filter,
          search: q.search,
          subjectId: q.subject_id,
          sort: q.sort,
          page: q.page,
          perPage: q.per_page,
          pageUrl: pageUrlOf(request),
          deskView: true,
          hiddenRoutings: hiddenRoutingsFor(currentUser(request)),
        });
      },
    );
  }

  app.get(
    "/af/tickets/assignees",
    {
      onRequest,
      schema: {
        tags,
        summary: "Administrators who work the ticket desk",
        response: { 200: ticketAssigneeList, ...errors },
      },
    },
    async () => ({
      data: (await deskAdmins(app.deps.db)).map((a) => ({
        id: a.id,
        username: a.username,
        name: displayName(a),
      })),
    }),
  );

  app.put(
    "/af/tickets/:id/claim",
    {
      onRequest,
      schema: {
        tags,
        summary: "Claim an unclaimed ticket (409 when another administrator was first)",
        params,
        response: { 200: ticketDetailEnvelope, ...errors },
      },
    },
    async (request) => {
      await assertMayHandle(app.deps.db, currentUser(request), request.params.id);
      await claimTicket(app.deps, currentUser(request), request.params.id);
      return {
        message: request.t("support.ticketClaimed"),
        data: await ticketDetail(app.deps.db, staff(request), request.params.id),
      };
    },
  );

  app.put(
    "/af/tickets/:id/hand-over",
    {
      onRequest,
      schema: {
        tags,
        summary: "Hand the ticket over to another desk administrator",
        params,
        body: ticketHandOverInput,
        response: { 200: ticketDetailEnvelope, ...errors },
      },
    },
    async (request) => {
      await assertMayHandle(app.deps.db, currentUser(request), request.params.id);
      await assertReceiverMaySee(app.deps.db, request.params.id, request.body.admin_id);
      const name = await handOverTicket(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body.admin_id,
      );
      return {
        message: request.t(messageKey("support.ticketHandedOver", { name })),
        data: await ticketDetail(app.deps.db, staff(request), request.params.id),
      };
    },
  );

  threadRoutes(app, { prefix: "/af/tickets", tag: "ticket desk", guard: onRequest, viewerOf: staff });
};
