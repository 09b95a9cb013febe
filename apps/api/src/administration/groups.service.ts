/**
 * Permission groups: named sets of the 30 flags. Creating a group, renaming it and removing flags
 * take effect at once (a group grants nothing until someone is in it, and removing is never a
 * grant); adding flags becomes a creation request that a master administrator decides.
 */
import type { PermissionGroupInput, PermissionGroupSortKey } from "@aprendo/contract";
import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { adminGroupMembers, creationRequests, permissionGroups, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { containsPattern, pageOffset } from "../http/paging";
import { listOrder } from "../http/sorting";
import { fileRequest } from "./requests.service";
import { materialisePermissions, membersOf, peopleById, personName, sortedFlags } from "./shared";

type GroupRow = typeof permissionGroups.$inferSelect;

const notFound = () => new AppError("not_found", "administration.groupNotFound");

/** Flags waiting in pending group_grant requests, by group. */
async function pendingFlags(db: Db, groupIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (groupIds.length === 0) return map;
  const rows = await db
    .select({ groupId: creationRequests.targetGroupId, payload: creationRequests.payload })
    .from(creationRequests)
    .where(
      and(
        eq(creationRequests.status, "pending"),
        eq(creationRequests.kind, "group_grant"),
        inArray(creationRequests.targetGroupId, groupIds),
      ),
    );
  for (const row of rows) {
    if (row.groupId === null) continue;
    const add = (row.payload.add_permissions as number[] | undefined) ?? [];
    map.set(row.groupId, sortedFlags([...(map.get(row.groupId) ?? []), ...add]));
  }
  return map;
}

async function memberCounts(db: Db, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: adminGroupMembers.groupId, n: count() })
    .from(adminGroupMembers)
    .where(inArray(adminGroupMembers.groupId, groupIds))
    .groupBy(adminGroupMembers.groupId);
  return new Map(rows.map((r) => [r.groupId, r.n]));
}

function present(row: GroupRow, members: number, pending: number[]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: sortedFlags(row.permissions),
    members_count: members,
    pending_permissions: pending.filter((f) => !row.permissions.includes(f)),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listGroups(
  db: Db,
  query: {
    search?: string;
    sort?: PermissionGroupSortKey | `-${PermissionGroupSortKey}`;
    page: number;
    per_page: number;
  },
) {
  const where = query.search ? ilike(permissionGroups.name, containsPattern(query.search)) : undefined;
  const [total] = await db.select({ n: count() }).from(permissionGroups).where(where);
  const rows = await db
    .select()
    .from(permissionGroups)
    .where(where)
    .orderBy(
      ...listOrder(
        query.sort,
        {
          name: sql`lower(${permissionGroups.name})`,
          members: sql`(SELECT count(*) FROM ${adminGroupMembers} WHERE ${adminGroupMembers.groupId} = ${permissionGroups.id})`,
          updated_at: permissionGroups.updatedAt,
        },
        permissionGroups.id,
        [sql`lower(${permissionGroups.name})`, asc(permissionGroups.id)],
      ),
    )
    .limit(query.per_page)
    .offset(pageOffset(query));
  const ids = rows.map((r) => r.id);
  const [counts, pending] = await Promise.all([memberCounts(db, ids), pendingFlags(db, ids)]);
  return {
    data: rows.map((r) => present(r, counts.get(r.id) ?? 0, pending.get(r.id) ?? [])),
    total: total?.n ?? 0,
  };
}

async function findGroup(db: Db, id: number): Promise<GroupRow> {
  const [row] = await db.select().from(permissionGroups).where(eq(permissionGroups.id, id));
  if (!row) throw notFound();
  return row;
}

export async function groupDetail(db: Db, id: number) {
  const row = await findGroup(db, id);
  const members = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(adminGroupMembers)
    .innerJoin(users, eq(users.id, adminGroupMembers.userId))
    .where(eq(adminGroupMembers.groupId, id))
    .orderBy(users.username);
  const pending = (await pendingFlags(db, [id])).get(id) ?? [];
  const people = await peopleById(db, [row.createdById]);
  return {
    ...present(row, members.length, pending),
    members: members.map((m) => ({ id: m.id, username: m.username, name: personName(m) })),
    created_by: row.createdById ? (people.get(row.createdById) ?? null) : null,
    created_at: row.createdAt.toISOString(),
  };
}

async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(sql`lower(${permissionGroups.name}) = ${name.toLowerCase()}`);
  return rows.some((r) => r.id !== exceptId);
}

const snapshot = (row: GroupRow) => ({
  name: row.name,
  description: row.description,
  permissions: sortedFlags(row.permissions),
});

export async function createGroup(db: Db, actor: AuditActor, input: PermissionGroupInput) {
  if (await nameTaken(db, input.name)) throw AppError.field("name", "administration.groupNameTaken");
  const row = await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(permissionGroups)
      .values({
        name: input.name,
        description: input.description,
        permissions: sortedFlags(input.permissions),
        createdById: actor.userId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "permission_group.create",
      entity: "permission_group",
      entityId: created!.id,
      before: null,
      after: snapshot(created!),
    });
    return created!;
  });
  return groupDetail(db, row.id);
}

/**
 * Name, description and removed flags apply now (members lose removed flags at once); added flags
 * wait in a creation request. Returns the group and the id of the request, if one was filed.
 */
export async function updateGroup(db: Db, actor: AuditActor, id: number, input: PermissionGroupInput) {
  const before = await findGroup(db, id);
  if (await nameTaken(db, input.name, id)) throw AppError.field("name", "administration.groupNameTaken");
  const wanted = sortedFlags(input.permissions);
  const kept = before.permissions.filter((f) => wanted.includes(f));
  const added = wanted.filter((f) => !before.permissions.includes(f));
  const requestId = await transaction(db, async (tx) => {
    const [after] = await tx
      .update(permissionGroups)
      .set({ name: input.name, description: input.description, permissions: kept, updatedAt: new Date() })
      .where(eq(permissionGroups.id, id))
      .returning();
    const changed = JSON.stringify(snapshot(before)) !== JSON.stringify(snapshot(after!));
    if (changed) {
      await recordAudit(tx, actor, {
        action: "permission_group.update",
        entity: "permission_group",
        entityId: id,
        before: snapshot(before),
        after: snapshot(after!),
      });
      if (kept.length !== before.permissions.length)
        await materialisePermissions(tx, await membersOf(tx, id));
    }
    if (added.length === 0) return null;
    return fileRequest(tx, actor, {
      kind: "group_grant",
      targetGroupId: id,
      payload: { add_permissions: added, group_name: input.name },
    });
  });
  return { data: await groupDetail(db, id), requestId };
}

/** Deleting a group takes its flags from its members at once; its pending requests go with it. */
export async function deleteGroup(db: Db, actor: AuditActor, id: number) {
  const before = await findGroup(db, id);
  await transaction(db, async (tx) => {
    const members = await membersOf(tx, id);
    await tx.delete(permissionGroups).where(eq(permissionGroups.id, id));
    await materialisePermissions(tx, members);
    await recordAudit(tx, actor, {
      action: "permission_group.delete",
      entity: "permission_group",
      entityId: id,
      before: { ...snapshot(before), members },
      after: null,
    });
  });
}

export async function allGroupsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: permissionGroups.id,
      name: permissionGroups.name,
      permissions: permissionGroups.permissions,
    })
    .from(permissionGroups)
    .where(inArray(permissionGroups.id, ids))
    .orderBy(desc(permissionGroups.id));
}
