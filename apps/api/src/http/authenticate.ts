/**
 * Who is calling. The access token only says who; the user's role, status and administrator
 * permission flags are read from the database on every request, so a removed flag or a disabled
 * account takes effect at once (DOMAIN.md). Routes use these as `onRequest` hooks: who is calling is
 * settled before the body is read or validated, so a guest gets 401, never field errors.
 */
import { Permission, type PermissionName, permissionName, type RoleId } from "@aprendo/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { verifyAccessToken } from "../auth/access-token";
import type { DbOrTx } from "../db/client";
import { preparedFor } from "../db/prepared";
import { adminPermissions, users } from "../db/schema/index";
import { AppError } from "./errors";

export type CurrentUser = {
  id: number;
  roleId: RoleId;
  username: string;
  languageId: number;
  permissions: PermissionName[];
};

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the `requireRole` / `optionalUser` hooks; null for a guest. */
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    requireRole: (...roles: RoleId[]) => onRequestAsyncHookHandler;
    requirePermission: (...anyOf: PermissionName[]) => onRequestAsyncHookHandler;
    optionalUser: onRequestAsyncHookHandler;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  return undefined;
}

// One round trip on every authenticated request: the user row and, for staff, their flags.
const callerQuery = preparedFor((db) =>
  db
    .select({
      id: users.id,
      roleId: users.roleId,
      username: users.username,
      languageId: users.languageId,
      status: users.status,
      flags: sql<number[]>`CASE WHEN ${users.roleId} = 1 THEN '{}'::int[] ELSE ARRAY(
        SELECT ${adminPermissions.permissionId} FROM ${adminPermissions}
        WHERE ${adminPermissions.userId} = ${users.id}) END`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("auth_caller"),
);

async function loadUser(app: FastifyInstance, token: string | undefined): Promise<CurrentUser | null> {
  if (!token) return null;
  const claims = verifyAccessToken(app.deps.config.jwtSecret, token);
  return claims ? loadCaller(app.deps.db, claims.userId) : null;
}

/** An active user with their role and, for staff, their flags, as the database says now; else null. */
export async function loadCaller(db: DbOrTx, userId: number): Promise<CurrentUser | null> {
  const [row] = await callerQuery(db).execute({ userId });
  if (row?.status !== "active") return null;
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

export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null);

  app.decorate("optionalUser", async (request: FastifyRequest) => {
    request.user = await loadUser(app, bearerToken(request));
  });

  app.decorate("requireRole", (...roles: RoleId[]) => async (request: FastifyRequest) => {
    const user = await loadUser(app, bearerToken(request));
    if (!user) throw new AppError("unauthenticated");
    if (roles.length > 0 && !roles.includes(user.roleId)) throw new AppError("forbidden");
    request.user = user;
  });

  /** An administrator (role 3 and up) holding at least one of the flags. */
  app.decorate("requirePermission", (...anyOf: PermissionName[]) => async (request: FastifyRequest) => {
    const user = await loadUser(app, bearerToken(request));
    if (!user) throw new AppError("unauthenticated");
    if (user.roleId === 1 || !anyOf.some((flag) => user.permissions.includes(flag)))
      throw new AppError("forbidden");
    request.user = user;
  });
});

/** The caller, for handlers behind `requireRole`/`requirePermission` (where it is never null). */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError("unauthenticated");
  return request.user;
}

export { Permission };
