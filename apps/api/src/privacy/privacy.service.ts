/**
 * The privacy desk: copies of a person's data (built by a job, downloadable for 7 days, at most one
 * pending per person), and accounts pending deletion (erase now, or cancel). docs/privacy.md.
 */
import {
  languageById,
  messageKey,
  messages,
  NotificationType,
  type PrivacyExportSortKey,
  Role,
  translate,
} from "@aprendo/contract";
import { and, count, desc, eq, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { GRACE_PERIOD_MS } from "../accounts/accounts.service";
import { eraseAccount } from "../accounts/erasure.service";
import { type AuditActor, recordAudit } from "../audit/audit";
import { displayName } from "../auth/auth.mails";
import type { Deps } from "../context";
import type { Db, DbOrTx } from "../db/client";
import { privacyExports, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { notifyKey } from "../notifications/notifications.service";
import { removeStoredFiles } from "../storage/remove-files";
import { collectPersonalData } from "./privacy.export";
import { lockPersonRow } from "./privacy.repository";

export const EXPORT_JOB = "privacy.build-export";
export const EXPORT_EXPIRY_JOB = "privacy.expire-exports";
export const EXPORT_TTL_MS = 7 * 24 * 3600 * 1000;

type ExportRow = typeof privacyExports.$inferSelect;

export function presentExport(row: ExportRow, downloadUrl: (id: number) => string) {
  return {
    id: row.id,
    status: row.status as "pending" | "ready" | "failed" | "expired",
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    file_bytes: row.fileBytes ?? null,
    download_url: row.status === "ready" ? downloadUrl(row.id) : null,
  };
}
export const learnerDownloadUrl = (id: number) => `/api/iu/privacy/export/${id}/file`;
export const deskDownloadUrl = (id: number) => `/api/af/privacy/exports/${id}/file`;

/** The latest request of a user; a ready one past its expiry reads as expired. */
export async function latestExport(db: DbOrTx, userId: number, now = new Date()) {
  const [row] = await db
    .select()
    .from(privacyExports)
    .where(eq(privacyExports.userId, userId))
    .orderBy(desc(privacyExports.id))
    .limit(1);
  if (row && row.status === "ready" && row.expiresAt && row.expiresAt <= now)
    return { ...row, status: "expired" };
  return row ?? null;
}

/** Creates a pending request (409 when one is already pending) and sends the build job after commit. */
export async function requestExport(
  deps: Deps,
  userId: number,
  options: { via: "self" | "desk"; requestedBy: number; reason?: string; actor?: AuditActor },
): Promise<ExportRow> {
  const row = await transaction(deps.db, async (tx) => {
    // One pending request per person: lock the user's row so two clicks cannot both pass.
    await lockPersonRow(tx, userId);
    const [pending] = await tx
      .select({ id: privacyExports.id })
      .from(privacyExports)
      .where(and(eq(privacyExports.userId, userId), eq(privacyExports.status, "pending")));
    if (pending) throw new AppError("conflict", "privacy.exportPending");
    const [created] = await tx
      .insert(privacyExports)
      .values({ userId, via: options.via, requestedBy: options.requestedBy, reason: options.reason ?? null })
      .returning();
    if (options.via === "desk" && options.actor)
      await recordAudit(tx, options.actor, {
        action: "privacy.export_request",
        entity: "user",
        entityId: userId,
        after: { exportId: created!.id, reason: options.reason ?? null },
      });
    return created!;
  });
  await deps.jobs.send(EXPORT_JOB, { exportId: row.id }, { singletonKey: `privacy-export-${row.id}` });
  const [fresh] = await deps.db.select().from(privacyExports).where(eq(privacyExports.id, row.id));
  return fresh ?? row;
}

/** The job: builds the file, stores it privately, tells the person (in-app and by mail). */
export async function buildExport(deps: Deps, exportId: number, now = new Date()): Promise<void> {
  const [row] = await deps.db.select().from(privacyExports).where(eq(privacyExports.id, exportId));
  if (row?.status !== "pending") return;
  try {
    const data = await collectPersonalData(deps.db, row.userId, now);
    const bytes = Buffer.from(JSON.stringify(data, null, 2), "utf8");
    const key = `privacy/exports/${row.userId}/${row.id}-${crypto.randomUUID()}.json`;
    await deps.storage.put(key, bytes);
    const expiresAt = new Date(now.getTime() + EXPORT_TTL_MS);
    await deps.db
      .update(privacyExports)
      .set({ status: "ready", fileKey: key, fileBytes: bytes.length, readyAt: now, expiresAt })
      .where(eq(privacyExports.id, row.id));
    await tellReady(deps, row.userId, expiresAt);
  } catch (error) {
    await deps.db.update(privacyExports).set({ status: "failed" }).where(eq(privacyExports.id, row.id));
    throw error;
  }
}

async function tellReady(deps: Deps, userId: number, expiresAt: Date) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const date = expiresAt.toISOString().slice(0, 10);
  await notifyKey(deps, {
    userId,
    type: NotificationType.congratulations,
    title: "privacy.notify.ready.title",
    description: messageKey("privacy.notify.ready.description", { date }),
    action: {},
  });
  if (!user.email) return;
  const lang = languageById(user.languageId);
  const link = `${deps.config.publicUrl}/iu/profile/info#my-data`;
  await deps.mail.send({
    to: user.email,
    subject: translate(messages, lang, "privacy.mail.ready.subject"),
    text: translate(
      messages,
      lang,
      messageKey("privacy.mail.ready.text", { name: displayName(user), date, link }),
    ),
  });
}

/** A ready, unexpired export (of `userId` when given), or 404. */
export async function downloadableExport(db: DbOrTx, id: number, userId?: number, now = new Date()) {
  const [row] = await db
    .select()
    .from(privacyExports)
    .where(
      and(eq(privacyExports.id, id), userId === undefined ? undefined : eq(privacyExports.userId, userId)),
    );
  if (row?.status !== "ready" || !row.fileKey || !row.expiresAt || row.expiresAt <= now)
    throw new AppError("not_found", "privacy.exportNotFound");
  return row;
}

/** Daily: files of exports past their 7 days are deleted. */
export async function expireExports(deps: Deps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(privacyExports)
    .where(and(eq(privacyExports.status, "ready"), lte(privacyExports.expiresAt, now)));
  for (const row of due) {
    await removeStoredFiles(deps, [row.fileKey], { during: "expiry of a data export", exportId: row.id });
    await deps.db
      .update(privacyExports)
      .set({ status: "expired", fileKey: null })
      .where(eq(privacyExports.id, row.id));
  }
  return due.length;
}

/** When an account is erased, its export files go too (the rows cascade only if the user row goes). */
export async function eraseExportsOf(deps: Deps, userId: number): Promise<void> {
  const rows = await deps.db.select().from(privacyExports).where(eq(privacyExports.userId, userId));
  await removeStoredFiles(
    deps,
    rows.map((row) => row.fileKey),
    { during: "erasure of data exports", userId },
  );
  await deps.db.delete(privacyExports).where(eq(privacyExports.userId, userId));
}

// ---------- desk lists ----------
const requester = alias(users, "privacy_requester");
const like = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;

export async function listExports(
  db: DbOrTx,
  q: {
    status?: string | undefined;
    sort?: PrivacyExportSortKey | `-${PrivacyExportSortKey}` | undefined;
    page: number;
    per_page: number;
  },
  pageUrl: (page: number) => string,
  now = new Date(),
) {
  const where = q.status
    ? q.status === "expired"
      ? or(
          eq(privacyExports.status, "expired"),
          and(eq(privacyExports.status, "ready"), lte(privacyExports.expiresAt, now)),
        )
      : q.status === "ready"
        ? and(eq(privacyExports.status, "ready"), sql`${privacyExports.expiresAt} > ${now}`)
        : eq(privacyExports.status, q.status)
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: privacyExports, user: users, requester: { username: requester.username } })
      .from(privacyExports)
      .innerJoin(users, eq(users.id, privacyExports.userId))
      .leftJoin(requester, eq(requester.id, privacyExports.requestedBy))
      .where(where)
      .orderBy(
        ...listOrder(
          q.sort,
          {
            learner: sql`lower(${users.username})`,
            via: privacyExports.via,
            created_at: privacyExports.createdAt,
            status: privacyExports.status,
            expires_at: privacyExports.expiresAt,
          },
          privacyExports.id,
          [desc(privacyExports.id)],
        ),
      )
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(privacyExports).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map(({ row, user, requester: by }) => {
      const expired = row.status === "ready" && row.expiresAt && row.expiresAt <= now;
      const base = presentExport(expired ? { ...row, status: "expired" } : row, deskDownloadUrl);
      return {
        ...base,
        via: row.via as "self" | "desk",
        reason: row.reason,
        user: { id: user.id, username: user.username, email: user.email },
        requested_by: by?.username ?? null,
        downloaded_at: row.downloadedAt?.toISOString() ?? null,
      };
    }),
    next_page_url: q.page * q.per_page < n ? pageUrl(q.page + 1) : null,
    total: n,
  };
}

