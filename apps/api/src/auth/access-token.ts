/** Short-lived access tokens (JWT, HS256, 15 minutes). Refresh tokens live in the database instead. */
import { jwtVerify, SignJWT } from "jose";

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** `sessionId` is the refresh-token family the token was issued for (absent for test tokens). */
export type AccessClaims = { userId: number; roleId: number; sessionId?: string | undefined };

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    role: claims.roleId,
    typ: "access",
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
  })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(key(secret));
}

/** The claims of a valid, unexpired access token; null for anything else. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ["HS256"] });
    if (payload.typ !== "access" || !payload.sub) return null;
    return {
      userId: Number(payload.sub),
      roleId: Number(payload.role),
      sessionId: typeof payload.sid === "string" ? payload.sid : undefined,
    };
  } catch {
    return null;
  }
}
