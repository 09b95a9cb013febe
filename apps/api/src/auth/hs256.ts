/**
 * Compact HS256 JSON Web Tokens, the one shape this API signs (access tokens and media tokens).
 * They are signed and checked on every authenticated request and every lecture page, so this uses
 * Node's synchronous HMAC: jose's general implementation goes through WebCrypto's job queue, several
 * times the cost for the same bytes (its tokens and ours are interchangeable; the tests sign with jose).
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";

export type Claims = Record<string, unknown>;
type Key = string | Uint8Array;

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256" })).toString("base64url");

// Turning a secret into a key object on every call is a measurable part of a request: keep them.
const keyObjects = new Map<Key, KeyObject>();
function keyObject(key: Key): KeyObject {
  let object = keyObjects.get(key);
  if (!object) {
    object = createSecretKey(typeof key === "string" ? Buffer.from(key, "utf8") : key);
    keyObjects.set(key, object);
  }
  return object;
}

const mac = (key: Key, input: string) => createHmac("sha256", keyObject(key)).update(input).digest();

/** Signs `claims`, adding `iat` and `exp` (`seconds` from `now`). */
export function signHs256(key: Key, claims: Claims, seconds: number, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + seconds })).toString("base64url");
  const input = `${HEADER}.${payload}`;
  return {
    token: `${input}.${mac(key, input).toString("base64url")}`,
    expiresAt: new Date((iat + seconds) * 1000),
  };
}

function decodeJson(part: string): Claims | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Claims) : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a token signed with `key` whose `typ` is `type`, that has a subject and has not
 * expired (nor is it before its `nbf`); null for anything else, including any other algorithm and
 * any "crit" extension.
 */
export function verifyHs256(key: Key, token: string, type: string, now = Date.now()): Claims | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart = "", payloadPart = "", signaturePart = ""] = parts;
  const header = decodeJson(headerPart);
  if (header?.alg !== "HS256" || "crit" in header) return null;
  const expected = mac(key, `${headerPart}.${payloadPart}`);
  const signature = Buffer.from(signaturePart, "base64url");
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const claims = decodeJson(payloadPart);
  if (claims?.typ !== type || typeof claims.sub !== "string" || !claims.sub) return null;
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= seconds) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf > seconds)) return null;
  return claims;
}
