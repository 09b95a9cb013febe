/**
 * The learner's "Download my data" and the privacy desk (isGDPRManager). Shapes: the header of
 * packages/contract/src/schemas/privacy.ts.
 */
import {
  errorBody,
  idParam,
  messageBody,
  messageKey,
  pendingDeletionList,
  privacyDeskExportInput,
  privacyExportAdminList,
  privacyExportEnvelope,
  privacyExportQuery,
  privacyExportState,
  privacyPageQuery,
  privacyReasonInput,
  privacyTicketList,
} from "@aprendo/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import type { Deps } from "../context";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { pageUrlOf } from "../http/paging";
import { sendStoredFile } from "../http/send-file";
import { privacyPolicy } from "./privacy.policy";
import {
  cancelDeletion,
  eraseNow,
  findLearner,
  latestExport,
  learnerDownloadUrl,
  listExports,
  listPendingDeletions,
  openExportForDesk,
  openOwnExport,
  type PrivacyExportRow,
  presentExport,
  requestExport,
} from "./privacy.service";
import { openPrivacyTickets } from "./privacy.tickets";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

async function sendExport(deps: Deps, request: FastifyRequest, reply: FastifyReply, row: PrivacyExportRow) {
  const file = await deps.storage.get(row.fileKey!);
  if (!file) throw new AppError("not_found", "privacy.exportNotFound");
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return sendStoredFile(request, reply, file, {
    type: "application/json; charset=utf-8",
    cacheControl: "private, no-store",
    disposition: "attachment",
    filename: `my-data-${day}.json`,
  });
}

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const learner = app.authorize(privacyPolicy, "exportOwn");
  const desk = app.authorize(privacyPolicy, "handleRequests");
  const tags = ["privacy"];

  // ---------- the learner ----------
  app.get(
    "/iu/privacy/export",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "My latest request for a copy of my data",
        response: { 200: privacyExportState, ...errors },
      },
    },
    async (request) => {
      const row = await latestExport(deps.db, currentUser(request).id);
      return { data: row ? presentExport(row, learnerDownloadUrl) : null };
    },
  );
  app.post(
    "/iu/privacy/export",
    {
      onRequest: learner,
      config: { rateLimit: { max: 5, timeWindow: "1 hour" } },
      schema: {
        tags,
        summary: "Ask for a copy of my data (built in the background; 409 while one is pending)",
        response: { 202: privacyExportEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const row = await requestExport(deps, me.id, { via: "self", requestedBy: me.id });
      return reply.status(202).send({
        message: request.t("privacy.exportRequested"),
        data: presentExport(row, learnerDownloadUrl),
      });
    },
  );
  app.get(
    "/iu/privacy/export/:id/file",
    { onRequest: learner, schema: { tags, summary: "Download my data (JSON, 7 days)", params } },
    async (request, reply) => {
      const row = await openOwnExport(deps.db, currentUser(request).id, request.params.id);
      return sendExport(deps, request, reply, row);
    },
  );

  // ---------- the privacy desk ----------
  app.get(
    "/af/privacy/exports",
    {
      onRequest: desk,
      schema: {
        tags,
        summary: "Requests for a copy of personal data",
        querystring: privacyExportQuery,
        response: { 200: privacyExportAdminList, ...errors },
      },
    },
    async (request) => listExports(deps.db, request.query, pageUrlOf(request)),
  );
  app.post(
    "/af/privacy/exports",
    {
      onRequest: desk,
      schema: {
        tags,
        summary: "Prepare a copy of a learner's data for a request received elsewhere (audited)",
        body: privacyDeskExportInput,
        response: { 202: privacyExportEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const user = await findLearner(deps.db, request.body.login);
      const row = await requestExport(deps, user.id, {
        via: "desk",
        requestedBy: currentUser(request).id,
        reason: request.body.reason,
        actor: auditActor(request),
      });
      return reply.status(202).send({
        message: request.t(messageKey("privacy.deskExportRequested", { username: user.username })),
        data: presentExport(row, (id) => `/api/af/privacy/exports/${id}/file`),
      });
    },
  );
  app.get(
    "/af/privacy/exports/:id/file",
    { onRequest: desk, schema: { tags, summary: "Download a prepared export (audited)", params } },
    async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
      const row = await openExportForDesk(deps.db, auditActor(request), request.params.id);
      return sendExport(deps, request, reply, row);
    },
  );
  app.get(
    "/af/privacy/tickets",
    {
      onRequest: app.authorize(privacyPolicy, "readPrivacyTickets"),
      schema: {
        tags,
        summary: "Open tickets of subjects routed to privacy (the privacy team's queue)",
        response: { 200: privacyTicketList, ...errors },
      },
    },
    async (request) => ({ data: await openPrivacyTickets(deps.db, request.language === "es" ? "es" : "en") }),
  );
  app.get(
    "/af/privacy/deletions",
    {
      onRequest: desk,
      schema: {
        tags,
        summary: "Learner accounts pending deletion (oldest first)",
        querystring: privacyPageQuery,
        response: { 200: pendingDeletionList, ...errors },
      },
    },
    async (request) => listPendingDeletions(deps.db, request.query, pageUrlOf(request)),
  );
  app.post(
    "/af/privacy/deletions/:id/erase",
    {
      onRequest: desk,
      schema: {
        tags,
        summary: "Erase an account pending deletion now (audited)",
        params,
        body: privacyReasonInput,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await eraseNow(deps, auditActor(request), request.params.id, request.body.reason);
      return { message: request.t("privacy.accountErased") };
    },
  );
  app.post(
    "/af/privacy/deletions/:id/cancel",
    {
      onRequest: desk,
      schema: {
        tags,
        summary: "Cancel a deletion: the account is active again (audited, the person is mailed)",
        params,
        body: privacyReasonInput,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await cancelDeletion(deps, auditActor(request), request.params.id, request.body.reason);
      return { message: request.t("privacy.deletionCancelled") };
    },
  );
};
