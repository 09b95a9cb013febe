/**
 * Creation requests: every grant a head administrator makes (a new administrator, flags added to a
 * group, groups added to an administrator) waits here until a master administrator approves it or
 * rejects it with a reason. Approval applies the grant and materialises the flags in the same
 * transaction; the requester is told the decision (notification and mail) either way.
 */
import {
  type CreationRequestKind,
  type CreationRequestSortKey,
  type CreationRequestStatus,
  languageById,
  messageKey,
  messages,
  NotificationType,
  Role,
  translate,
} from "@aprendo/contract";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Deps } from "../context";
import type { Db, DbOrTx } from "../db/client";
import { adminGroupMembers, creationRequests, permissionGroups, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { pageOffset } from "../http/paging";
import { listOrder } from "../http/sorting";
import { notify } from "../notifications/notifications.service";
import { createInvitedAccount, sendInvitation } from "./invitations.service";
import { flagsOfGroups, iso, materialisePermissions, peopleById, personName, sortedFlags } from "./shared";

type RequestRow = typeof creationRequests.$inferSelect;

export type AdministratorPayload = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  language_id: number;
  group_ids: number[];
};

export async function fileRequest(
  tx: DbOrTx,
  actor: AuditActor,
  input: {
    kind: CreationRequestKind;
    targetGroupId?: number;
    targetUserId?: number;
    payload: Record<string, unknown>;
  },
): Promise<number> {
  const [row] = await tx
    .insert(creationRequests)
    .values({
      kind: input.kind,
      requestedById: actor.userId,
      targetGroupId: input.targetGroupId ?? null,
      targetUserId: input.targetUserId ?? null,
      payload: input.payload,
    })
    .returning();
  await recordAudit(tx, actor, {
    action: "creation_request.create",
    entity: "creation_request",
    entityId: row!.id,
    before: null,
    after: {
      kind: row!.kind,
      target_group_id: row!.targetGroupId,
      target_user_id: row!.targetUserId,
      ...input.payload,
    },
  });
  return row!.id;
}

/* ------------------------------------------------------------------ presenting */

export async function presentRequests(db: DbOrTx, rows: RequestRow[]) {
  const people = await peopleById(
    db,
    rows.flatMap((r) => [r.requestedById, r.decidedById, r.targetUserId]),
  );
  const targetUsers = new Map(
    (
      await (rows.some((r) => r.targetUserId)
        ? db
            .select({
              id: users.id,
              username: users.username,
              email: users.email,
              firstName: users.firstName,
              lastName: users.lastName,
            })
            .from(users)
            .where(
              inArray(
                users.id,
                rows.flatMap((r) => (r.targetUserId ? [r.targetUserId] : [])),
              ),
            )
        : Promise.resolve([]))
    ).map((u) => [u.id, u]),
  );
  const groupIds = rows.flatMap((r) => [
    ...(r.targetGroupId ? [r.targetGroupId] : []),
    ...(((r.payload.group_ids ?? r.payload.add_group_ids) as number[] | undefined) ?? []),
  ]);
  const groups = new Map(
    (groupIds.length
      ? await db
          .select({
            id: permissionGroups.id,
            name: permissionGroups.name,
            permissions: permissionGroups.permissions,
          })
          .from(permissionGroups)
          .where(inArray(permissionGroups.id, [...new Set(groupIds)]))
      : []
    ).map((g) => [g.id, g]),
  );
  return rows.map((r) => {
    const payload = r.payload;
    const groupList = ((payload.group_ids ?? payload.add_group_ids) as number[] | undefined) ?? [];
    const joined = groupList.flatMap((id) => {
      const g = groups.get(id);
      return g ? [{ id: g.id, name: g.name }] : [];
    });
    let administrator = null as null | {
      id: number | null;
      username: string;
      name: string;
      email: string | null;
    };
    if (r.kind === "administrator_create") {
      const p = payload as unknown as AdministratorPayload;
      administrator = {
        id: r.targetUserId,
        username: p.username,
        name: `${p.first_name} ${p.last_name}`.trim(),
        email: p.email,
      };
    } else if (r.targetUserId) {
      const u = targetUsers.get(r.targetUserId);
      if (u) administrator = { id: u.id, username: u.username, name: personName(u), email: u.email };
    }
    const targetGroup = r.targetGroupId ? groups.get(r.targetGroupId) : undefined;
    const permissions =
      r.kind === "group_grant"
        ? sortedFlags((payload.add_permissions as number[] | undefined) ?? [])
        : sortedFlags(groupList.flatMap((id) => groups.get(id)?.permissions ?? []));
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      requested_by: r.requestedById ? (people.get(r.requestedById) ?? null) : null,
      decided_by: r.decidedById ? (people.get(r.decidedById) ?? null) : null,
      decided_at: iso(r.decidedAt),
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      administrator,
      group: targetGroup
        ? { id: targetGroup.id, name: targetGroup.name }
        : r.kind === "group_grant"
          ? { id: 0, name: String(payload.group_name ?? "") }
          : null,
      groups: joined,
      permissions,
    };
  });
}

