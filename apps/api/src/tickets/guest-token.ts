/**
 * The guest's private ticket link. The token is an HMAC of a random salt with the server secret, so
 * the database alone never reveals it (it keeps the salt and the token's sha256), and the server can
 * put the same link in every later mail about the ticket. Changing JWT_SECRET invalidates links.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sha256Hex } from "../lib/hash";

export function newGuestToken(secret: string): { token: string; salt: string; hash: string } {
  const salt = randomBytes(16).toString("hex");
  const token = guestToken(secret, salt);
  return { token, salt, hash: sha256Hex(token) };
}

export function guestToken(secret: string, salt: string): string {
  return createHmac("sha256", secret).update(`guest-ticket:${salt}`).digest("base64url");
}

export function guestTokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(sha256Hex(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function guestTicketLink(publicUrl: string, ticketId: number, token: string): string {
  return `${publicUrl}/tickets?ticket=${ticketId}&token=${encodeURIComponent(token)}`;
}
