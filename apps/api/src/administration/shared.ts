/**
 * What the administration services share: materialising effective flags from groups into
 * `admin_permissions`, people references, and the status an administrator shows.
 */
import { permissionIds, Role } from "@aprendo/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { adminGroupMembers, adminPermissions, permissionGroups, users } from "../db/schema/index";

export type PersonRef = { id: number; username: string; name: string };

export function personName(row: { firstName: string; lastName: string; username: string }): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.username;
}

export async function peopleById(
  db: DbOrTx,
  ids: (number | null | undefined)[],
): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, { id: r.id, username: r.username, name: personName(r) }]));
}

/** active, invited (has not chosen a password from the invitation yet) or disabled. */
export function administratorStatus(row: { status: string; emailVerifiedAt: Date | null }) {
  if (row.status !== "active") return "disabled" as const;
  return row.emailVerifiedAt ? ("active" as const) : ("invited" as const);
}

export const sortedFlags = (flags: Iterable<number>) =>
  [...new Set(flags)].filter((f) => (permissionIds as readonly number[]).includes(f)).sort((a, b) => a - b);

/** The union of the flags of these groups. */
export async function flagsOfGroups(db: DbOrTx, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ permissions: permissionGroups.permissions })
    .from(permissionGroups)
    .where(inArray(permissionGroups.id, groupIds));
  return sortedFlags(rows.flatMap((r) => r.permissions));
}

/**
 * Rewrites the effective flags of these administrators (role 3) from their groups. Runs inside the
 * transaction of the change, so authentication sees the old or the new set, never a mix.
 */
export async function materialisePermissions(tx: DbOrTx, userIds: number[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.roleId, Role.admin)));
  for (const { id } of admins) {
    const groups = await tx
      .select({ groupId: adminGroupMembers.groupId })
      .from(adminGroupMembers)
      .where(eq(adminGroupMembers.userId, id));
    const flags = await flagsOfGroups(
      tx,
      groups.map((g) => g.groupId),
    );
    await tx.delete(adminPermissions).where(eq(adminPermissions.userId, id));
    if (flags.length > 0)
      await tx.insert(adminPermissions).values(flags.map((permissionId) => ({ userId: id, permissionId })));
  }
}

export async function membersOf(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: adminGroupMembers.userId })
    .from(adminGroupMembers)
    .where(eq(adminGroupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
