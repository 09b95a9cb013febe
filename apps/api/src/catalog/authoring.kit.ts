/** What every authoring route plugin shares: the doors of catalog.policy.ts, OpenAPI tags, answer bodies. */
import { catalogCreated, catalogIdParams, catalogOrderBody, messageBody } from "@aprendo/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { catalogPolicy } from "./catalog.policy";
import { reorder } from "./structure.service";

type Translating = { t: (message: string) => string };

export function authoringKit(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const courseManager = app.authorize(catalogPolicy, "author");
  const security = [{ bearer: [] }];
  const tags = ["course authoring"];
  const saved = (request: Translating) => ({ message: request.t("catalog.saved") });
  const deleted = (request: Translating) => ({ message: request.t("catalog.deleted") });
  return {
    db: app.deps.db,
    storage: app.deps.storage,
    courseManager,
    courseReader: app.authorize(catalogPolicy, "readAuthoring"),
    statusManager: app.authorize(catalogPolicy, "changeStatus"),
    categoryManager: app.authorize(catalogPolicy, "manageCategories"),
    security,
    tags,
    params: catalogIdParams,
    upload: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    saved,
    deleted,
    created: (request: Translating, id: number) => ({ id, message: request.t("catalog.saved") }),
    /** `DELETE path` (course managers): removes what `:id` names and answers "Deleted". */
    deleteRoute(path: string, summary: string, remove: (id: number) => Promise<unknown>) {
      typed.delete(
        path,
        {
          onRequest: courseManager,
          schema: { tags, security, summary, params: catalogIdParams, response: { 200: messageBody } },
        },
        async (request) => {
          await remove(request.params.id);
          return deleted(request);
        },
      );
    },
    /** `POST path` (course managers): adds a child to what `:id` names; answers 201 with its id. */
    addChildRoute<Body extends z.ZodType>(
      path: string,
      summary: string,
      body: Body,
      add: (parentId: number, input: z.output<Body>) => Promise<number>,
    ) {
      typed.post(
        path,
        {
          onRequest: courseManager,
          schema: {
            tags,
            security,
            summary,
            params: catalogIdParams,
            body,
            response: { 201: catalogCreated },
          },
        },
        async (request, reply) =>
          reply.status(201).send({
            id: await add(request.params.id, request.body as z.output<Body>),
            message: request.t("catalog.saved"),
          }),
      );
    },
    /** `PATCH path` (course managers): changes what `:id` names and answers "Saved". */
    updateRoute<Body extends z.ZodType>(
      path: string,
      summary: string,
      body: Body,
      update: (id: number, input: z.output<Body>) => Promise<unknown>,
    ) {
      typed.patch(
        path,
        {
          onRequest: courseManager,
          schema: { tags, security, summary, params: catalogIdParams, body, response: { 200: messageBody } },
        },
        async (request) => {
          await update(request.params.id, request.body as z.output<Body>);
          return saved(request);
        },
      );
    },
    /** `PUT path` (course managers): puts the children of `:id` in the order of `ids` (every id once). */
    orderRoute(path: string, summary: string, children: Parameters<typeof reorder>[1]) {
      typed.put(
        path,
        {
          onRequest: courseManager,
          schema: {
            tags,
            security,
            summary,
            params: catalogIdParams,
            body: catalogOrderBody,
            response: { 200: messageBody },
          },
        },
        async (request) => {
          await reorder(app.deps.db, children, request.params.id, request.body.ids);
          return saved(request);
        },
      );
    },
  };
}
