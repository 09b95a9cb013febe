/**
 * Lecture resources: authors (isCourseManager) attach and remove files; learners
 * list and download them with the lecture's own access rules (enrolled, and the lecture open to them).
 */
import {
  catalogCreated,
  catalogIdParams,
  lectureResourceList,
  lectureResourceParams,
  messageBody,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authoringKit } from "../catalog/authoring.kit";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { sendStoredFile } from "../http/send-file";
import { learningPolicy } from "./learning.policy";
import { resolveLecture } from "./lecture-access.service";
import { addResource, findResource, removeResource, resourcesOf } from "./resources.service";

export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, courseManager, security, upload, created } = authoringKit(app);
  const learnerOrAdmin = app.authorize(learningPolicy, "openLecture");
  const tags = ["lecture resources"];

  app.post(
    "/af/lectures/:id/resources",
    {
      onRequest: courseManager,
      config: upload,
      schema: {
        tags,
        security,
        summary:
          "Attach a resource (multipart: optional `title`, then `file`: PDF, ZIP or a text/code file, 50 MB)",
        multipart: { files: ["file"], fields: z.object({ title: z.string().max(160).optional() }) },
        params: catalogIdParams,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(created(request, await addResource(app.deps, request, request.params.id))),
  );

  app.delete(
    "/af/lecture-resources/:id",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Remove a resource",
        params: catalogIdParams,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await removeResource(app.deps, request.params.id);
      return { message: request.t("catalog.deleted") };
    },
  );

  app.get(
    "/iu/lectures/:id/resources",
    {
      onRequest: learnerOrAdmin,
      schema: {
        tags,
        security,
        summary: "The lecture's downloadable resources (same access as the lecture)",
        params: catalogIdParams,
        response: { 200: lectureResourceList },
      },
    },
    async (request) => {
      await resolveLecture(db, currentUser(request), request.params.id);
      return { data: await resourcesOf(db, request.params.id) };
    },
  );

  app.get(
    "/iu/lectures/:id/resources/:resourceId/file",
    {
      onRequest: learnerOrAdmin,
      schema: { tags, security, summary: "Download a lecture resource", params: lectureResourceParams },
    },
    async (request, reply) => {
      await resolveLecture(db, currentUser(request), request.params.id);
      const resource = await findResource(db, request.params.id, request.params.resourceId);
      const file = await app.deps.storage.get(resource.fileKey);
      if (!file) throw new AppError("not_found", "resources.notFound");
      return sendStoredFile(request, reply, file, {
        type: resource.contentType,
        cacheControl: "private, no-store",
        filename: resource.fileName,
        disposition: "attachment",
      });
    },
  );
};