export async function listRequests(
  db: Db,
  query: {
    status: CreationRequestStatus | "all";
    sort?: CreationRequestSortKey | `-${CreationRequestSortKey}` | undefined;
    page: number;
    per_page: number;
  },
  extra?: { targetUserId?: number },
) {
  const where = and(
    query.status === "all" ? undefined : eq(creationRequests.status, query.status),
    extra?.targetUserId ? eq(creationRequests.targetUserId, extra.targetUserId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(creationRequests).where(where);
  const rows = await db
    .select()
    .from(creationRequests)
    .where(where)
    .orderBy(
      ...listOrder(
        query.sort,
        {
          created_at: creationRequests.createdAt,
          kind: creationRequests.kind,
          status: creationRequests.status,
          decided_at: creationRequests.decidedAt,
        },
        creationRequests.id,
        // Pending ones oldest first (the queue to work through), decided ones newest first.
        [query.status === "pending" ? asc(creationRequests.id) : desc(creationRequests.id)],
      ),
    )
    .limit(query.per_page)
    .offset(pageOffset(query));
  return { data: await presentRequests(db, rows), total: total?.n ?? 0 };
}

export async function pendingCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creationRequests)
    .where(eq(creationRequests.status, "pending"));
  return row?.n ?? 0;
}

/* ------------------------------------------------------------------ deciding */

async function lockPending(tx: DbOrTx, id: number): Promise<RequestRow> {
  const [row] = await tx.select().from(creationRequests).where(eq(creationRequests.id, id)).for("update");
  if (!row) throw new AppError("not_found", "administration.requestNotFound");
  if (row.status !== "pending") throw new AppError("conflict", "administration.requestDecided");
  return row;
}

const snapshotRequest = (row: RequestRow) => ({ status: row.status, reason: row.reason, kind: row.kind });

