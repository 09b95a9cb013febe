/** The lecture: detail, progress, quiz gate, and its files (video and e-books) behind the lecture's lock. */
import {
  catalogIdParams,
  lectureDetail as lectureDetailBody,
  lectureEbookLastPage,
  lectureEbookPageSaved,
  lectureEbookParams,
  lectureEbookViewQuery,
  lectureEbookViewToken,
  lectureQuizGate,
  mediaTokenQuery,
  progressReport,
  progressResult,
} from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CurrentUser } from "../http/authenticate";
// The caller behind a media token is checked like every request's (role, status, flags).
import { currentUser, loadCaller } from "../http/authenticate";
import { AppError } from "../http/errors";
import {
  EBOOK_VIEW_TOKEN_SECONDS,
  type MediaClaims,
  signMediaToken,
  verifyMediaToken,
} from "../http/media-token";
import { sendStoredFile } from "../http/send-file";
import { markLectureComplete } from "./completion.service";
import { learningPolicy } from "./learning.policy";
import {
  ebooksOfLecture,
  findEbook,
  lectureDetail,
  quizGate,
  recordProgress,
  saveEbookPage,
} from "./lecture.service";
import { resolveEbookAccess, resolveLecture } from "./lecture-access.service";
import { mediaCaller as callerOf } from "./media-caller";