export async function listPendingDeletions(
  db: DbOrTx,
  q: { search?: string | undefined; page: number; per_page: number },
  pageUrl: (page: number) => string,
) {
  const conditions: (SQL | undefined)[] = [
    eq(users.status, "pending_deletion"),
    eq(users.roleId, Role.learner),
  ];
  if (q.search)
    conditions.push(or(ilike(users.username, like(q.search)), ilike(users.email, like(q.search))));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(users.deletionRequestedAt)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map((u) => {
      const requested = u.deletionRequestedAt ?? u.updatedAt;
      return {
        id: u.id,
        username: u.username,
        email: u.email,
        name: displayName(u),
        requested_at: requested.toISOString(),
        erase_after: new Date(requested.getTime() + GRACE_PERIOD_MS).toISOString(),
        feedback: u.deletionFeedback,
      };
    }),
    next_page_url: q.page * q.per_page < n ? pageUrl(q.page + 1) : null,
    total: n,
  };
}

/** Erases an account pending deletion now, with the same erasure as the end of the grace period. */
export async function eraseNow(deps: Deps, actor: AuditActor, userId: number, reason: string) {
  const erased = await eraseAccount(deps, userId, new Date(), async (tx, user) => {
    if (user.roleId !== Role.learner) throw new AppError("not_found", "privacy.deletionNotFound");
    await recordAudit(tx, actor, {
      action: "privacy.erase",
      entity: "user",
      entityId: userId,
      before: {
        username: user.username,
        status: user.status,
        deletionRequestedAt: user.deletionRequestedAt?.toISOString() ?? null,
      },
      after: { status: "erased", reason },
    });
  });
  if (!erased) throw new AppError("not_found", "privacy.deletionNotFound");
}

