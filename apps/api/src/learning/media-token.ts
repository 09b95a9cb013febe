/**
 * Short-lived signed media tokens. A <video> element, an <iframe> or the /webview/ebook page send
 * no Authorization header, so the lecture hands out file URLs carrying `?token=`: a JWT bound to
 * one user and one file, signed with a key derived from the JWT secret (never valid as an access
 * token, and the other way round). Every request with a token re-checks the learner's access.
 */
import { createHmac } from "node:crypto";
import { type PermissionName, permissionName, type RoleId } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../db/client";
import { adminPermissions, users } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";

export const MEDIA_TOKEN_SECONDS = 4 * 60 * 60;
export const EBOOK_VIEW_TOKEN_SECONDS = 30 * 60;

export type MediaClaims = { userId: number; lectureId: number; kind: "video" | "ebook"; ebookId?: number };

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac("sha256", secret).update("aprendo media token v1").digest());
    keys.set(secret, key);
  }
  return key;
}

export async function signMediaToken(
  secret: string,
  claims: MediaClaims,
  seconds = MEDIA_TOKEN_SECONDS,
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    lec: claims.lectureId,
    k: claims.kind,
    eb: claims.ebookId ?? null,
    typ: "media",
  })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + seconds)
    .sign(keyOf(secret));
  return { token, expiresAt: new Date((iat + seconds) * 1000) };
}

export async function verifyMediaToken(secret: string, token: string): Promise<MediaClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ["HS256"] });
    if (payload.typ !== "media" || !payload.sub) return null;
    const kind = payload.k === "ebook" ? "ebook" : "video";
    return {
      userId: Number(payload.sub),
      lectureId: Number(payload.lec),
      kind,
      ...(typeof payload.eb === "number" ? { ebookId: payload.eb } : {}),
    };
  } catch {
    return null;
  }
}

/** The caller behind a media token, read from the database like every request (role, status, flags). */
export async function loadCaller(db: Db, userId: number): Promise<CurrentUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      roleId: users.roleId,
      username: users.username,
      languageId: users.languageId,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.status !== "active") return null;
  let permissions: PermissionName[] = [];
  if (row.roleId !== 1) {
    const flags = await db
      .select({ id: adminPermissions.permissionId })
      .from(adminPermissions)
      .where(eq(adminPermissions.userId, row.id));
    permissions = flags.map((f) => permissionName(f.id)).filter((n): n is PermissionName => n !== undefined);
  }
  return {
    id: row.id,
    roleId: row.roleId as RoleId,
    username: row.username,
    languageId: row.languageId,
    permissions,
  };
}
