/** Lecture authoring under /af: lectures, their status, order, video, e-books and FAQs (isCourseManager). */
import {
  adminLecture,
  catalogCreated,
  lectureEbookPatch,
  lectureFaqInput,
  lectureFaqPatch,
  lectureInput,
  lecturePatch,
  messageBody,
  publicationStatusBody,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { sendStoredFile } from "../http/send-file";
import { findEbook } from "../learning/lecture.service";
import { requestTranscode } from "../media/media.service";
import { deleteEbook, updateEbook, uploadEbook, uploadVideo } from "./authoring.files";
import { authoringKit } from "./authoring.kit";
import * as structure from "./structure.service";

export const lectureAuthoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const {
    db,
    storage,
    courseManager,
    courseReader,
    statusManager,
    security,
    tags,
    params,
    upload,
    saved,
    created,
    deleteRoute,
    orderRoute,
    addChildRoute,
    updateRoute,
  } = authoringKit(app);

  // ---------- lectures ----------
  app.post(
    "/af/modules/:id/lectures",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Add a lecture to a module",
        params,
        body: lectureInput,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          created(
            request,
            await structure.createLecture(db, currentUser(request), request.params.id, request.body),
          ),
        ),
  );
  app.get(
    "/af/lectures/:id",
    {
      onRequest: courseReader,
      schema: {
        tags,
        security,
        summary: "A lecture with its video, e-books and FAQs, both languages",
        params,
        response: { 200: adminLecture },
      },
    },
    async (request) =>
      structure.adminLecture(app.deps, currentUser(request), request.params.id, (m) => request.t(m)),
  );
  app.patch(
    "/af/lectures/:id",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Update a lecture (status only with isAbleToUpdateCourseStatus)",
        params,
        body: lecturePatch,
        response: { 200: adminLecture },
      },
    },
    async (request) => {
      await structure.updateLecture(db, currentUser(request), request.params.id, request.body);
      return structure.adminLecture(app.deps, currentUser(request), request.params.id, (m) => request.t(m));
    },
  );
  deleteRoute("/af/lectures/:id", "Delete a lecture and its files", (id) =>
    structure.deleteLecture(app.deps, id),
  );
  app.put(
    "/af/lectures/:id/status",
    {
      onRequest: statusManager,
      schema: {
        tags,
        security,
        summary: "Publish, announce or withdraw a lecture",
        params,
        body: publicationStatusBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await structure.setLectureStatus(db, request.params.id, request.body.status);
      return saved(request);
    },
  );
  orderRoute("/af/modules/:id/lectures/order", "Order a module's lectures", "lectures");
  app.post(
    "/af/lectures/:id/video",
    {
      onRequest: courseManager,
      config: upload,
      schema: {
        tags,
        security,
        summary:
          "Upload the video (multipart: optional `duration_seconds`, then `file`: MP4 or WebM, up to 200 MB)",
        multipart: {
          files: ["file"],
          fields: z.object({ duration_seconds: z.number().int().min(1).max(86_400).optional() }),
        },
        params,
        response: { 200: adminLecture },
      },
    },
    async (request) => {
      await uploadVideo(app.deps, request.params.id, request);
      // HLS renditions in the background (or the MP4-only notice when the server has no ffmpeg).
      await requestTranscode(app.deps, request.params.id);
      return structure.adminLecture(app.deps, currentUser(request), request.params.id, (m) => request.t(m));
    },
  );
  app.post(
    "/af/lectures/:id/ebooks",
    {
      onRequest: courseManager,
      config: upload,
      schema: {
        tags,
        security,
        summary:
          "Add an e-book (multipart: `title_en`, `title_es`, optional `pages`, then `file`: PDF up to 30 MB)",
        multipart: {
          files: ["file"],
          fields: z.object({
            title_en: z.string().max(160).optional(),
            title_es: z.string().max(160).optional(),
            pages: z.number().int().min(1).max(9_999).optional(),
          }),
        },
        params,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(created(request, await uploadEbook(app.deps, request.params.id, request))),
  );
  updateRoute("/af/ebooks/:id", "Rename or move an e-book", lectureEbookPatch, (id, input) =>
    updateEbook(db, id, input),
  );
  deleteRoute("/af/ebooks/:id", "Remove an e-book", (id) => deleteEbook(app.deps, id));
  app.get(
    "/af/ebooks/:id/file",
    {
      onRequest: courseReader,
      schema: {
        tags,
        security,
        summary: "Open an uploaded e-book (PDF, HTTP Range) for its authors, whatever the lecture's state",
        params,
      },
    },
    async (request, reply) => {
      const ebook = await findEbook(db, request.params.id);
      const file = await storage.get(ebook.fileKey);
      if (!file) throw new AppError("not_found", "lecture.ebookNotFound");
      return sendStoredFile(request, reply, file, {
        type: "application/pdf",
        cacheControl: "private, no-store",
        filename: `${ebook.titleEn}.pdf`,
      });
    },
  );
  addChildRoute("/af/lectures/:id/faqs", "Add a FAQ to a lecture", lectureFaqInput, (lectureId, input) =>
    structure.createFaq(db, lectureId, input),
  );
  updateRoute("/af/lecture-faqs/:id", "Edit a lecture FAQ", lectureFaqPatch, (id, input) =>
    structure.updateFaq(db, id, input),
  );
  deleteRoute("/af/lecture-faqs/:id", "Delete a lecture FAQ", (id) => structure.deleteFaq(db, id));
};