export const lectureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage } = app.deps;
  const learnerOrAdmin = app.authorize(learningPolicy, "openLecture");
  const tags = ["lectures"];
  const security = [{ bearer: [] }];

  /** The caller of a file request: the media token of the URL, else the bearer token. */
  const mediaCaller = (
    request: FastifyRequest,
    token: string | undefined,
    expect: (claims: MediaClaims) => boolean,
  ): Promise<CurrentUser> => callerOf(app.deps, request, token, expect);

  app.get(
    "/iu/lectures/:id",
    {
      onRequest: learnerOrAdmin,
      schema: {
        tags,
        security,
        summary: "A lecture for an entitled learner (403 with the reason when locked, unpublished...)",
        params: catalogIdParams,
        response: { 200: lectureDetailBody },
      },
    },
    async (request) =>
      lectureDetail(app.deps, {
        user: currentUser(request),
        lectureId: request.params.id,
        language: request.language,
        t: (message: string) => request.t(message),
      }),
  );

  app.get(
    "/lectures/:id/preview",
    {
      onRequest: app.authorize(learningPolicy, "watchPreview"),
      schema: {
        tags,
        summary: "A preview lecture of a published title, for anyone",
        params: catalogIdParams,
        response: { 200: lectureDetailBody },
      },
    },
    async (request) =>
      lectureDetail(app.deps, {
        user: request.user,
        lectureId: request.params.id,
        language: request.language,
        t: (message: string) => request.t(message),
        via: "preview",
      }),
  );

  app.put(
    "/iu/lectures/:id/progress",
    {
      onRequest: learnerOrAdmin,
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags,
        security,
        summary: "Report watched ranges [from, to] (seconds) and the position; distinct seconds count",
        params: catalogIdParams,
        body: progressReport,
        response: { 200: progressResult },
      },
    },
    async (request) =>
      recordProgress(db, {
        user: currentUser(request),
        lectureId: request.params.id,
        report: request.body,
        language: request.language,
        t: (message: string) => request.t(message),
      }),
  );

  app.put(
    "/iu/lectures/:id/completion",
    {
      onRequest: learnerOrAdmin,
      schema: {
        tags,
        security,
        summary:
          "Mark a lecture without a video complete (idempotent); 409 when the lecture has a video to watch",
        params: catalogIdParams,
        response: { 200: progressResult },
      },
    },
    async (request) =>
      markLectureComplete(db, {
        user: currentUser(request),
        lectureId: request.params.id,
        language: request.language,
        t: (message: string) => request.t(message),
      }),
  );

  app.get(
    "/iu/lectures/:id/quiz-gate",
    {
      onRequest: learnerOrAdmin,
      schema: {
        tags,
        security,
        summary: "Whether the lecture's quiz may open (the whole video watched first)",
        params: catalogIdParams,
        response: { 200: lectureQuizGate },
      },
    },
    async (request) => quizGate(db, currentUser(request), request.params.id, (message) => request.t(message)),
  );

  app.get(
    "/iu/lectures/:id/video",
    {
      onRequest: app.authorize(learningPolicy, "fetchWithMediaToken"),
      schema: {
        tags,
        security,
        summary: "The lecture's video (HTTP Range); bearer token or the media token of the lecture's URL",
        params: catalogIdParams,
        querystring: mediaTokenQuery,
      },
    },
    async (request, reply) => {
      const lectureId = request.params.id;
      const caller = await mediaCaller(
        request,
        request.query.token,
        (c) => c.kind === "video" && c.lectureId === lectureId,
      );
      const { lecture } = await resolveLecture(db, caller, lectureId);
      return sendVideo(request, reply, lecture);
    },
  );

  app.get(
    "/lectures/:id/preview/video",
    {
      onRequest: app.authorize(learningPolicy, "watchPreview"),
      schema: { tags, summary: "A preview lecture's video (HTTP Range)", params: catalogIdParams },
    },
    async (request, reply) => {
      const { lecture } = await resolveLecture(db, request.user, request.params.id, "preview");
      return sendVideo(request, reply, lecture);
    },
  );

  async function sendVideo(
    request: FastifyRequest,
    reply: Parameters<typeof sendStoredFile>[1],
    lecture: { videoKey: string | null; videoType: string | null },
  ) {
    if (!lecture.videoKey) throw new AppError("not_found", "lecture.noVideo");
    const file = await storage.get(lecture.videoKey);
    if (!file) throw new AppError("not_found", "lecture.noVideo");
    return sendStoredFile(request, reply, file, {
      type: lecture.videoType ?? "video/mp4",
      cacheControl: "private, max-age=3600",
    });
  }

  async function sendEbook(
    request: FastifyRequest,
    reply: Parameters<typeof sendStoredFile>[1],
    lectureId: number,
    ebookId: number,
  ) {
    const [ebook] = await ebooksOfLecture(db, lectureId, [ebookId]);
    if (!ebook) throw new AppError("not_found", "lecture.ebookNotFound");
    const file = await storage.get(ebook.fileKey);
    if (!file) throw new AppError("not_found", "lecture.ebookNotFound");
    return sendStoredFile(request, reply, file, {
      type: "application/pdf",
      cacheControl: "private, max-age=600",
      filename: `${ebook.titleEn}.pdf`,
    });
  }

  app.get(
    "/iu/lectures/:id/ebooks/:ebookId/file",
    {
      onRequest: app.authorize(learningPolicy, "fetchWithMediaToken"),
      schema: {
        tags,
        security,
        summary: "A lecture e-book (PDF, HTTP Range); bearer token or the media token of its URL",
        params: lectureEbookParams,
        querystring: mediaTokenQuery,
      },
    },
    async (request, reply) => {
      const { id, ebookId } = request.params;
      const caller = await mediaCaller(
        request,
        request.query.token,
        (c) => c.kind === "ebook" && c.lectureId === id && c.ebookId === ebookId,
      );
      await resolveEbookAccess(db, caller, id);
      return sendEbook(request, reply, id, ebookId);
    },
  );

  app.post(
    "/iu/lectures/:id/ebooks/:ebookId/view-token",
    {
      onRequest: learnerOrAdmin,
      schema: {
        tags,
        security,
        summary: "A short-lived signed URL to open the e-book in /webview/ebook",
        params: lectureEbookParams,
        response: { 200: lectureEbookViewToken },
      },
    },
    async (request) => {
      const { id, ebookId } = request.params;
      const user = currentUser(request);
      await resolveEbookAccess(db, user, id);
      const [ebook] = await ebooksOfLecture(db, id, [ebookId]);
      if (!ebook) throw new AppError("not_found", "lecture.ebookNotFound");
      const { token, expiresAt } = await signMediaToken(
        config.jwtSecret,
        { userId: user.id, lectureId: id, kind: "ebook", ebookId, sessionId: user.sessionId },
        EBOOK_VIEW_TOKEN_SECONDS,
      );
      return {
        token,
        url: `/api/ebooks/view?token=${encodeURIComponent(token)}`,
        expires_at: expiresAt.toISOString(),
      };
    },
  );

  app.get(
    "/ebooks/view",
    {
      schema: {
        tags,
        summary: "An e-book PDF by signed token (for /webview/ebook); access is checked again",
        querystring: lectureEbookViewQuery,
      },
    },
    async (request, reply) => {
      const claims = await verifyMediaToken(config.jwtSecret, request.query.token);
      if (claims?.kind !== "ebook" || !claims.ebookId)
        throw new AppError("forbidden", "lecture.mediaLinkExpired");
      const caller = await loadCaller(db, claims.userId, claims.sessionId);
      if (!caller) throw new AppError("forbidden", "lecture.mediaLinkExpired");
      await resolveEbookAccess(db, caller, claims.lectureId);
      return sendEbook(request, reply, claims.lectureId, claims.ebookId);
    },
  );

  app.put(
    "/iu/ebooks/:id/last-page",
    {
      onRequest: app.authorize(learningPolicy, "study"),
      schema: {
        tags,
        security,
        summary: "Remember the page the reader is on",
        params: catalogIdParams,
        body: lectureEbookLastPage,
        response: { 200: lectureEbookPageSaved },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ebook = await findEbook(db, request.params.id);
      await resolveEbookAccess(db, user, ebook.lectureId);
      const page = ebook.pages > 0 ? Math.min(request.body.page, ebook.pages) : request.body.page;
      await saveEbookPage(db, user.id, ebook.id, page);
      return { page };
    },
  );
};
