/**
 * Who is calling. The access token only says who and for which session; the user's role, status and
 * administrator permission flags, and whether that session is still alive, are read from the
 * database on every request, so a removed flag, a disabled account or an ended session (logout,
 * password change or reset, refresh-token reuse) takes effect at once on every node (DOMAIN.md,
 * docs/security.md section 3). A route's one door is `onRequest: app.authorize(policy, action)`: who
 * is calling is settled before the body is read or validated, so a guest gets 401, never field errors.
 */
import { Permission, type PermissionName, permissionName, type RoleId } from "@aprendo/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { verifyAccessTokenOf } from "../auth/access-token";
import type { DbOrTx } from "../db/client";
import { preparedFor } from "../db/prepared";
import { adminPermissions, users } from "../db/schema/index";
import { AppError } from "./errors";
import type { DoorCheck, Policy, Rules } from "./policy";

export type CurrentUser = {
  id: number;
  roleId: RoleId;
  username: string;
  languageId: number;
  permissions: PermissionName[];
  /** The session of the request's access token (absent for a media token's caller). */
  sessionId?: string;
};

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the route's door (`app.authorize`); null for a guest. */
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    /**
     * The door of a route, its only one: the caller, then the feature policy's answer for the
     * action (who may do what is read in that feature's `*.policy.ts`).
     */
    authorize: <R extends Rules>(policy: Policy<R>, action: keyof R & string) => onRequestAsyncHookHandler;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  return undefined;
}

const callerColumns = {
  id: users.id,
  roleId: users.roleId,
  username: users.username,
  languageId: users.languageId,
  status: users.status,
  flags: sql<number[]>`CASE WHEN ${users.roleId} = 1 THEN '{}'::int[] ELSE ARRAY(
    SELECT ${adminPermissions.permissionId} FROM ${adminPermissions}
    WHERE ${adminPermissions.userId} = ${users.id}) END`,
};

// One round trip on every authenticated request: the user row, for staff their flags, and whether
// the token's session is alive. The session check rides in the same statement (one probe of the
// partial index on live families, about 10 µs of PostgreSQL time) instead of a cache: nothing to
// invalidate across nodes, and an ended session is refused by the very next request wherever it
// lands (docs/decisions.md). It asks only "is this family live": a token naming another account's
// family would need the signing secret, and the access token expires long before its family's rows.
const sessionCallerQuery = preparedFor((db) =>
  db
    .select({
      ...callerColumns,
      // Written by hand: inside a selected expression drizzle names columns without their table.
      live: sql<boolean>`EXISTS (SELECT 1 FROM refresh_tokens r
        WHERE r.family_id = ${sql.placeholder("sessionId")}::uuid AND r.revoked_at IS NULL)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("auth_session_caller"),
);

// The caller behind a media token issued before media tokens carried their session.
const callerQuery = preparedFor((db) =>
  db
    .select(callerColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("auth_caller"),
);

async function loadUser(app: FastifyInstance, token: string | undefined): Promise<CurrentUser | null> {
  if (!token) return null;
  const claims = verifyAccessTokenOf(app.deps.config, token);
  // Every access token the API issues names its session; one without can never be revoked.
  if (!claims?.sessionId) return null;
  return loadCaller(app.deps.db, claims.userId, claims.sessionId);
}

/**
 * An active user with their role and, for staff, their flags, as the database says now; else null.
 * With `sessionId`, also null once that session has ended. Without, only for a media token issued
 * before media tokens named their session (they live at most 4 hours).
 */
export async function loadCaller(
  db: DbOrTx,
  userId: number,
  sessionId?: string,
): Promise<CurrentUser | null> {
  if (!sessionId) {
    const [row] = await callerQuery(db).execute({ userId });
    return row ? activeCaller(row) : null;
  }
  const [row] = await sessionCallerQuery(db).execute({ userId, sessionId });
  const caller = row?.live ? activeCaller(row) : null;
  return caller && { ...caller, sessionId };
}

type CallerRow = {
  id: number;
  roleId: number;
  username: string;
  languageId: number;
  status: string;
  flags: number[];
};

function activeCaller(row: CallerRow): CurrentUser | null {
  if (row.status !== "active") return null;
  const permissions = row.flags
    .map((id) => permissionName(id))
    .filter((n): n is PermissionName => n !== undefined);
  return {
    id: row.id,
    roleId: row.roleId as RoleId,
    username: row.username,
    languageId: row.languageId,
    permissions,
  };
}

/** How a route's `onRequest` settles its caller: a feature policy's action. */
export type RouteDoor = DoorCheck;

/** Every registered route's doors ("METHOD /url" → its onRequest auth hooks), for the quality tests. */
export const routeDoors = new Map<string, RouteDoor[]>();

// The hooks this plugin hands out, with what they check: a route may run them only onRequest.
const authHooks = new WeakMap<object, RouteDoor>();
function authHook(hook: onRequestAsyncHookHandler, door: RouteDoor): onRequestAsyncHookHandler {
  authHooks.set(hook, door);
  return hook;
}

const hookList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);
const laterHooks = ["preParsing", "preValidation", "preHandler"] as const;

export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null);

  // One hook style: authentication and authorization run onRequest (see the top of this file). A
  // route that runs them later would answer a guest's bad body with field errors instead of 401, so
  // it is refused when it is registered, not found by a reader.
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const slot of laterHooks) {
      if (hookList(route[slot]).some((hook) => authHooks.has(hook as object)))
        throw new Error(`${methods.join(",")} ${route.url}: authentication hooks run onRequest, not ${slot}`);
    }
    const doors = hookList(route.onRequest).flatMap((hook) => {
      const door = authHooks.get(hook as object);
      return door ? [door] : [];
    });
    for (const method of methods) routeDoors.set(`${method} ${route.url}`, doors);
  });

  // A guest the rule refuses is asked to sign in (401); a signed-in caller it refuses is forbidden.
  app.decorate("authorize", <R extends Rules>(policy: Policy<R>, action: keyof R & string) => {
    if (!(action in policy.rules)) throw new Error(`${policy.feature}.policy has no action "${action}"`);
    return authHook(
      async (request: FastifyRequest) => {
        const user = await loadUser(app, bearerToken(request));
        if (!policy.allow(user, action)) throw new AppError(user ? "forbidden" : "unauthenticated");
        request.user = user;
      },
      { feature: policy.feature, action },
    );
  });
});

/** The caller, for handlers behind a door that refuses guests (where it is never null). */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError("unauthenticated");
  return request.user;
}

export { Permission };
