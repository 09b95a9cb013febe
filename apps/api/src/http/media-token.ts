/**
 * Short-lived signed media tokens. A <video> element, an <iframe> or the /webview/ebook page send
 * no Authorization header, so the lecture hands out file URLs carrying `?token=`: a JWT bound to
 * one user and one file, signed with a key derived from the JWT secret (never valid as an access
 * token, and the other way round). Every request with a token re-checks the learner's access.
 */
import { createHmac } from "node:crypto";
import { signHs256, verifyHs256 } from "../auth/hs256";

export const MEDIA_TOKEN_SECONDS = 4 * 60 * 60;
export const EBOOK_VIEW_TOKEN_SECONDS = 30 * 60;

/**
 * `sessionId`: the session of the request that got the URL; when it ends (logout...), the URL stops
 * working too (checked with the caller, http/authenticate.ts `loadCaller`).
 */
export type MediaClaims = {
  userId: number;
  lectureId: number;
  kind: "video" | "ebook";
  ebookId?: number;
  sessionId?: string | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  return signHs256(
    keyOf(secret),
    {
      lec: claims.lectureId,
      k: claims.kind,
      eb: claims.ebookId ?? null,
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      typ: "media",
      sub: String(claims.userId),
    },
    seconds,
  );
}

export async function verifyMediaToken(secret: string, token: string): Promise<MediaClaims | null> {
  const claims = verifyHs256(keyOf(secret), token, "media");
  if (!claims) return null;
  return {
    userId: Number(claims.sub),
    lectureId: Number(claims.lec),
    kind: claims.k === "ebook" ? "ebook" : "video",
    ...(typeof claims.eb === "number" ? { ebookId: claims.eb } : {}),
    ...(typeof claims.sid === "string" && UUID.test(claims.sid) ? { sessionId: claims.sid } : {}),
  };
}
