/**
 * The helpdesk routes of the ticket desk (shapes in the contract's helpdesk.ts):
 * internal notes, triage, merge, bulk claim/resolve, tags, response times and canned replies. All
 * need the desk permission (isTicketContentManager or isTicketSystemManager); a ticket of a routed
 * subject the administrator may not see is "Ticket not found" as everywhere on the desk. Writes are
 * audited by the back-office audit plugin; bulk actions record one entry per ticket changed.
 */
import {
  cannedReplyEnvelope,
  cannedReplyInput,
  cannedReplyList,
  cannedReplyListQuery,
  deskResponseTimes,
  errorBody,
  idParam,
  messageBody,
  messageKey,
  ticketBulkInput,
  ticketBulkResult,
  ticketDetailEnvelope,
  ticketMergeInput,
  ticketNoteEnvelope,
  ticketNoteInput,
  ticketNoteList,
  ticketTagList,
  ticketTriageInput,
} from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { currentUser } from "../http/authenticate";
import { bulkTicketAction } from "./bulk.service";
import {
  addNote,
  deleteCanned,
  findCanned,
  listCanned,
  listNotes,
  mergeTicket,
  responseTimes,
  saveCanned,
  saveTriage,
  tagsInUse,
} from "./helpdesk.service";
import { type TicketViewer, ticketsPolicy } from "./tickets.policy";
import { ticketDetail } from "./tickets.queries";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const staff = (request: FastifyRequest): TicketViewer => ({ kind: "staff", user: currentUser(request) });

export const helpdeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const onRequest = app.authorize(ticketsPolicy, "work");
  const tags = ["ticket desk"];

  /* ---------------- notes ---------------- */

  app.get(
    "/af/tickets/:id/notes",
    {
      onRequest,
      schema: {
        tags,
        summary: "Internal notes of a ticket (staff only, never shown to the requester)",
        params,
        response: { 200: ticketNoteList, ...errors },
      },
    },
    async (request) => ({ data: await listNotes(db, currentUser(request), request.params.id) }),
  );

  app.post(
    "/af/tickets/:id/notes",
    {
      onRequest,
      schema: {
        tags,
        summary: "Add an internal note (staff only)",
        params,
        body: ticketNoteInput,
        response: { 201: ticketNoteEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const data = await addNote(db, currentUser(request), request.params.id, request.body.body);
      return reply.status(201).send({ message: request.t("helpdesk.noteAdded"), data });
    },
  );

  /* ---------------- triage and merge ---------------- */

  app.put(
    "/af/tickets/:id/triage",
    {
      onRequest,
      schema: {
        tags,
        summary: "Set the priority and/or the tags of a ticket",
        params,
        body: ticketTriageInput,
        response: { 200: ticketDetailEnvelope, ...errors },
      },
    },
    async (request) => {
      await saveTriage(db, currentUser(request), request.params.id, request.body);
      return {
        message: request.t("helpdesk.triageSaved"),
        data: await ticketDetail(db, staff(request), request.params.id),
      };
    },
  );

  app.put(
    "/af/tickets/:id/merge",
    {
      onRequest,
      schema: {
        tags,
        summary: "Merge this duplicate into another ticket of the same requester",
        params,
        body: ticketMergeInput,
        response: { 200: ticketDetailEnvelope, ...errors },
      },
    },
    async (request) => {
      const done = await mergeTicket(app.deps, currentUser(request), request.params.id, request.body.into_id);
      return {
        message: request.t(messageKey("helpdesk.merged", done)),
        data: await ticketDetail(db, staff(request), request.params.id),
      };
    },
  );

  /* ---------------- bulk ---------------- */

  app.post(
    "/af/tickets/bulk",
    {
      onRequest,
      schema: {
        tags,
        summary: "Claim or resolve several tickets; each one that cannot be done says why",
        body: ticketBulkInput,
        response: { 200: ticketBulkResult, ...errors },
      },
    },
    async (request) => {
      const { action, ids } = request.body;
      const { done, failed } = await bulkTicketAction(
        app.deps,
        auditActor(request),
        currentUser(request),
        action,
        ids,
        request.log,
      );
      return {
        message: request.t(messageKey("helpdesk.bulkDone", { done: done.length, count: ids.length })),
        data: {
          done,
          failed: failed.map(({ messageKey: key, ...ticket }) => ({ ...ticket, message: request.t(key) })),
        },
      };
    },
  );

  /* ---------------- desk figures ---------------- */

  app.get(
    "/af/tickets/tags",
    {
      onRequest,
      schema: { tags, summary: "Tags in use, most used first", response: { 200: ticketTagList, ...errors } },
    },
    async (request) => ({ data: await tagsInUse(db, currentUser(request)) }),
  );

  app.get(
    "/af/tickets/response-times",
    {
      onRequest,
      schema: {
        tags,
        summary: "Average first-response and resolution times of the desk",
        response: { 200: deskResponseTimes, ...errors },
      },
    },
    async (request) => ({ data: await responseTimes(db, currentUser(request)) }),
  );

  /* ---------------- canned replies ---------------- */

  app.get(
    "/af/tickets/canned-replies",
    {
      onRequest,
      schema: {
        tags,
        summary: "Canned replies, optionally of one language",
        querystring: cannedReplyListQuery,
        response: { 200: cannedReplyList, ...errors },
      },
    },
    async (request) => ({ data: await listCanned(db, request.query.language) }),
  );

  app.post(
    "/af/tickets/canned-replies",
    {
      onRequest,
      schema: {
        tags,
        summary: "Create a canned reply",
        body: cannedReplyInput,
        response: { 201: cannedReplyEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const data = await saveCanned(db, currentUser(request), null, request.body);
      return reply.status(201).send({ message: request.t("helpdesk.cannedSaved"), data });
    },
  );

  app.get(
    "/af/tickets/canned-replies/:id",
    {
      onRequest,
      schema: {
        tags,
        summary: "One canned reply",
        params,
        response: { 200: cannedReplyEnvelope, ...errors },
      },
    },
    async (request) => ({ data: await findCanned(db, request.params.id) }),
  );

  app.put(
    "/af/tickets/canned-replies/:id",
    {
      onRequest,
      schema: {
        tags,
        summary: "Edit a canned reply",
        params,
        body: cannedReplyInput,
        response: { 200: cannedReplyEnvelope, ...errors },
      },
    },
    async (request) => ({
      message: request.t("helpdesk.cannedSaved"),
      data: await saveCanned(db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/af/tickets/canned-replies/:id",
    {
      onRequest,
      schema: { tags, summary: "Delete a canned reply", params, response: { 200: messageBody, ...errors } },
    },
    async (request) => {
      await deleteCanned(db, request.params.id);
      return { message: request.t("helpdesk.cannedDeleted") };
    },
  );
};