/** Applies a pending request. Returns what to do after commit (mails). */
async function apply(deps: Deps, tx: DbOrTx, actor: AuditActor, row: RequestRow) {
  const payload = row.payload;
  if (row.kind === "administrator_create") {
    const p = payload as unknown as AdministratorPayload;
    const existing = await tx
      .select({ id: permissionGroups.id })
      .from(permissionGroups)
      .where(inArray(permissionGroups.id, p.group_ids.length ? p.group_ids : [0]));
    const groupIds = existing.map((g) => g.id);
    const account = await createInvitedAccount(tx, { ...p, roleId: Role.admin });
    if (groupIds.length)
      await tx.insert(adminGroupMembers).values(groupIds.map((groupId) => ({ userId: account.id, groupId })));
    await materialisePermissions(tx, [account.id]);
    await tx
      .update(creationRequests)
      .set({ targetUserId: account.id })
      .where(eq(creationRequests.id, row.id));
    await recordAudit(tx, actor, {
      action: "administrator.create",
      entity: "user",
      entityId: account.id,
      before: null,
      after: {
        username: p.username,
        email: p.email,
        first_name: p.first_name,
        last_name: p.last_name,
        role_id: 3,
        group_ids: groupIds,
        permissions: await flagsOfGroups(tx, groupIds),
        creation_request_id: row.id,
      },
    });
    return async () => sendInvitation(deps, account.id);
  }
  if (row.kind === "group_grant") {
    if (!row.targetGroupId) throw new AppError("not_found", "administration.groupNotFound");
    const [group] = await tx
      .select()
      .from(permissionGroups)
      .where(eq(permissionGroups.id, row.targetGroupId))
      .for("update");
    if (!group) throw new AppError("not_found", "administration.groupNotFound");
    const add = (payload.add_permissions as number[] | undefined) ?? [];
    const next = sortedFlags([...group.permissions, ...add]);
    await tx
      .update(permissionGroups)
      .set({ permissions: next, updatedAt: new Date() })
      .where(eq(permissionGroups.id, group.id));
    const members = await tx
      .select({ userId: adminGroupMembers.userId })
      .from(adminGroupMembers)
      .where(eq(adminGroupMembers.groupId, group.id));
    await materialisePermissions(
      tx,
      members.map((m) => m.userId),
    );
    await recordAudit(tx, actor, {
      action: "permission_group.grant",
      entity: "permission_group",
      entityId: group.id,
      before: { permissions: sortedFlags(group.permissions) },
      after: { permissions: next, creation_request_id: row.id },
    });
    return null;
  }
  // administrator_groups
  if (!row.targetUserId) throw new AppError("not_found", "administration.administratorNotFound");
  const add = (payload.add_group_ids as number[] | undefined) ?? [];
  const before = await tx
    .select({ groupId: adminGroupMembers.groupId })
    .from(adminGroupMembers)
    .where(eq(adminGroupMembers.userId, row.targetUserId));
  const existing = add.length
    ? await tx
        .select({ id: permissionGroups.id })
        .from(permissionGroups)
        .where(inArray(permissionGroups.id, add))
    : [];
  const toAdd = existing.map((g) => g.id).filter((id) => !before.some((b) => b.groupId === id));
  if (toAdd.length)
    await tx
      .insert(adminGroupMembers)
      .values(toAdd.map((groupId) => ({ userId: row.targetUserId!, groupId })))
      .onConflictDoNothing();
  await materialisePermissions(tx, [row.targetUserId]);
  const beforeIds = before.map((b) => b.groupId).sort((a, b) => a - b);
  const afterIds = [...beforeIds, ...toAdd].sort((a, b) => a - b);
  await recordAudit(tx, actor, {
    action: "administrator.groups_grant",
    entity: "user",
    entityId: row.targetUserId,
    before: { group_ids: beforeIds, permissions: await flagsOfGroups(tx, beforeIds) },
    after: {
      group_ids: afterIds,
      permissions: await flagsOfGroups(tx, afterIds),
      creation_request_id: row.id,
    },
  });
  return null;
}

async function tellRequester(
  deps: Deps,
  row: RequestRow,
  decision: "approved" | "rejected",
  masterName: string,
  reason: string | null,
) {
  if (!row.requestedById) return;
  const [requester] = await deps.db
    .select({ id: users.id, email: users.email, languageId: users.languageId, status: users.status })
    .from(users)
    .where(eq(users.id, row.requestedById));
  if (!requester) return;
  const [presented] = await presentRequests(deps.db, [row]);
  const name =
    row.kind === "group_grant" ? (presented?.group?.name ?? "") : (presented?.administrator?.name ?? "");
  const text = (lang: "en" | "es") => {
    const what = translate(messages, lang, messageKey(`administration.what.${row.kind}`, { name }));
    const titleKey =
      decision === "approved"
        ? "administration.decisionApprovedTitle"
        : "administration.decisionRejectedTitle";
    const textKey =
      decision === "approved" ? "administration.decisionApprovedText" : "administration.decisionRejectedText";
    return {
      title: translate(messages, lang, titleKey),
      description: translate(
        messages,
        lang,
        messageKey(textKey, { master: masterName, what, reason: reason ?? "" }),
      ),
    };
  };
  const en = text("en");
  const es = text("es");
  // There is no notification type for the back office: "global" carries a plain message for admins.
  await notify(
    { db: deps.db },
    {
      userId: requester.id,
      type: NotificationType.global,
      title: { en: en.title, es: es.title },
      description: { en: en.description, es: es.description },
    },
  );
  if (requester.email && requester.status === "active") {
    const lang = languageById(requester.languageId);
    const chosen = lang === "es" ? es : en;
    const link = `${deps.config.publicUrl}/ha/dashboard`;
    await deps.mail.send({
      to: requester.email,
      subject: translate(
        messages,
        lang,
        messageKey("administration.decisionSubject", { title: chosen.title }),
      ),
      text: `${chosen.description}\n\n${link}\n\n${deps.config.brandName}\n`,
      meta: { kind: "administration.decision" },
    });
  }
}

