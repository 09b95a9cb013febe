/**
 * "Can't log in?": a person who lost their phone or changed their email sends a
 * request from the login page; administrators see it at /af/external-login-issues, help (change the
 * account's email, remove a lost phone, send a reset link) and every step is recorded on the request.
 */
import {
  type LanguageCode,
  type LoginIssue,
  type LoginIssueDetail,
  type LoginIssueSortKey,
  type LoginIssueStatus,
  type loginIssueActionInput,
  messageKey,
  messages,
  Role,
  translate,
} from "@aprendo/contract";
import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, recordAudit } from "../../audit/audit";
import { requestReset } from "../../auth/password-reset.service";
import type { Deps } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { externalLoginIssueActions, externalLoginIssues, refreshTokens, users } from "../../db/schema/index";
import { transaction } from "../../db/transaction";
import type { CurrentUser } from "../../http/authenticate";
import { AppError } from "../../http/errors";
import { containsPattern, pageOffset } from "../../http/paging";
import { listOrder } from "../../http/sorting";
import { accountChangingKinds, loginIssuesPolicy } from "./login-issues.policy";

type NewIssue = {
  full_name: string;
  account_identifier: string;
  contact_email: string;
  reason: "lost_phone" | "changed_email" | "forgot_username" | "other";
  description: string;
};

async function matchAccount(db: DbOrTx, identifier: string) {
  const value = identifier.trim().toLowerCase();
  const phone = value.replace(/[\s()-]/g, "");
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.roleId, Role.learner),
        ne(users.status, "erased"),
        or(
          eq(sql`lower(${users.username})`, value),
          eq(sql`lower(${users.email})`, value),
          eq(users.phone, phone),
        ),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function submitIssue(deps: Deps, input: NewIssue, language: LanguageCode) {
  const userId = await matchAccount(deps.db, input.account_identifier);
  const [created] = await deps.db
    .insert(externalLoginIssues)
    .values({
      userId,
      fullName: input.full_name,
      accountIdentifier: input.account_identifier,
      contactEmail: input.contact_email,
      reason: input.reason,
      description: input.description,
      languageId: language === "es" ? 2 : 1,
    })
    .returning({ id: externalLoginIssues.id });
  const brand = deps.config.brandName;
  await deps.mail.send({
    to: input.contact_email,
    subject: translate(messages, language, messageKey("backoffice.loginIssueMailSubject", { brand })),
    text: translate(
      messages,
      language,
      messageKey("backoffice.loginIssueMail", { name: input.full_name, brand }),
    ),
  });
  return created!.id;
}

const issueColumns = {
  id: externalLoginIssues.id,
  fullName: externalLoginIssues.fullName,
  accountIdentifier: externalLoginIssues.accountIdentifier,
  contactEmail: externalLoginIssues.contactEmail,
  reason: externalLoginIssues.reason,
  description: externalLoginIssues.description,
  status: externalLoginIssues.status,
  userId: externalLoginIssues.userId,
  username: users.username,
  email: users.email,
  phone: users.phone,
  assignedTo: sql<
    string | null
  >`(SELECT a.username FROM ${users} a WHERE a.id = ${externalLoginIssues.assignedTo})`,
  createdAt: externalLoginIssues.createdAt,
  resolvedAt: externalLoginIssues.resolvedAt,
};
type IssueRecord = {
  id: number;
  fullName: string;
  accountIdentifier: string;
  contactEmail: string;
  reason: LoginIssue["reason"];
  description: string;
  status: LoginIssueStatus;
  userId: number | null;
  username: string | null;
  email: string | null;
  phone: string | null;
  assignedTo: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
};

const presentIssue = (r: IssueRecord): LoginIssue => ({
  id: r.id,
  full_name: r.fullName,
  account_identifier: r.accountIdentifier,
  contact_email: r.contactEmail,
  reason: r.reason,
  description: r.description,
  status: r.status,
  user:
    r.userId && r.username ? { id: r.userId, username: r.username, email: r.email, phone: r.phone } : null,
  assigned_to: r.assignedTo,
  created_at: r.createdAt.toISOString(),
  resolved_at: r.resolvedAt?.toISOString() ?? null,
});

export async function listIssues(
  db: Db,
  query: {
    status?: LoginIssueStatus;
    search?: string;
    sort?: LoginIssueSortKey | `-${LoginIssueSortKey}` | undefined;
    page: number;
    per_page: number;
  },
) {
  const where = and(
    query.status ? eq(externalLoginIssues.status, query.status) : undefined,
    query.search
      ? or(
          ilike(externalLoginIssues.fullName, containsPattern(query.search)),
          ilike(externalLoginIssues.accountIdentifier, containsPattern(query.search)),
          ilike(externalLoginIssues.contactEmail, containsPattern(query.search)),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(issueColumns)
      .from(externalLoginIssues)
      .leftJoin(users, eq(users.id, externalLoginIssues.userId))
      .where(where)
      // Open requests first (oldest waiting first), then the handled ones, newest first.
      .orderBy(
        ...listOrder(
          query.sort,
          {
            full_name: sql`lower(${externalLoginIssues.fullName})`,
            account_identifier: sql`lower(${externalLoginIssues.accountIdentifier})`,
            reason: externalLoginIssues.reason,
            status: externalLoginIssues.status,
            created_at: externalLoginIssues.createdAt,
          },
          externalLoginIssues.id,
          [
            sql`CASE ${externalLoginIssues.status} WHEN 'open' THEN 0 WHEN 'in_progress' THEN 1 ELSE 2 END`,
            sql`CASE WHEN ${externalLoginIssues.status} IN ('open', 'in_progress') THEN ${externalLoginIssues.id} ELSE -${externalLoginIssues.id} END`,
          ],
        ),
      )
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(externalLoginIssues).where(where),
  ]);
  return { rows: rows.map(presentIssue), total: counted?.total ?? 0 };
}

