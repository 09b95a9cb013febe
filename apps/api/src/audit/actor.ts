/**
 * The requests whose handler recorded its own audit entry, so the generic record of
 * audit-writes.ts does not write a second, vaguer one for the same change.
 */
import type { FastifyRequest } from "fastify";

const audited = new WeakSet<FastifyRequest>();

export const markAudited = (request: FastifyRequest) => {
  audited.add(request);
};
export const wasAudited = (request: FastifyRequest) => audited.has(request);
