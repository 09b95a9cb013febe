/**
 * "My library" routes (packages/contract/src/schemas/library.ts): the learner's e-books and e-notes
 * with their reading progress, one e-book for the viewer, and the download stamped with the
 * learner's name and order. Reading and downloading pass the same gate as the lecture page.
 */

import { buffer } from "node:stream/consumers";
import { errorBody, idParam, library, libraryEbook, messageKey } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { localized } from "../lib/text";
import { setUploadedFileHeaders } from "../storage/uploaded-file-headers";
import { libraryPolicy } from "./library.policy";
import { libraryEbook as loadLibraryEbook, myLibrary, readableEbook, stampFor } from "./library.service";
import { stampPdf } from "./stamp";

const tags = ["library"];
const security = [{ bearer: [] }];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody };
const params = z.object({ id: idParam });

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage } = app.deps;
  const learner = app.authorize(libraryPolicy, "read");

  app.get(
    "/iu/library",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "My e-books and e-notes (bought, or included in an enrolled title) with reading progress",
        response: { 200: library, ...errors },
      },
    },
    async (request) => myLibrary(db, currentUser(request).id, request.language),
  );

  app.get(
    "/iu/library/ebooks/:id",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "One e-book for the viewer: a signed file URL and the page the learner was on",
        params,
        response: { 200: libraryEbook, ...errors },
      },
    },
    async (request) =>
      loadLibraryEbook(db, currentUser(request), request.params.id, request.language, config.jwtSecret),
  );

  app.get(
    "/iu/library/ebooks/:id/download",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "The e-book's PDF, every page stamped with the learner's name and order number",
        params,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { ebook, lecture } = await readableEbook(db, user, request.params.id);
      const file = await storage.get(ebook.fileKey);
      if (!file) {
        request.log.error({ ebookId: ebook.id, key: ebook.fileKey }, "e-book file missing from storage");
        throw new AppError("not_found", "lecture.ebookNotFound");
      }
      const { name, order } = await stampFor(db, user, lecture);
      const line = order
        ? request.t(messageKey("library.stamp", { name, order }))
        : request.t(messageKey("library.stampNoOrder", { name }));
      const title = localized(request.language, ebook.titleEn, ebook.titleEs);
      const pdf = await stampPdf(new Uint8Array(await buffer(file.stream())), line, {
        title,
        producer: config.brandName,
      });
      setUploadedFileHeaders(reply, { disposition: "attachment", filename: `${title}.pdf` });
      return reply
        .type("application/pdf")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(pdf));
    },
  );
};