export async function getIssue(db: DbOrTx, id: number): Promise<LoginIssueDetail> {
  const [row] = await db
    .select(issueColumns)
    .from(externalLoginIssues)
    .leftJoin(users, eq(users.id, externalLoginIssues.userId))
    .where(eq(externalLoginIssues.id, id));
  if (!row) throw new AppError("not_found", "backoffice.loginIssueNotFound");
  const actions = await db
    .select()
    .from(externalLoginIssueActions)
    .where(eq(externalLoginIssueActions.issueId, id))
    .orderBy(asc(externalLoginIssueActions.id));
  return {
    ...presentIssue(row),
    actions: actions.map((a) => ({
      id: a.id,
      kind: a.kind,
      note: a.note,
      admin: a.adminUsername,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

type ActionInput = z.output<typeof loginIssueActionInput>;

/** Notes an action on an issue; `caller` is asked of the policy, `actor` signs the audit record. */
export async function recordAction(
  deps: Deps,
  caller: CurrentUser,
  actor: AuditActor,
  id: number,
  input: ActionInput,
): Promise<LoginIssueDetail> {
  if (!loginIssuesPolicy.allow(caller, "act", input.kind)) throw new AppError("forbidden");
  let sendResetTo: string | null = null;
  const detail = await transaction(deps.db, async (tx) => {
    const [issue] = await tx
      .select()
      .from(externalLoginIssues)
      .where(eq(externalLoginIssues.id, id))
      .for("update");
    if (!issue) throw new AppError("not_found", "backoffice.loginIssueNotFound");
    const beforeIssue = { status: issue.status, assignedTo: issue.assignedTo };
    let note = input.note ?? "";
    let status: LoginIssueStatus = issue.status === "open" ? "in_progress" : issue.status;

    if (accountChangingKinds.has(input.kind)) {
      if (!issue.userId) throw new AppError("conflict", "backoffice.loginIssueNoAccount");
      const [account] = await tx.select().from(users).where(eq(users.id, issue.userId)).for("update");
      if (!account || account.status === "erased")
        throw new AppError("conflict", "backoffice.loginIssueNoAccount");
      if (input.kind === "email_changed") {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(sql`lower(${users.email})`, input.email), ne(users.id, account.id)));
        if (taken) throw AppError.field("email", "backoffice.emailTaken");
        // The administrator checked who the person is: the new address counts as verified.
        await tx
          .update(users)
          .set({ email: input.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, account.id));
        note = `${account.email ?? "—"} → ${input.email}${note ? `\n${note}` : ""}`;
        await recordAudit(tx, actor, {
          action: "user.email_change",
          entity: "user",
          entityId: account.id,
          before: { email: account.email },
          after: { email: input.email, loginIssueId: id },
        });
      } else if (input.kind === "phone_removed") {
        await tx
          .update(users)
          .set({ phone: null, phoneVerifiedAt: null, updatedAt: new Date() })
          .where(eq(users.id, account.id));
        // Sessions on the lost phone end.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.userId, account.id), sql`${refreshTokens.revokedAt} IS NULL`));
        note = `${account.phone ?? "—"} → —${note ? `\n${note}` : ""}`;
        await recordAudit(tx, actor, {
          action: "user.phone_remove",
          entity: "user",
          entityId: account.id,
          before: { phone: account.phone },
          after: { phone: null, loginIssueId: id },
        });
      } else {
        sendResetTo = account.username;
      }
    }
    if (input.kind === "status_changed") status = input.status;

    await tx.insert(externalLoginIssueActions).values({
      issueId: id,
      adminId: actor.userId,
      adminUsername: actor.username,
      kind: input.kind,
      note: input.kind === "status_changed" ? `${issue.status} → ${status}${note ? `\n${note}` : ""}` : note,
    });
    const done = status === "resolved" || status === "rejected";
    await tx
      .update(externalLoginIssues)
      .set({
        status,
        assignedTo: issue.assignedTo ?? actor.userId,
        resolvedAt: done ? (issue.resolvedAt ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(eq(externalLoginIssues.id, id));
    await recordAudit(tx, actor, {
      action: `login_issue.${input.kind}`,
      entity: "external_login_issue",
      entityId: id,
      before: beforeIssue,
      after: { status, assignedTo: issue.assignedTo ?? actor.userId, note },
    });
    return getIssue(tx, id);
  });
  if (sendResetTo) await requestReset(deps, { kind: "username", value: sendResetTo });
  return detail;
}
