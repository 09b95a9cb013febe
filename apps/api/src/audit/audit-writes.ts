/**
 * Every back-office write leaves an audit record. Handlers that know the
 * product's words record their own entry with `recordAudit`, inside the change's transaction; for
 * every other successful write under /api/af, /api/ha and /api/ma this plugin records one from the
 * route itself, so a route added tomorrow is audited without anyone remembering to:
 * - action and entity come from the route pattern: `PUT /api/af/tickets/{id}/claim` is
 *   `tickets.claim` on entity `tickets` #id, `POST /api/af/coupons` is `coupons.create`;
 * - "before" is the resource as the API presented it just before the change (a GET of the path up to
 *   its `:id`, when the area has one and it answers JSON), "after" is the record the write answered
 *   with, else the request's fields (never a secret).
 * The generic record is written after the handler committed (onSend), so unlike `recordAudit` it is
 * not in the change's transaction: a failure to write it is logged with the route, never swallowed
 * silently, and never turns a done change into an error for the administrator.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { auditLog } from "../db/schema/index";
import { wasAudited } from "./actor";
import { withoutSecrets } from "./audit";

/** The back-office areas whose writes are audited. */
export const auditedAreas = ["/api/af/", "/api/ha/", "/api/ma/"] as const;
const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Writes under the back-office areas that are not administrative changes, with the reason. Empty
 * today: every back-office write is audited. An entry here is the only way a write route escapes
 * the audit walk test (audit-writes.test.ts).
 */
export const notAudited: Readonly<Record<string, string>> = {};

/** "METHOD /api/af/path/:id" of every write route the plugin audits, for the walk test. */
export const auditedWriteRoutes = new Set<string>();

type Snapshot = { before: Record<string, unknown> | null };
declare module "fastify" {
  interface FastifyRequest {
    auditSnapshot?: Snapshot;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The route's pieces: the path of its target (up to the last `:id`), the entity and the verb. */
export function describeRoute(method: string, url: string) {
  const area = auditedAreas.find((prefix) => url.startsWith(prefix));
  const segments = url
    .slice((area ?? "").length)
    .split("/")
    .filter(Boolean);
  const lastId = segments.lastIndexOf(":id");
  const literal = (list: string[]) => list.filter((s) => !s.startsWith(":")).map((s) => s.replace(/-/g, "_"));
  const entitySegments = lastId >= 0 ? segments.slice(0, lastId) : segments;
  const tail = lastId >= 0 ? literal(segments.slice(lastId + 1)) : [];
  const entity = literal(entitySegments).join("_") || "back_office";
  const base = method === "POST" ? "create" : method === "DELETE" ? "delete" : "update";
  // A verb after the id ("claim", "publish", "revoke") names the action; a sub-collection that is
  // written to ("modules/:id/lectures") or removed from keeps the method's meaning too.
  const verb = tail.length === 0 ? base : method === "DELETE" ? `${tail.join("_")}_delete` : tail.join("_");
  return {
    entity: entity.slice(0, 64),
    action: `${entity}.${verb}`.slice(0, 64),
    targetPath: area && lastId >= 0 ? `${area}${segments.slice(0, lastId + 1).join("/")}` : null,
  };
}

function concretePath(pattern: string, params: Record<string, unknown>) {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? "")),
  );
}

/** The JSON body a write answered with, as a record: its `data` object, or itself when it has an id. */
function answeredRecord(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== "string" || payload.length === 0 || payload.length > 200_000) return null;
  try {
    const body: unknown = JSON.parse(payload);
    if (isRecord(body) && isRecord(body.data)) return body.data;
    if (isRecord(body) && "id" in body) return body;
  } catch {
    // Not JSON (a file, an empty answer): the request's fields stand for the change instead.
  }
  return null;
}

function requestFields(request: FastifyRequest): Record<string, unknown> {
  const params = isRecord(request.params) ? request.params : {};
  const body = isRecord(request.body) ? request.body : {};
  const { id: _id, ...otherParams } = params;
  return { ...otherParams, ...body };
}

export const auditWritesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) =>
      writeMethods.has(m),
    );
    if (!auditedAreas.some((prefix) => route.url.startsWith(prefix))) return;
    for (const method of methods) {
      if (`${method} ${route.url}` in notAudited) continue;
      auditedWriteRoutes.add(`${method} ${route.url}`);
    }
  });

  const audited = (request: FastifyRequest) =>
    writeMethods.has(request.method) &&
    auditedWriteRoutes.has(`${request.method} ${request.routeOptions.url ?? ""}`);

  // The target before the change, read through the API's own GET (same caller, same rules).
  app.addHook("preHandler", async (request) => {
    if (!audited(request) || !request.user) return;
    const { targetPath } = describeRoute(request.method, request.routeOptions.url ?? "");
    if (!targetPath || !app.hasRoute({ method: "GET", url: targetPath })) return;
    const params = isRecord(request.params) ? request.params : {};
    const url = concretePath(targetPath, params);
    let response: Awaited<ReturnType<FastifyInstance["inject"]>>;
    try {
      response = await app.inject({
        method: "GET",
        url,
        headers: {
          ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          "accept-language": request.headers["accept-language"] ?? "en",
        },
      });
    } catch (error) {
      // The node is stopping (SIGTERM): Fastify takes no request, not even an injected one, once
      // close() began, while a write that arrived just before still runs to its end. It must not
      // fail for want of its "before"; the record keeps none, as when the GET answers no record.
      if ((error as { code?: string }).code !== "FST_ERR_REOPENED_CLOSE_SERVER") throw error;
      request.log.warn({ url }, "audit: the node is stopping, the target before the change was not read");
      request.auditSnapshot = { before: null };
      return;
    }
    const json = String(response.headers["content-type"] ?? "").startsWith("application/json");
    request.auditSnapshot = {
      before: response.statusCode === 200 && json ? answeredRecord(response.body) : null,
    };
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (!audited(request) || reply.statusCode >= 300 || !request.user || wasAudited(request)) return payload;
    const url = request.routeOptions.url ?? "";
    const { entity, action } = describeRoute(request.method, url);
    const answered = answeredRecord(payload);
    const params = isRecord(request.params) ? request.params : {};
    const entityId = params.id ?? answered?.id ?? null;
    const after = request.method === "DELETE" && !answered ? null : (answered ?? requestFields(request));
    try {
      await app.deps.db.insert(auditLog).values({
        actorId: request.user.id,
        actorUsername: request.user.username,
        actorRoleId: request.user.roleId,
        action,
        entity,
        entityId: entityId == null ? null : String(entityId).slice(0, 64),
        before: withoutSecrets(request.auditSnapshot?.before),
        after: withoutSecrets(after),
      });
    } catch (error) {
      request.log.error(
        { err: error, route: `${request.method} ${url}`, action },
        "audit record not written",
      );
    }
    return payload;
  });
});
