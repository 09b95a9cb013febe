/**
 * Random secrets and their stored form. Links carry 256-bit random tokens stored as SHA-256;
 * 6-digit codes are stored as an HMAC keyed with the server secret (a bare hash of a 6-digit code
 * would be reversible by trying all million values).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** The stored form of a code, bound to what it is for (`salt`, e.g. the ticket or the user id). */
export function codeHash(secret: string, salt: string, code: string): string {
  return createHmac("sha256", secret).update(`${salt}:${code}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "+447700900123" -> "+44*******123": enough to recognise one's own number. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return phone.replace(/\d/g, "*");
  return `${phone.slice(0, 3)}${"*".repeat(phone.length - 6)}${phone.slice(-3)}`;
}