export async function approveRequest(deps: Deps, actor: AuditActor, id: number) {
  const after = await transaction(deps.db, async (tx) => {
    const row = await lockPending(tx, id);
    const afterCommit = await apply(deps, tx, actor, row);
    const [decided] = await tx
      .update(creationRequests)
      .set({ status: "approved", decidedById: actor.userId, decidedAt: new Date() })
      .where(eq(creationRequests.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "creation_request.approve",
      entity: "creation_request",
      entityId: id,
      before: snapshotRequest(row),
      after: snapshotRequest(decided!),
    });
    return { row: decided!, afterCommit };
  });
  await after.afterCommit?.();
  await tellRequester(deps, after.row, "approved", await masterDisplay(deps.db, actor.userId), null);
}

export async function rejectRequest(deps: Deps, actor: AuditActor, id: number, reason: string) {
  const row = await transaction(deps.db, async (tx) => {
    const before = await lockPending(tx, id);
    const [decided] = await tx
      .update(creationRequests)
      .set({ status: "rejected", decidedById: actor.userId, decidedAt: new Date(), reason })
      .where(eq(creationRequests.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "creation_request.reject",
      entity: "creation_request",
      entityId: id,
      before: snapshotRequest(before),
      after: snapshotRequest(decided!),
    });
    return decided!;
  });
  await tellRequester(deps, row, "rejected", await masterDisplay(deps.db, actor.userId), reason);
}

export async function cancelRequest(db: Db, actor: AuditActor, id: number) {
  await transaction(db, async (tx) => {
    const row = await lockPending(tx, id);
    if (row.requestedById !== actor.userId) throw new AppError("forbidden", "administration.requestNotYours");
    const [decided] = await tx
      .update(creationRequests)
      .set({ status: "cancelled", decidedById: actor.userId, decidedAt: new Date() })
      .where(eq(creationRequests.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "creation_request.cancel",
      entity: "creation_request",
      entityId: id,
      before: snapshotRequest(row),
      after: snapshotRequest(decided!),
    });
  });
}

async function masterDisplay(db: Db, id: number): Promise<string> {
  return (await peopleById(db, [id])).get(id)?.name ?? "";
}

/** A pending administrator_create request already holding this email or username. */
export async function pendingInvitationClash(db: Db, input: { email: string; username: string }) {
  const rows = await db
    .select({ id: creationRequests.id })
    .from(creationRequests)
    .where(
      and(
        eq(creationRequests.status, "pending"),
        eq(creationRequests.kind, "administrator_create"),
        sql`lower(${creationRequests.payload}->>'email') = ${input.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (rows.length) return "email" as const;
  const byName = await db
    .select({ id: creationRequests.id })
    .from(creationRequests)
    .where(
      and(
        eq(creationRequests.status, "pending"),
        eq(creationRequests.kind, "administrator_create"),
        sql`lower(${creationRequests.payload}->>'username') = ${input.username.toLowerCase()}`,
      ),
    )
    .limit(1);
  return byName.length ? ("username" as const) : null;
}
