/** Events: the learner's calendar and list with the iCalendar export (/iu/events), and the event manager's /af/events. */
import {
  errorBody,
  eventAdminList,
  eventAdminListQuery,
  eventEnvelope,
  eventInput,
  eventList,
  eventListQuery,
  idParam,
  messageBody,
  messageKey,
} from "@aprendo/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { pagedList } from "../http/paging";
import { buildCalendar } from "./events.ical";
import { eventsPolicy } from "./events.policy";
import {
  adminEvents,
  calendarEvent,
  createEvent,
  deleteEvent,
  getEventRow,
  hasCalendarDates,
  learnerEvents,
  presentEvent,
  updateEvent,
} from "./events.service";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  function sendCalendar(
    request: FastifyRequest,
    reply: FastifyReply,
    rows: Awaited<ReturnType<typeof getEventRow>>[],
    fileName: string,
  ) {
    const writable = rows.filter(hasCalendarDates);
    if (writable.length < rows.length)
      request.log.warn(
        { events: rows.filter((row) => !hasCalendarDates(row)).map((row) => row.id) },
        "events with dates iCalendar cannot hold were left out of the export",
      );
    const body = buildCalendar({
      events: writable.map((row) => calendarEvent(row, request.language)),
      calendarName: request.t(messageKey("events.calendarName", { brand: config.brandName })),
      brand: config.brandName,
      host: new URL(config.publicUrl).hostname,
      language: request.language,
      scopeLabel: (scope) => request.t(`events.scope.${scope}`),
    });
    return reply
      .header("content-type", "text/calendar; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "private, no-store")
      .send(body);
  }

  {
    const onRequest = app.authorize(eventsPolicy, "attend");
    const tags = ["events"];
    app.get(
      "/iu/events",
      {
        onRequest,
        schema: {
          tags,
          summary: "Events overlapping a date range (default: this month), national or global",
          querystring: eventListQuery,
          response: { 200: eventList, ...errors },
        },
      },
      async (request) => {
        const { rows, from, to, country } = await learnerEvents(db, currentUser(request).id, request.query);
        return { data: rows.map(presentEvent), from, to, country };
      },
    );
    app.get(
      "/iu/events/ical",
      {
        onRequest,
        schema: {
          tags,
          summary: "The filtered events as an iCalendar file",
          querystring: eventListQuery,
          response: errors,
        },
      },
      async (request, reply) => {
        const { rows, from, to } = await learnerEvents(db, currentUser(request).id, request.query);
        return sendCalendar(request, reply, rows, `events-${from}-${to}.ics`);
      },
    );
    app.get(
      "/iu/events/:id",
      { onRequest, schema: { tags, params, response: { 200: eventEnvelope, ...errors } } },
      async (request) => ({ data: presentEvent(await getEventRow(db, request.params.id)) }),
    );
    app.get(
      "/iu/events/:id/ical",
      {
        onRequest,
        schema: { tags, summary: "One event as an iCalendar file", params, response: errors },
      },
      async (request, reply) =>
        sendCalendar(
          request,
          reply,
          [await getEventRow(db, request.params.id)],
          `event-${request.params.id}.ics`,
        ),
    );
  }

  {
    const onRequest = app.authorize(eventsPolicy, "manage");
    const tags = ["event administration"];
    app.get(
      "/af/events",
      {
        onRequest,
        schema: { tags, querystring: eventAdminListQuery, response: { 200: eventAdminList, ...errors } },
      },
      async (request) => pagedList(request, request.query, await adminEvents(db, request.query)),
    );
    app.post(
      "/af/events",
      { onRequest, schema: { tags, body: eventInput, response: { 201: eventEnvelope, ...errors } } },
      async (request, reply) =>
        reply.status(201).send({
          message: request.t("events.saved"),
          data: await createEvent(db, request.body, currentUser(request).id),
        }),
    );
    app.get(
      "/af/events/:id",
      { onRequest, schema: { tags, params, response: { 200: eventEnvelope, ...errors } } },
      async (request) => ({ data: presentEvent(await getEventRow(db, request.params.id)) }),
    );
    app.put(
      "/af/events/:id",
      {
        onRequest,
        schema: { tags, params, body: eventInput, response: { 200: eventEnvelope, ...errors } },
      },
      async (request) => ({
        message: request.t("events.saved"),
        data: await updateEvent(db, request.params.id, request.body),
      }),
    );
    app.delete(
      "/af/events/:id",
      { onRequest, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await deleteEvent(db, request.params.id);
        return { message: request.t("events.deleted") };
      },
    );
  }
};
