/**
 * Administrator accounts (role 3, managed by head administrators) and head administrator accounts
 * (role 4, managed by master administrators). A head administrator's new administrator and any
 * group added to an administrator wait in a creation request; removing groups and disabling take
 * effect at once (and a disabled account's next request is refused: status is read every request).
 */
import type {
  AdministratorInput,
  AdministratorStatus,
  AllAdministratorsQuery,
  administratorSortKeys,
  HeadAdministratorInput,
} from "@aprendo/contract";
import { Role } from "@aprendo/contract";
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import { revokeAllSessions } from "../auth/sessions";
import { takenFields } from "../auth/users.repository";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import {
  adminGroupMembers,
  adminPermissions,
  creationRequests,
  permissionGroups,
  users,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { containsPattern, pageOffset } from "../http/paging";
import { listOrder } from "../http/sorting";
import { createInvitedAccount, sendInvitation } from "./invitations.service";
import { fileRequest, pendingInvitationClash, presentRequests } from "./requests.service";
import { administratorStatus, flagsOfGroups, iso, materialisePermissions, personName } from "./shared";

type AdminRole = typeof Role.admin | typeof Role.headAdmin;
type AdministratorSortKey = (typeof administratorSortKeys)[number];
const notFound = () => new AppError("not_found", "administration.administratorNotFound");

const statusCondition = (status: AdministratorStatus | undefined) => {
  if (status === "disabled") return ne(users.status, "active");
  if (status === "invited") return and(eq(users.status, "active"), isNull(users.emailVerifiedAt));
  if (status === "active") return and(eq(users.status, "active"), isNotNull(users.emailVerifiedAt));
  return undefined;
};

/** An administrator whose username, email or full name contains the search text (none: everyone). */
function matchesSearch(search: string | undefined) {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  );
}

export async function listAdministrators(
  db: Db,
  role: AdminRole,
  query: {
    search?: string;
    status?: AdministratorStatus;
    group_id?: number;
    sort?: AdministratorSortKey | `-${AdministratorSortKey}`;
    page: number;
    per_page: number;
  },
) {
  const where = and(
    eq(users.roleId, role),
    ne(users.status, "erased"),
    matchesSearch(query.search),
    statusCondition(query.status),
    query.group_id
      ? inArray(
          users.id,
          db
            .select({ id: adminGroupMembers.userId })
            .from(adminGroupMembers)
            .where(eq(adminGroupMembers.groupId, query.group_id)),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...listOrder(query.sort, administratorOrder, users.id, [sql`lower(${users.username})`]))
    .limit(query.per_page)
    .offset(pageOffset(query));
  return { data: await presentAdministrators(db, rows), total: total?.n ?? 0 };
}

const administratorOrder: Record<AdministratorSortKey, SQL> = {
  username: sql`lower(${users.username})`,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  role: sql`${users.roleId}`,
  // The order of the statuses as the list shows them: active, invited, disabled.
  status: sql`CASE WHEN ${users.status} <> 'active' THEN 2 WHEN ${users.emailVerifiedAt} IS NULL THEN 1 ELSE 0 END`,
  last_active_at: sql`${users.lastActiveAt}`,
  created_at: sql`${users.createdAt}`,
};

/** Every administrator of roles 3-5, for the master administrator; by username unless `sort` says. */
export async function listAllAdministrators(db: Db, query: AllAdministratorsQuery) {
  const where = and(
    query.role
      ? eq(users.roleId, query.role)
      : inArray(users.roleId, [Role.admin, Role.headAdmin, Role.masterAdmin]),
    ne(users.status, "erased"),
    matchesSearch(query.search),
    statusCondition(query.status),
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(
      ...listOrder(query.sort, administratorOrder, users.id, [sql`lower(${users.username})`, asc(users.id)]),
    )
    .limit(query.per_page)
    .offset(pageOffset(query));
  return { data: await presentAdministrators(db, rows), total: total?.n ?? 0 };
}

async function presentAdministrators(db: Db, rows: (typeof users.$inferSelect)[]) {
  const ids = rows.map((r) => r.id);
  const memberships = ids.length
    ? await db
        .select({ userId: adminGroupMembers.userId, id: permissionGroups.id, name: permissionGroups.name })
        .from(adminGroupMembers)
        .innerJoin(permissionGroups, eq(permissionGroups.id, adminGroupMembers.groupId))
        .where(inArray(adminGroupMembers.userId, ids))
        .orderBy(permissionGroups.name)
    : [];
  const flagCounts = ids.length
    ? await db
        .select({ userId: adminPermissions.userId, n: count() })
        .from(adminPermissions)
        .where(inArray(adminPermissions.userId, ids))
        .groupBy(adminPermissions.userId)
    : [];
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    name: personName(r),
    role_id: r.roleId,
    status: administratorStatus(r),
    groups: memberships.filter((m) => m.userId === r.id).map((m) => ({ id: m.id, name: m.name })),
    permissions_count: flagCounts.find((f) => f.userId === r.id)?.n ?? 0,
    last_active_at: iso(r.lastActiveAt),
    created_at: r.createdAt.toISOString(),
  }));
}

