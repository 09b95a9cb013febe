/** Short-lived access tokens (JWT, HS256, 15 minutes). Refresh tokens live in the database instead. */
import { signHs256, verifyHs256 } from "./hs256";

export const ACCESS_TOKEN_SECONDS = 15 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `sessionId` is the refresh-token family the token was issued for. Every request checks that the
 * family is still alive (http/authenticate.ts), so a token without one is refused there.
 */
export type AccessClaims = { userId: number; roleId: number; sessionId?: string | undefined };

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now = new Date(),
): Promise<string> {
  return signHs256(
    secret,
    {
      role: claims.roleId,
      typ: "access",
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      sub: String(claims.userId),
    },
    ACCESS_TOKEN_SECONDS,
    now.getTime(),
  ).token;
}

/**
 * An access token signed with JWT_SECRET or, during a rotation, with JWT_SECRET_PREVIOUS: a node
 * that already has the new secret still accepts the tokens the others issued minutes ago. Tokens
 * are only ever signed with the current secret.
 */
export function verifyAccessTokenOf(
  secrets: { jwtSecret: string; jwtSecretPrevious?: string | undefined },
  token: string,
  now = Date.now(),
): AccessClaims | null {
  const claims = verifyAccessToken(secrets.jwtSecret, token, now);
  if (claims || !secrets.jwtSecretPrevious) return claims;
  return verifyAccessToken(secrets.jwtSecretPrevious, token, now);
}

/** The claims of a valid, unexpired access token; null for anything else. */
export function verifyAccessToken(secret: string, token: string, now = Date.now()): AccessClaims | null {
  const claims = verifyHs256(secret, token, "access", now);
  const userId = Number(claims?.sub);
  if (!claims || !Number.isSafeInteger(userId) || userId <= 0) return null;
  return {
    userId,
    roleId: Number(claims.role),
    // Only a well-formed id reaches SQL (a uuid column): anything else is no session at all.
    sessionId: typeof claims.sid === "string" && UUID.test(claims.sid) ? claims.sid : undefined,
  };
}
