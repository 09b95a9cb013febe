/** Ticket subjects administration (spec section 2: /af/tickets/subjects; ticket subject manager). */
import {
  errorBody,
  idParam,
  messageBody,
  ticketSubjectEnvelope,
  ticketSubjectInput,
  ticketSubjectList,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createSubject, deleteSubject, getSubject, listSubjects, updateSubject } from "./subjects.service";
import { ticketsPolicy } from "./tickets.policy";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export const ticketSubjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authorize(ticketsPolicy, "manageSubjects");
  const tags = ["ticket subjects"];

  app.get(
    "/af/tickets/subjects",
    {
      onRequest,
      schema: { tags, summary: "All ticket subjects", response: { 200: ticketSubjectList, ...errors } },
    },
    async () => ({ data: await listSubjects(app.deps.db) }),
  );
  app.post(
    "/af/tickets/subjects",
    {
      onRequest,
      schema: { tags, body: ticketSubjectInput, response: { 201: ticketSubjectEnvelope, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: request.t("support.subjectSaved"),
        data: await createSubject(app.deps.db, request.body),
      }),
  );
  app.get(
    "/af/tickets/subjects/:id",
    { onRequest, schema: { tags, params, response: { 200: ticketSubjectEnvelope, ...errors } } },
    async (request) => ({ data: await getSubject(app.deps.db, request.params.id) }),
  );
  app.put(
    "/af/tickets/subjects/:id",
    {
      onRequest,
      schema: { tags, params, body: ticketSubjectInput, response: { 200: ticketSubjectEnvelope, ...errors } },
    },
    async (request) => ({
      message: request.t("support.subjectSaved"),
      data: await updateSubject(app.deps.db, request.params.id, request.body),
    }),
  );
  app.delete(
    "/af/tickets/subjects/:id",
    { onRequest, schema: { tags, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await deleteSubject(app.deps.db, request.params.id);
      return { message: request.t("support.subjectDeleted") };
    },
  );
};
