/**
 * Who made an audited change, as a plain value: routes build it once from the request
 * (`auditActor(request)`) and hand it to services, so services record audit entries without knowing
 * about HTTP. It also remembers that the request's handler recorded its own entry, so the generic
 * record of audit-writes.ts does not write a second, vaguer one for the same change.
 */
import type { RoleId } from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import { currentUser } from "../http/authenticate";

export type AuditActor = {
  readonly userId: number;
  readonly username: string;
  readonly roleId: RoleId;
  /** The caller's address as the API sees it (behind the proxy, the client's). */
  readonly address: string;
  readonly userAgent: string | null;
  readonly requestId: string;
};

// One actor per request, so "this request recorded its own entry" can be asked of the request later.
const actors = new WeakMap<FastifyRequest, AuditActor>();
const audited = new WeakSet<AuditActor>();

/** The signed-in caller of an audited request (routes behind a door, where it is never a guest). */
export function auditActor(request: FastifyRequest): AuditActor {
  const known = actors.get(request);
  if (known) return known;
  const user = currentUser(request);
  const actor: AuditActor = {
    userId: user.id,
    username: user.username,
    roleId: user.roleId,
    address: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
    requestId: String(request.id),
  };
  actors.set(request, actor);
  return actor;
}

export const markAudited = (actor: AuditActor) => {
  audited.add(actor);
};

export const wasAudited = (request: FastifyRequest) => {
  const actor = actors.get(request);
  return actor !== undefined && audited.has(actor);
};
