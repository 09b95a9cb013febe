/**
 * The signed link in a reminder or progress mail that stops that mail without logging in: an
 * HS256 token naming the learner and the mail, under a key derived from the JWT secret
 * for this use only, so it never passes as an access or media token (nor they as it). It lasts a
 * year: an old mail's link must still work (RFC 8058 expects the address to stay valid).
 */
import { createHmac } from "node:crypto";
import type { LearningMailKind } from "@aprendo/contract";
import { signHs256, verifyHs256 } from "../auth/hs256";

export const UNSUBSCRIBE_TOKEN_SECONDS = 365 * 24 * 60 * 60;

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac("sha256", secret).update("aprendo unsubscribe token v1").digest());
    keys.set(secret, key);
  }
  return key;
}

export function signUnsubscribeToken(secret: string, userId: number, kind: LearningMailKind): string {
  return signHs256(
    keyOf(secret),
    { typ: "unsubscribe", sub: String(userId), k: kind },
    UNSUBSCRIBE_TOKEN_SECONDS,
  ).token;
}

/** The learner and the mail, from a token signed with the current secret or the previous one (rotation). */
export function verifyUnsubscribeToken(
  secrets: ReadonlyArray<string | undefined>,
  token: string,
): { userId: number; kind: LearningMailKind } | null {
  for (const secret of secrets) {
    if (!secret) continue;
    const claims = verifyHs256(keyOf(secret), token, "unsubscribe");
    const userId = Number(claims?.sub);
    if (
      claims &&
      Number.isInteger(userId) &&
      userId > 0 &&
      (claims.k === "reminder" || claims.k === "weekly")
    )
      return { userId, kind: claims.k };
  }
  return null;
}
