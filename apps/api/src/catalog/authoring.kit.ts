/** What every authoring route plugin shares: the doors of catalog.policy.ts, OpenAPI tags, answer bodies. */
import { catalogIdParams, catalogOrderBody, messageBody } from "@aprendo/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
