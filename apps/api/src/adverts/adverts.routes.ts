/**
 * Adverts: /af/advertisement-blocks and /af/adverts for the advert manager (spec sections 2 and 6),
 * and the public reading of a placement's live adverts with their images.
 */
import {
  advertAdminQuery,
  advertEnvelope,
  advertInput,
  advertisementBlockEnvelope,
  advertisementBlockInput,
  advertisementBlockList,
  advertList,
  advertPublicList,
  advertPublicQuery,
  errorBody,
  idParam,
  KB,
  messageBody,
  supportLimits,
} from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { AppError } from "../http/errors";
import { tooLarge } from "../http/multipart";
import { pagedList } from "../http/paging";
import { sendStoredFile } from "../http/send-file";
import { parseFields, readSubmission } from "../http/submission";
import { cleanImage } from "../storage/images";
import { sniffImage } from "../storage/sniff";
import { advertsPolicy } from "./adverts.policy";
import {
  type AdvertImage,
  advertImage,
  createAdvert,
  createBlock,
  deleteAdvert,
  deleteBlock,
  getAdvert,
  getBlock,
  listAdverts,
  listBlocks,
  liveAdverts,
  updateAdvert,
  updateBlock,
} from "./adverts.service";

const params = z.object({ id: idParam });
const errors = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  422: errorBody,
};

/** The advert form as the OpenAPI document describes it (http/openapi.ts). */
const advertForm = {
  files: ["image"],
  fields: z.object({ data: z.string().describe("The advert's fields as JSON (as the JSON body)") }),
};

/** An advert form: JSON, or multipart with `data` (JSON) and an `image` file checked by content. */
async function readAdvertForm(request: FastifyRequest) {
  const submission = await readSubmission(request, {
    maxFileBytes: supportLimits.advertImageMaxBytes,
    tooLarge: () =>
      tooLarge("image", "adverts.imageTooLarge", { max: supportLimits.advertImageMaxBytes / KB }),
  });
  let fields: unknown = submission.fields;
  if (request.isMultipart()) {
    const data = submission.fields.data;
    try {
      fields = typeof data === "string" ? JSON.parse(data) : (data ?? {});
    } catch {
      throw new AppError("bad_request");
    }
  }
  const input = parseFields(advertInput, fields);
  const file = submission.files.find((f) => f.fieldName === "image") ?? submission.files[0];
  let image: AdvertImage | null = null;
  if (file) {
    const mimeType = sniffImage(file.data);
    if (!mimeType) throw AppError.field("image", "adverts.imageType");
    image = { data: await cleanImage(file.data, mimeType, { field: "image" }), mimeType };
  }
  return { input, image };
}

export const advertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    "/adverts",
    {
      schema: {
        tags: ["adverts"],
        summary: "The adverts shown now at a placement of the web app (every active block there)",
        querystring: advertPublicQuery,
        response: { 200: advertPublicList, 422: errorBody },
      },
    },
    async (request) => ({ data: await liveAdverts(db, request.query.placement) }),
  );
  app.get(
    "/adverts/:id/image",
    { schema: { tags: ["adverts"], summary: "An advert's image", params } },
    async (request, reply) => {
      const { file, mimeType } = await advertImage(app.deps, request.params.id);
      // The URL carries the version (?v=), so the image can be cached for long.
      return sendStoredFile(request, reply, file, { type: mimeType, cacheControl: "public, max-age=86400" });
    },
  );

  const onRequest = app.authorize(advertsPolicy, "manage");

  {
    const tags = ["advert administration"];
    const path = "/af/advertisement-blocks";
    app.get(
      path,
      { onRequest, schema: { tags, response: { 200: advertisementBlockList, ...errors } } },
      async () => ({
        data: await listBlocks(db),
      }),
    );
    app.post(
      path,
      {
        onRequest,
        schema: {
          tags,
          body: advertisementBlockInput,
          response: { 201: advertisementBlockEnvelope, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          message: request.t("adverts.blockSaved"),
          data: await createBlock(db, auditActor(request), request.body),
        }),
    );
    app.get(
      `${path}/:id`,
      { onRequest, schema: { tags, params, response: { 200: advertisementBlockEnvelope, ...errors } } },
      async (request) => ({ data: await getBlock(db, request.params.id) }),
    );
    app.put(
      `${path}/:id`,
      {
        onRequest,
        schema: {
          tags,
          params,
          body: advertisementBlockInput,
          response: { 200: advertisementBlockEnvelope, ...errors },
        },
      },
      async (request) => ({
        message: request.t("adverts.blockSaved"),
        data: await updateBlock(db, auditActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      `${path}/:id`,
      { onRequest, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await deleteBlock(db, auditActor(request), request.params.id);
        return { message: request.t("adverts.blockDeleted") };
      },
    );
  }

  {
    const tags = ["advert administration"];
    const path = "/af/adverts";
    app.get(
      path,
      {
        onRequest,
        schema: { tags, querystring: advertAdminQuery, response: { 200: advertList, ...errors } },
      },
      async (request) => pagedList(request, request.query, await listAdverts(db, request.query)),
    );
    app.post(
      path,
      {
        onRequest,
        schema: {
          tags,
          summary: "Create an advert (multipart: data = JSON of the advert, image = the picture)",
          consumes: ["multipart/form-data"],
          multipart: advertForm,
          response: { 201: advertEnvelope, ...errors },
        },
      },
      async (request, reply) => {
        const { input, image } = await readAdvertForm(request);
        if (!image) throw AppError.field("image", "adverts.imageRequired");
        return reply.status(201).send({
          message: request.t("adverts.saved"),
          data: await createAdvert(app.deps, auditActor(request), input, image),
        });
      },
    );
    app.get(
      `${path}/:id`,
      { onRequest, schema: { tags, params, response: { 200: advertEnvelope, ...errors } } },
      async (request) => ({ data: await getAdvert(db, request.params.id) }),
    );
    app.put(
      `${path}/:id`,
      {
        onRequest,
        schema: {
          tags,
          summary: "Update an advert (JSON, or multipart with data and an optional new image)",
          consumes: ["multipart/form-data", "application/json"],
          multipart: advertForm,
          params,
          response: { 200: advertEnvelope, ...errors },
        },
      },
      async (request) => {
        const { input, image } = await readAdvertForm(request);
        return {
          message: request.t("adverts.saved"),
          data: await updateAdvert(app.deps, auditActor(request), request.params.id, input, image),
        };
      },
    );
    app.delete(
      `${path}/:id`,
      { onRequest, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await deleteAdvert(app.deps, auditActor(request), request.params.id);
        return { message: request.t("adverts.deleted") };
      },
    );
  }
};