async function findAdministrator(db: Db, id: number, role: AdminRole) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, role), ne(users.status, "erased")));
  if (!row) throw notFound();
  return row;
}

export async function administratorDetail(db: Db, id: number, role: AdminRole = Role.admin) {
  const row = await findAdministrator(db, id, role);
  const [presented] = await presentAdministrators(db, [row]);
  const flags = await db
    .select({ id: adminPermissions.permissionId })
    .from(adminPermissions)
    .where(eq(adminPermissions.userId, id))
    .orderBy(adminPermissions.permissionId);
  const pending = await db
    .select()
    .from(creationRequests)
    .where(and(eq(creationRequests.targetUserId, id), eq(creationRequests.status, "pending")))
    .orderBy(desc(creationRequests.id));
  return {
    ...presented!,
    permissions: flags.map((f) => f.id),
    pending_requests: await presentRequests(db, pending),
  };
}

async function assertGroupsExist(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(inArray(permissionGroups.id, ids));
  if (rows.length !== new Set(ids).size) throw AppError.field("group_ids", "administration.unknownGroups");
}

async function assertFree(db: Db, input: { username: string; email: string }) {
  const taken = await takenFields(db, { username: input.username, email: input.email });
  if (taken.username) throw AppError.field("username", "auth.usernameTaken");
  if (taken.email) throw AppError.field("email", "auth.emailTaken");
  const clash = await pendingInvitationClash(db, input);
  if (clash === "email") throw AppError.field("email", "administration.pendingSameEmail");
  if (clash === "username") throw AppError.field("username", "administration.pendingSameUsername");
}

/** A head administrator asks for a new administrator: only a creation request exists until approval. */
export async function requestAdministrator(db: Db, actor: AuditActor, input: AdministratorInput) {
  await assertFree(db, input);
  const groupIds = [...new Set(input.group_ids)];
  await assertGroupsExist(db, groupIds);
  return transaction(db, (tx) =>
    fileRequest(tx, actor, {
      kind: "administrator_create",
      payload: {
        username: input.username,
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        language_id: input.language_id,
        group_ids: groupIds,
      },
    }),
  );
}

/** Removed groups leave at once; added groups wait in a creation request (its id, or null). */
export async function setAdministratorGroups(db: Db, actor: AuditActor, id: number, groupIds: number[]) {
  const row = await findAdministrator(db, id, Role.admin);
  const wanted = [...new Set(groupIds)];
  await assertGroupsExist(db, wanted);
  const current = (
    await db
      .select({ groupId: adminGroupMembers.groupId })
      .from(adminGroupMembers)
      .where(eq(adminGroupMembers.userId, id))
  ).map((m) => m.groupId);
  const removed = current.filter((g) => !wanted.includes(g));
  const added = wanted.filter((g) => !current.includes(g));
  return transaction(db, async (tx) => {
    if (removed.length) {
      const kept = current.filter((g) => wanted.includes(g)).sort((a, b) => a - b);
      await tx
        .delete(adminGroupMembers)
        .where(and(eq(adminGroupMembers.userId, id), inArray(adminGroupMembers.groupId, removed)));
      await materialisePermissions(tx, [id]);
      await recordAudit(tx, actor, {
        action: "administrator.groups_remove",
        entity: "user",
        entityId: row.id,
        before: {
          group_ids: [...current].sort((a, b) => a - b),
          permissions: await flagsOfGroups(tx, current),
        },
        after: { group_ids: kept, permissions: await flagsOfGroups(tx, kept) },
      });
    }
    if (added.length === 0) return null;
    return fileRequest(tx, actor, {
      kind: "administrator_groups",
      targetUserId: id,
      payload: { add_group_ids: added },
    });
  });
}

