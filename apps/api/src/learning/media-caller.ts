/**
 * The caller of a lecture file request (video, captions, e-book): the media token of the URL when
 * there is one (a <video>, <track> or <iframe> sends no Authorization), else the bearer token.
 */
import type { FastifyRequest } from "fastify";
import type { Deps } from "../context";
import type { CurrentUser } from "../http/authenticate";
// The caller behind a media token is checked like every request's (role, status, flags).
import { loadCaller } from "../http/authenticate";
import { AppError } from "../http/errors";
import { type MediaClaims, verifyMediaToken } from "../http/media-token";

export async function mediaCaller(
  deps: Pick<Deps, "db" | "config">,
  request: FastifyRequest,
  token: string | undefined,
  expect: (claims: MediaClaims) => boolean,
): Promise<CurrentUser> {
  if (token) {
    const claims = await verifyMediaToken(deps.config.jwtSecret, token);
    if (!claims || !expect(claims)) throw new AppError("forbidden", "lecture.mediaLinkExpired");
    const caller = await loadCaller(deps.db, claims.userId, claims.sessionId);
    if (!caller) throw new AppError("unauthenticated");
    return caller;
  }
  if (!request.user) throw new AppError("unauthenticated");
  return request.user;
}
