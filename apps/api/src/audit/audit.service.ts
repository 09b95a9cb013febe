/**
 * Reading the audit log: newest first, filtered by actor (username contains, or #id), action
 * (exact, or a prefix ending in "." such as "user."), entity and entity id, and a day range (UTC).
 */
import type { AuditLogQuery } from "@aprendo/contract";
import { and, asc, count, desc, eq, gte, ilike, like, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema/index";
import { containsPattern } from "../http/paging";
import { selectAuditFacets } from "./audit.repository";

type Row = typeof auditLog.$inferSelect;

export function presentAudit(row: Row) {
  return {
    id: row.id,
    actor:
      row.actorId === null && row.actorUsername === null
        ? null
        : { id: row.actorId, username: row.actorUsername, role_id: row.actorRoleId },
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const nextDay = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000);

export function auditConditions(query: Omit<AuditLogQuery, "page" | "per_page">) {
  const actor = query.actor?.trim();
  const actorId = actor && /^#?\d+$/.test(actor) ? Number(actor.replace("#", "")) : null;
  return and(
    actor
      ? actorId !== null
        ? or(eq(auditLog.actorId, actorId), ilike(auditLog.actorUsername, containsPattern(actor)))
        : ilike(auditLog.actorUsername, containsPattern(actor))
      : undefined,
    query.action
      ? query.action.endsWith(".")
        ? like(auditLog.action, `${query.action.replace(/[%_\\]/g, "\\$&")}%`)
        : eq(auditLog.action, query.action)
      : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
    query.from ? gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.createdAt, nextDay(query.to)) : undefined,
  );
}

export async function searchAudit(db: Db, query: AuditLogQuery) {
  const where = auditConditions(query);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    // The id is the log's order of writing (its primary key), so both directions use its index.
    .orderBy(query.sort === "created_at" ? asc(auditLog.id) : desc(auditLog.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map(presentAudit), total: total?.n ?? 0 };
}

export async function recentAudit(db: Db, limit = 8) {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
  return rows.map(presentAudit);
}

/** The actions and entities that occur, for the filter menus. */
export async function auditFacets(db: Db) {
  return selectAuditFacets(db);
}
