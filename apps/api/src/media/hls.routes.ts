/**
 * HLS files of a lecture: the master and variant playlists, fMP4 segments,
 * poster and thumbnail sprite, each request checked like the lecture's video.
 *
 * The learner's URLs carry the lecture's media token (`?token=`). Players resolve the files a
 * playlist names beside it and drop its query, so the playlists (and the thumbnails' WebVTT) are
 * sent with the token added to each name (media.service.ts `withToken`); every segment request
 * then passes the same check as the MP4: token valid and unexpired, session alive, learner still
 * entitled and past the lecture's lock. Segments never change under a name (a new transcode
 * writes a new folder), so they are cached for a year as immutable; playlists only briefly.
 * Range requests are served as for the MP4.
 *
 * The lecture editor asks for a new transcode here too: POST /af/lectures/:id/video/transcode.
 */
import { adminLecture, catalogIdParams, idParam } from "@aprendo/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cached } from "../catalog/catalog-cache.service";
import * as structure from "../catalog/structure.service";
import { currentUser, loadCaller } from "../http/authenticate";
import { AppError } from "../http/errors";
import { verifyMediaToken } from "../http/media-token";
import { sendStoredFile } from "../http/send-file";
import { resolveLecture } from "../learning/lecture-access.service";
import { readStoredRange } from "../storage/storage";
import { setUploadedFileHeaders } from "../storage/uploaded-file-headers";
import { mediaPolicy } from "./media.policy";
import { mediaOf, RENDITION_FILE, renditionTypes, requestTranscode, withToken } from "./media.service";

const params = z.object({ id: idParam, file: z.string().regex(RENDITION_FILE) });
const tokenQuery = z.object({ token: z.string().min(1).max(2_000) });

const LONG = "private, max-age=31536000, immutable";
const SHORT = "private, max-age=30";

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage } = app.deps;
  const tags = ["lectures"];

  /** Where a lecture's renditions are; cached briefly, since every segment request asks. */
  const prefixOf = (lectureId: number) =>
    cached(
      db,
      `lecture-media:${lectureId}`,
      async () => {
        const row = await mediaOf(db, lectureId);
        return row?.status === "ready" ? row.prefix : null;
      },
      10_000,
    );

  async function sendRendition(
    request: FastifyRequest,
    reply: FastifyReply,
    lectureId: number,
    name: string,
    token: string | null,
  ) {
    const prefix = await prefixOf(lectureId);
    if (!prefix) throw new AppError("not_found", "media.notReady");
    const file = await storage.get(prefix + name);
    if (!file) throw new AppError("not_found", "media.fileNotFound");
    const ext = name.slice(name.lastIndexOf(".") + 1);
    const type = renditionTypes[ext] ?? "application/octet-stream";
    if ((ext === "m3u8" || ext === "vtt") && token) {
      const text = (await readStoredRange(file, 0, Math.max(0, file.size - 1))).toString("utf8");
      setUploadedFileHeaders(reply, {});
      return reply.header("content-type", type).header("cache-control", SHORT).send(withToken(text, token));
    }
    return sendStoredFile(request, reply, file, {
      type,
      cacheControl: ext === "m3u8" || ext === "vtt" ? SHORT : LONG,
    });
  }

  app.get(
    "/iu/lectures/:id/hls/:file",
    {
      schema: {
        tags,
        summary:
          "An HLS file of the lecture (playlist, segment with HTTP Range, poster, thumbnails) by its media token",
        params,
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const { token } = request.query;
      const claims = await verifyMediaToken(config.jwtSecret, token);
      if (claims?.kind !== "video" || claims.lectureId !== id)
        throw new AppError("forbidden", "lecture.mediaLinkExpired");
      const caller = await loadCaller(db, claims.userId, claims.sessionId);
      if (!caller) throw new AppError("unauthenticated");
      await resolveLecture(db, caller, id);
      return sendRendition(request, reply, id, file, token);
    },
  );

  app.get(
    "/lectures/:id/preview/hls/:file",
    {
      onRequest: app.authorize(mediaPolicy, "watchPreview"),
      schema: { tags, summary: "An HLS file of a public preview lecture", params },
    },
    async (request, reply) => {
      await resolveLecture(db, request.user, request.params.id, "preview");
      return sendRendition(request, reply, request.params.id, request.params.file, null);
    },
  );

  app.post(
    "/af/lectures/:id/video/transcode",
    {
      onRequest: app.authorize(mediaPolicy, "transcode"),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Make the HLS renditions of the lecture's video again (in the background)",
        params: catalogIdParams,
        response: { 200: adminLecture },
      },
    },
    async (request) => {
      await requestTranscode(app.deps, request.params.id);
      return structure.adminLecture(app.deps, currentUser(request), request.params.id, (m) => request.t(m));
    },
  );
};
