/**
 * Writing the administrators' audit log. Call it inside the same transaction as the change, so a
 * change is never committed without its record (and a rolled-back change leaves no record).
 *
 *   await recordAudit(tx, actor, {
 *     action: "user.delete", entity: "user", entityId: id, before: old, after: null,
 *   });
 *
 * `actor` is the route's `auditActor(request)` (./actor.ts), passed down to the service.
 */
import type { DbOrTx } from "../db/client";
import { auditLog } from "../db/schema/index";
import { type AuditActor, markAudited } from "./actor";

export type { AuditActor } from "./actor";

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

// Secrets never belong in the log, whatever record is passed in.
const secretFields = new Set(["passwordHash", "password", "tokenHash", "token", "secret"]);

export function withoutSecrets(record: Record<string, unknown> | null | undefined) {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !secretFields.has(key)));
}

export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    actorUsername: actor.username,
    actorRoleId: actor.roleId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  });
  markAudited(actor);
}
