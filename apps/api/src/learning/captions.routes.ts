/**
 * Captions and chapters of a lecture's video. Authors (isCourseManager) upload a
 * WebVTT file per language and set the chapters; learners get the caption files with the video's
 * access rules: the same media token as the video's URL (a <track> sends no Authorization), or the
 * bearer token, and the lecture's lock checked on every request.
 */
import {
  captionParams,
  catalogIdParams,
  lectureChaptersBody,
  lectureMediaExtras,
  mediaTokenQuery,
  messageBody,
} from "@aprendo/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authoringKit } from "../catalog/authoring.kit";
import { AppError } from "../http/errors";
import { sendStoredFile } from "../http/send-file";
import { captionKey, deleteCaptions, mediaExtras, saveCaptions, saveChapters } from "./captions.service";
import { learningPolicy } from "./learning.policy";
import { resolveLecture } from "./lecture-access.service";
import { mediaCaller } from "./media-caller";

export const captionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, courseManager, courseReader, security, upload } = authoringKit(app);
  const tags = ["lecture captions"];

  async function sendCaptions(
    request: FastifyRequest,
    reply: FastifyReply,
    lectureId: number,
    language: "en" | "es",
    cache: string,
  ) {
    const key = await captionKey(db, lectureId, language);
    const file = await app.deps.storage.get(key);
    if (!file) throw new AppError("not_found", "captions.notFound");
    return sendStoredFile(request, reply, file, { type: "text/vtt; charset=utf-8", cacheControl: cache });
  }

  app.get(
    "/af/lectures/:id/media-extras",
    {
      onRequest: courseReader,
      schema: {
        tags,
        security,
        summary: "A lecture's captions per language, chapters and resources, for its editor",
        params: catalogIdParams,
        response: { 200: lectureMediaExtras },
      },
    },
    async (request) => mediaExtras(db, request.params.id),
  );

  app.post(
    "/af/lectures/:id/captions/:language",
    {
      onRequest: courseManager,
      config: upload,
      schema: {
        tags,
        security,
        summary: "Upload or replace the captions of one language (multipart `file`: WebVTT, up to 1 MB)",
        multipart: { files: ["file"], fields: z.object({}) },
        params: captionParams,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      const count = await saveCaptions(app.deps, request, request.params.id, request.params.language);
      return { message: request.t(`captions.saved?count=${count}`) };
    },
  );

  app.delete(
    "/af/lectures/:id/captions/:language",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Remove the captions of one language",
        params: captionParams,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await deleteCaptions(app.deps, request.params.id, request.params.language);
      return { message: request.t("catalog.deleted") };
    },
  );

  app.get(
    "/af/lectures/:id/captions/:language",
    {
      onRequest: courseReader,
      schema: { tags, security, summary: "A caption file, for the lecture's authors", params: captionParams },
    },
    async (request, reply) =>
      sendCaptions(request, reply, request.params.id, request.params.language, "private, no-store"),
  );

  app.put(
    "/af/lectures/:id/chapters",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Set the lecture's chapters (title in both languages and start second; the whole list)",
        params: catalogIdParams,
        body: lectureChaptersBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await saveChapters(db, request.params.id, request.body.chapters);
      return { message: request.t("catalog.saved") };
    },
  );

  app.get(
    "/iu/lectures/:id/captions/:language",
    {
      onRequest: app.authorize(learningPolicy, "fetchWithMediaToken"),
      schema: {
        tags,
        security,
        summary: "A caption file (WebVTT) of the lecture; bearer token or the media token of the video's URL",
        params: captionParams,
        querystring: mediaTokenQuery,
      },
    },
    async (request, reply) => {
      const lectureId = request.params.id;
      const caller = await mediaCaller(
        app.deps,
        request,
        request.query.token,
        (c) => c.kind === "video" && c.lectureId === lectureId,
      );
      await resolveLecture(db, caller, lectureId);
      return sendCaptions(request, reply, lectureId, request.params.language, "private, max-age=600");
    },
  );

  app.get(
    "/lectures/:id/preview/captions/:language",
    {
      onRequest: app.authorize(learningPolicy, "watchPreview"),
      schema: { tags, summary: "A preview lecture's caption file (WebVTT)", params: captionParams },
    },
    async (request, reply) => {
      await resolveLecture(db, request.user, request.params.id, "preview");
      return sendCaptions(request, reply, request.params.id, request.params.language, "public, max-age=600");
    },
  );
};