/** Cancels a deletion: the account is active again (the person logs in with their password). */
export async function cancelDeletion(deps: Deps, actor: AuditActor, userId: number, reason: string) {
  const user = await transaction(deps.db, async (tx) => {
    const [restored] = await tx
      .update(users)
      .set({ status: "active", deletionRequestedAt: null, deletionFeedback: null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.status, "pending_deletion"), eq(users.roleId, Role.learner)))
      .returning();
    if (!restored) throw new AppError("not_found", "privacy.deletionNotFound");
    await recordAudit(tx, actor, {
      action: "privacy.cancel_deletion",
      entity: "user",
      entityId: userId,
      before: { status: "pending_deletion" },
      after: { status: "active", reason },
    });
    return restored;
  });
  if (user.email) {
    const lang = languageById(user.languageId);
    await deps.mail.send({
      to: user.email,
      subject: translate(messages, lang, "privacy.mail.restored.subject"),
      text: translate(
        messages,
        lang,
        messageKey("privacy.mail.restored.text", {
          name: displayName(user),
          link: `${deps.config.publicUrl}/login`,
        }),
      ),
    });
  }
}

/** A learner by username or email (desk export on request). */
export async function findLearner(db: DbOrTx, login: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.roleId, Role.learner),
        sql`${users.status} <> 'erased'`,
        or(sql`lower(${users.username}) = lower(${login})`, sql`lower(${users.email}) = lower(${login})`),
      ),
    );
  if (!user) throw AppError.field("login", "privacy.userNotFound");
  return user;
}

export type PrivacyExportRow = typeof privacyExports.$inferSelect;

/** A learner's own ready export, remembered as downloaded (the page then says when). */
export async function openOwnExport(db: DbOrTx, userId: number, id: number): Promise<PrivacyExportRow> {
  const row = await downloadableExport(db, id, userId);
  await db.update(privacyExports).set({ downloadedAt: new Date() }).where(eq(privacyExports.id, row.id));
  return row;
}

/** A ready export opened by the privacy desk: who opened whose data is audited. */
export async function openExportForDesk(db: Db, actor: AuditActor, id: number): Promise<PrivacyExportRow> {
  const row = await downloadableExport(db, id);
  await transaction(db, (tx) =>
    recordAudit(tx, actor, {
      action: "privacy.export_download",
      entity: "user",
      entityId: row.userId,
      after: { exportId: row.id },
    }),
  );
  return row;
}
