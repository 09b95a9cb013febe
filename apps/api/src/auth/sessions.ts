/**
 * Sessions: a login starts a refresh-token family; each POST /auth/refresh rotates the token
 * (the old one is marked rotated, a new one joins the family). Presenting a rotated token again
 * means it was copied: the whole family is revoked. Tokens are random and stored as SHA-256.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config/config";
import type { DbOrTx } from "../db/client";
import { refreshTokens, users } from "../db/schema/index";
import { bearerToken } from "../http/authenticate";
import { publishEvent } from "../notifications/notifications.events";
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessTokenOf } from "./access-token";
import { newToken, sha256 } from "./secrets";

export const REFRESH_COOKIE = "refresh_token";
export const REFRESH_TOKEN_DAYS = 30;
const REFRESH_TTL_MS = REFRESH_TOKEN_DAYS * 24 * 3600 * 1000;

export type IssuedSession = { accessToken: string; refreshToken: string; expiresIn: number };

async function storeRefreshToken(
  db: DbOrTx,
  userId: number,
  familyId: string,
  userAgent: string | undefined,
): Promise<string> {
  const raw = newToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(raw),
    expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return raw;
}

/** A new login: a new family, its first refresh token and an access token bound to it. */
export async function startSession(
  db: DbOrTx,
  config: Config,
  user: { id: number; roleId: number },
  userAgent?: string,
): Promise<IssuedSession> {
  const familyId = crypto.randomUUID();
  const refreshToken = await storeRefreshToken(db, user.id, familyId, userAgent);
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, user.id));
  const accessToken = await signAccessToken(config.jwtSecret, {
    userId: user.id,
    roleId: user.roleId,
    sessionId: familyId,
  });
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS };
}

/**
 * Sessions opened without a login, for tools that act as many users at once (API test factories,
 * the bench's learners): one family each, in one insert, and an access token bound to it, so their
 * requests go through the same session check as everyone's. Nothing is returned to refresh with.
 */
export async function openSessions(
  db: DbOrTx,
  config: Config,
  accounts: readonly { id: number; roleId: number }[],
): Promise<string[]> {
  if (accounts.length === 0) return [];
  const expiresAt = new Date(Date.now() + REFRESH_TTL_MS);
  const families = accounts.map(() => crypto.randomUUID());
  await db.insert(refreshTokens).values(
    accounts.map((account, i) => ({
      userId: account.id,
      familyId: families[i]!,
      tokenHash: sha256(newToken()),
      expiresAt,
      userAgent: "session opened by a tool",
    })),
  );
  return Promise.all(
    accounts.map((account, i) =>
      signAccessToken(config.jwtSecret, {
        userId: account.id,
        roleId: account.roleId,
        sessionId: families[i],
      }),
    ),
  );
}

/**
 * Rotates a refresh token. Null when it is unknown, expired, revoked, belongs to an account that
 * may no longer log in, or was already rotated (then its family is revoked: reuse detection).
 */
export async function rotateSession(
  db: DbOrTx,
  config: Config,
  raw: string,
  userAgent?: string,
): Promise<IssuedSession | null> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
      expiresAt: refreshTokens.expiresAt,
      roleId: users.roleId,
      status: users.status,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, sha256(raw)));
  if (!row || row.revokedAt || row.expiresAt <= new Date() || row.status !== "active") return null;
  if (row.rotatedAt) {
    await revokeFamily(db, row.familyId);
    return null;
  }
  // Conditional: of two concurrent uses of one token, only one rotates; the other is a reuse.
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(
      and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId);
    return null;
  }
  const refreshToken = await storeRefreshToken(db, row.userId, row.familyId, userAgent);
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, row.userId));
  const accessToken = await signAccessToken(config.jwtSecret, {
    userId: row.userId,
    roleId: row.roleId,
    sessionId: row.familyId,
  });
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS };
}

// Access tokens are refused by the next request's own check (http/authenticate.ts); the event
// closes the notification streams opened with the session, on every node, once the change commits.

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await publishEvent(db, { kind: "session_ended", sessionId: familyId });
}

/** Whether a session (refresh-token family) still has a live row: the same test as every request's. */
export async function isSessionLive(db: DbOrTx, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

/** Logout: revokes the family of the presented token (whatever its state). */
export async function endSession(db: DbOrTx, raw: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(raw)));
  if (row) await revokeFamily(db, row.familyId);
}

/**
 * Logs a user out everywhere, or everywhere but one session (`keepFamilyId`). Expired rows are
 * revoked too: a family stays alive while any of its rows is unrevoked (http/authenticate.ts).
 */
export async function revokeAllSessions(db: DbOrTx, userId: number, keepFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
  await publishEvent(db, { kind: "sessions_ended", userId, keepSessionId: keepFamilyId ?? null });
}

// --- the cookie -------------------------------------------------------------------------------

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.publicUrl.startsWith("https:"),
    path: "/api/auth",
  };
}

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(config), maxAge: REFRESH_TTL_MS / 1000 });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}

/** The session (refresh family) the request's access token belongs to, if any. */
export async function sessionIdOf(request: FastifyRequest, config: Config): Promise<string | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  return verifyAccessTokenOf(config, token)?.sessionId;
}