const roleAuditName: Record<number, string> = {
  3: "administrator",
  4: "head_administrator",
  5: "master_administrator",
};

/** Disables or enables an administrator (role 3) or head administrator (role 4). */
export async function setAccountStatus(
  db: Db,
  actor: AuditActor,
  id: number,
  role: AdminRole,
  status: "active" | "disabled",
) {
  if (actor.userId === id) throw new AppError("forbidden", "administration.notYourself");
  await changeAccountStatus(db, actor, await findAdministrator(db, id, role), status);
}

/**
 * A master administrator disables or enables any administrator of the three roles but themselves
 *: they stand above the whole hierarchy; a master cannot lock themselves out,
 * so at least one master always stays able to enable the others again.
 */
export async function setAnyAdministratorStatus(
  db: Db,
  actor: AuditActor,
  id: number,
  status: "active" | "disabled",
) {
  if (actor.userId === id) throw new AppError("forbidden", "administration.notYourself");
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        inArray(users.roleId, [Role.admin, Role.headAdmin, Role.masterAdmin]),
        ne(users.status, "erased"),
      ),
    );
  if (!row) throw notFound();
  await changeAccountStatus(db, actor, row, status);
}

async function changeAccountStatus(
  db: Db,
  actor: AuditActor,
  row: typeof users.$inferSelect,
  status: "active" | "disabled",
) {
  if (status === "disabled" && row.status === "disabled")
    throw new AppError("conflict", "administration.alreadyDisabled");
  if (status === "active" && row.status === "active")
    throw new AppError("conflict", "administration.alreadyActive");
  await transaction(db, async (tx) => {
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, row.id));
    if (status === "disabled") await revokeAllSessions(tx, row.id);
    await recordAudit(tx, actor, {
      action: `${roleAuditName[row.roleId] ?? "administrator"}.${status === "disabled" ? "disable" : "enable"}`,
      entity: "user",
      entityId: row.id,
      before: { status: row.status },
      after: { status },
    });
  });
}

export async function resendInvitation(deps: Deps, actor: AuditActor, id: number, role: AdminRole) {
  const row = await findAdministrator(deps.db, id, role);
  if (row.emailVerifiedAt) throw new AppError("conflict", "administration.invitationAccepted");
  if (row.status !== "active") throw new AppError("conflict", "administration.alreadyDisabled");
  await transaction(deps.db, (tx) =>
    recordAudit(tx, actor, {
      action: "invitation.resend",
      entity: "user",
      entityId: id,
      before: null,
      after: { email: row.email },
    }),
  );
  await sendInvitation(deps, id);
}

/** A master administrator creates a head administrator directly (nobody above to approve). */
export async function createHeadAdministrator(deps: Deps, actor: AuditActor, input: HeadAdministratorInput) {
  await assertFree(deps.db, input);
  const account = await transaction(deps.db, async (tx) => {
    const created = await createInvitedAccount(tx, { ...input, roleId: Role.headAdmin });
    await recordAudit(tx, actor, {
      action: "head_administrator.create",
      entity: "user",
      entityId: created.id,
      before: null,
      after: {
        username: input.username,
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        role_id: 4,
      },
    });
    return created;
  });
  await sendInvitation(deps, account.id);
  return administratorDetail(deps.db, account.id, Role.headAdmin);
}

export async function roleCounts(db: Db, role: AdminRole) {
  const rows = await db
    .select({ status: users.status, verified: isNotNull(users.emailVerifiedAt), n: count() })
    .from(users)
    .where(and(eq(users.roleId, role), ne(users.status, "erased")))
    .groupBy(users.status, isNotNull(users.emailVerifiedAt));
  const counts = { active: 0, invited: 0, disabled: 0 };
  for (const r of rows) {
    if (r.status !== "active") counts.disabled += r.n;
    else if (r.verified) counts.active += r.n;
    else counts.invited += r.n;
  }
  return counts;
}
