/** What every authoring route plugin shares: permission checks, OpenAPI tags, answer bodies. */
import { catalogIdParams } from "@aprendo/contract";
import type { FastifyInstance } from "fastify";

type Translating = { t: (message: string) => string };

export function authoringKit(app: FastifyInstance) {
  return {
    db: app.deps.db,
    storage: app.deps.storage,
    courseManager: app.requirePermission("isCourseManager"),
    courseReader: app.requirePermission("isCourseManager", "isAbleToUpdateCourseStatus"),
    statusManager: app.requirePermission("isAbleToUpdateCourseStatus"),
    categoryManager: app.requirePermission("isCategoryManager"),
    security: [{ bearer: [] }],
    tags: ["course authoring"],
    params: catalogIdParams,
    upload: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    saved: (request: Translating) => ({ message: request.t("catalog.saved") }),
    deleted: (request: Translating) => ({ message: request.t("catalog.deleted") }),
    created: (request: Translating, id: number) => ({ id, message: request.t("catalog.saved") }),
  };
}
