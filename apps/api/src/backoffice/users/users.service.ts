/**
 * The user manager's view of accounts: a filtered list paged by keyset (newest
 * first, `id < cursor`, so page 2,000 of a large table costs the same as page 1), one account with
 * its titles, progress, tickets and classes, disabling and deleting.
 */
import {
  type adminUserProfileInput,
  type LanguageCode,
  parseSort,
  Role,
  type SortOrder,
  type UserAdminDetail,
  type UserFilters,
  type UserListQuery,
  type UserRow,
  type UserSortKey,
} from "@aprendo/contract";
import { and, asc, count, desc, eq, gt, ilike, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, recordAudit } from "../../audit/audit";
import { mayResetPassword } from "../../auth/auth.policy";
import { latestToken } from "../../auth/one-time-tokens";
import { requestReset } from "../../auth/password-reset.service";
import { revokeAllSessions } from "../../auth/sessions";
import { takenFields } from "../../auth/users.repository";
import type { Deps } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import {
  classMembers,
  courses,
  enrolments,
  institutions,
  learnerClasses,
  lectureProgress,
  lectures,
  ticketSubjects,
  tickets,
  userProfiles,
  users,
} from "../../db/schema/index";
import { transaction } from "../../db/transaction";
import { AppError } from "../../http/errors";
import { containsPattern } from "../../http/paging";

/** The birth date after which a person is a child today (under 13, spec section 4). */
export function childBornAfter(now = new Date()): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 13);
  return d.toISOString().slice(0, 10);
}

export function userConditions(filters: UserFilters, now = new Date()): SQL | undefined {
  const search = filters.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const bornAfter = childBornAfter(now);
  return and(
    pattern
      ? or(
          ilike(users.username, pattern),
          ilike(users.email, pattern),
          ilike(users.phone, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          /^\d+$/.test(search ?? "") ? eq(users.id, Number(search)) : undefined,
        )
      : undefined,
    filters.role ? eq(users.roleId, filters.role) : undefined,
    filters.status ? eq(users.status, filters.status) : undefined,
    filters.country ? eq(userProfiles.country, filters.country) : undefined,
    filters.child === "yes" ? gt(users.dateOfBirth, bornAfter) : undefined,
    filters.child === "no" ? or(isNull(users.dateOfBirth), lte(users.dateOfBirth, bornAfter)) : undefined,
  );
}

export const userRowColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  firstName: users.firstName,
  lastName: users.lastName,
  roleId: users.roleId,
  status: users.status,
  country: userProfiles.country,
  dateOfBirth: users.dateOfBirth,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
  emailVerifiedAt: users.emailVerifiedAt,
};
export type UserRecord = {
  id: number;
  username: string;
  email: string | null;
  phone: string | null;
  firstName: string;
  lastName: string;
  roleId: number;
  status: string;
  country: string | null;
  dateOfBirth: string | null;
  createdAt: Date;
  lastActiveAt: Date | null;
  emailVerifiedAt: Date | null;
};

export function presentUserRow(row: UserRecord, bornAfter: string): UserRow {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    first_name: row.firstName,
    last_name: row.lastName,
    role_id: row.roleId,
    status: row.status,
    country: row.country,
    is_child: row.dateOfBirth !== null && row.dateOfBirth > bornAfter,
    created_at: row.createdAt.toISOString(),
    last_active_at: row.lastActiveAt?.toISOString() ?? null,
  };
}

/**
 * The order of each sortable column: a value never null (so a row comparison can page past it) with
 * the id as the tie-breaker. Names and addresses compare case-insensitively.
 */
const sortExpressions: Record<UserSortKey, SQL> = {
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  username: sql`lower(${users.username})`,
  email: sql`lower(coalesce(${users.email}, ''))`,
  role: sql`${users.roleId}`,
  status: sql`${users.status}::text`,
  country: sql`coalesce(${userProfiles.country}, '')`,
  created_at: sql`${users.createdAt}`,
  last_active_at: sql`coalesce(${users.lastActiveAt}, '-infinity'::timestamptz)`,
};

/** Rows after the cursor's row in the asked order: (value, id) past the cursor row's (value, id). */
function afterCursor(cursor: number, order: SortOrder<UserSortKey>): SQL {
  const value = sortExpressions[order.key];
  const cursorValue = sql`(SELECT ${value} FROM ${users} LEFT JOIN ${userProfiles} ON ${userProfiles.userId} = ${users.id} WHERE ${users.id} = ${cursor})`;
  return order.direction === "asc"
    ? sql`(${value}, ${users.id}) > (${cursorValue}, ${cursor})`
    : sql`(${value}, ${users.id}) < (${cursorValue}, ${cursor})`;
}

export async function listUsers(
  db: Db,
  query: UserFilters & { sort?: UserListQuery["sort"]; cursor?: number; per_page: number },
): Promise<{ data: UserRow[]; next_cursor: number | null; total: number }> {
  const where = userConditions(query);
  const order = parseSort(query.sort);
  const sorted = order
    ? {
        after: query.cursor ? afterCursor(query.cursor, order) : undefined,
        by:
          order.direction === "asc"
            ? [asc(sortExpressions[order.key]), asc(users.id)]
            : [desc(sortExpressions[order.key]), desc(users.id)],
      }
    : { after: query.cursor ? lt(users.id, query.cursor) : undefined, by: [desc(users.id)] };
  const [page, [counted]] = await Promise.all([
    db
      .select(userRowColumns)
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(and(where, sorted.after))
      .orderBy(...sorted.by)
      .limit(query.per_page + 1),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(where),
  ]);
  const more = page.length > query.per_page;
  const shown = more ? page.slice(0, query.per_page) : page;
  const bornAfter = childBornAfter();
  return {
    data: shown.map((row) => presentUserRow(row, bornAfter)),
    next_cursor: more ? shown[shown.length - 1]!.id : null,
    total: counted?.total ?? 0,
  };
}

export async function userDetail(db: Db, id: number, language: LanguageCode): Promise<UserAdminDetail> {
  const [row] = await db
    .select({
      ...userRowColumns,
      languageId: users.languageId,
      phoneVerifiedAt: users.phoneVerifiedAt,
      guardianEmail: users.guardianEmail,
      newsletterConsent: users.newsletterConsent,
      deletionRequestedAt: users.deletionRequestedAt,
      gender: userProfiles.gender,
      address: userProfiles.address,
      city: userProfiles.city,
      postalCode: userProfiles.postalCode,
      occupation: userProfiles.occupation,
      photoStatus: userProfiles.photoStatus,
      identityStatus: userProfiles.identityStatus,
      hasProfile: userProfiles.userId,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw new AppError("not_found", "backoffice.userNotFound");
  const title = language === "es" ? courses.titleEs : courses.titleEn;
  const [titles, ticketRows, classRows] = await Promise.all([
    db
      .select({
        courseId: enrolments.courseId,
        title,
        source: enrolments.source,
        enrolledAt: enrolments.createdAt,
        lastActivityAt: enrolments.lastActivityAt,
        lectures: sql<number>`(SELECT count(*) FROM ${lectures} l WHERE l.course_id = ${enrolments.courseId} AND l.status = 'published')`,
        completed: sql<number>`(SELECT count(*) FROM ${lectureProgress} p WHERE p.user_id = ${enrolments.userId} AND p.course_id = ${enrolments.courseId} AND p.completed_at IS NOT NULL)`,
      })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.userId, id))
      .orderBy(desc(enrolments.createdAt))
      .limit(100),
    db
      .select({
        id: tickets.id,
        subject: language === "es" ? ticketSubjects.titleEs : ticketSubjects.titleEn,
        status: tickets.status,
        createdAt: tickets.createdAt,
      })
      .from(tickets)
      .leftJoin(ticketSubjects, eq(ticketSubjects.id, tickets.subjectId))
      .where(eq(tickets.userId, id))
      .orderBy(desc(tickets.id))
      .limit(50),
    db
      .select({ id: learnerClasses.id, name: learnerClasses.name, institution: institutions.name })
      .from(classMembers)
      .innerJoin(learnerClasses, eq(learnerClasses.id, classMembers.classId))
      .innerJoin(institutions, eq(institutions.id, learnerClasses.institutionId))
      .where(eq(classMembers.userId, id)),
  ]);
  const bornAfter = childBornAfter();
  return {
    ...presentUserRow(row, bornAfter),
    date_of_birth: row.dateOfBirth,
    language_id: row.languageId,
    email_verified_at: row.emailVerifiedAt?.toISOString() ?? null,
    phone_verified_at: row.phoneVerifiedAt?.toISOString() ?? null,
    guardian_email: row.guardianEmail,
    newsletter_consent: row.newsletterConsent,
    deletion_requested_at: row.deletionRequestedAt?.toISOString() ?? null,
    profile: row.hasProfile
      ? {
          gender: row.gender,
          address: row.address,
          city: row.city,
          postal_code: row.postalCode,
          occupation: row.occupation,
          photo_status: row.photoStatus ?? "pending",
          identity_status: row.identityStatus ?? "pending",
        }
      : null,
    enrolments: titles.map((e) => ({
      course_id: e.courseId,
      title: e.title,
      source: e.source,
      enrolled_at: e.enrolledAt.toISOString(),
      last_activity_at: e.lastActivityAt?.toISOString() ?? null,
      lectures: Number(e.lectures),
      completed: Number(e.completed),
    })),
    tickets: ticketRows.map((t) => ({
      id: t.id,
      subject: t.subject,
      status: t.status,
      created_at: t.createdAt.toISOString(),
    })),
    classes: classRows,
  };
}

/** Administrators are managed by head administrators; here only learners. */
async function learnerForChange(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  if (!row) throw new AppError("not_found", "backoffice.userNotFound");
  if (row.roleId !== Role.learner) throw new AppError("forbidden", "backoffice.onlyLearners");
  if (row.status === "erased") throw new AppError("conflict", "backoffice.alreadyErased");
  return row;
}

const auditView = (row: typeof users.$inferSelect) => ({
  username: row.username,
  email: row.email,
  status: row.status,
  deletionRequestedAt: row.deletionRequestedAt?.toISOString() ?? null,
});

export async function setUserStatus(
  db: Db,
  actor: AuditActor,
  id: number,
  status: "active" | "disabled",
): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await learnerForChange(tx, id);
    const [after] = await tx
      .update(users)
      .set({ status, deletionRequestedAt: null, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    // A disabled account is refused on its next request; its sessions end too.
    if (status === "disabled") await revokeAllSessions(tx, id);
    await recordAudit(tx, actor, {
      action: status === "disabled" ? "user.disable" : "user.enable",
      entity: "user",
      entityId: id,
      before: auditView(before),
      after: auditView(after!),
    });
  });
}

/**
 * Deleting starts the same grace period as a learner's own deletion (then the daily erasure job
 * anonymises the account): a mistaken deletion can still be undone by enabling the account again.
 */
export async function deleteUser(db: Db, actor: AuditActor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await learnerForChange(tx, id);
    const now = new Date();
    const [after] = await tx
      .update(users)
      .set({ status: "pending_deletion", deletionRequestedAt: now, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    await revokeAllSessions(tx, id);
    await recordAudit(tx, actor, {
      action: "user.delete",
      entity: "user",
      entityId: id,
      before: auditView(before),
      after: auditView(after!),
    });
  });
}

type ProfileChange = z.output<typeof adminUserProfileInput>;

/** The fields an administrator edits, as the audit diff shows them (profile row or not). */
function editableView(row: typeof users.$inferSelect, profile: typeof userProfiles.$inferSelect | undefined) {
  return {
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    languageId: row.languageId,
    gender: profile?.gender ?? null,
    address: profile?.address ?? null,
    city: profile?.city ?? null,
    country: profile?.country ?? null,
    postalCode: profile?.postalCode ?? null,
    occupation: profile?.occupation ?? null,
  };
}

/** Only what changed: the audit diff of a profile edit names the fields the administrator touched. */
function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * A user manager corrects a learner's profile with the learner's own form rules (the contract's
 * `adminUserProfileInput`); the change and its before/after are recorded in the audit log.
 */
export async function updateUserProfile(
  db: Db,
  actor: AuditActor,
  id: number,
  input: ProfileChange,
): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await learnerForChange(tx, id);
    if ((await takenFields(tx, { username: input.username }, id)).username)
      throw AppError.field("username", "profile.usernameTaken");
    const [profileBefore] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, id));
    const now = new Date();
    const [after] = await tx
      .update(users)
      .set({
        username: input.username,
        firstName: input.first_name,
        lastName: input.last_name,
        dateOfBirth: input.date_of_birth,
        ...(input.language_id ? { languageId: input.language_id } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
    const profileFields = {
      gender: input.gender,
      address: input.address,
      city: input.city,
      country: input.country,
      postalCode: input.postal_code,
      occupation: input.occupation ?? null,
      updatedAt: now,
    };
    // A learner registered before profiles existed has no row yet: the edit creates it.
    const [profileAfter] = await tx
      .insert(userProfiles)
      .values({ userId: id, ...profileFields })
      .onConflictDoUpdate({ target: userProfiles.userId, set: profileFields })
      .returning();
    const diff = changedFields(editableView(before, profileBefore), editableView(after!, profileAfter));
    await recordAudit(tx, actor, {
      action: "user.profile_update",
      entity: "user",
      entityId: id,
      ...diff,
    });
  });
}

/** One reset link a minute per account, as the learner's own "forgot password" allows. */
const RESET_LINK_WAIT_MS = 60 * 1000;

/**
 * Mails a learner the password-reset link of the "forgot password" flow (same token, same mail in
 * their language). Refused with a reason when it could not reach anyone: no address, a disabled
 * account (it could not log in with a new password either), or a link sent less than a minute ago.
 */
export async function sendPasswordResetLink(deps: Deps, actor: AuditActor, id: number): Promise<string> {
  const account = await transaction(deps.db, (tx) => learnerForChange(tx, id));
  const address = account.email ?? account.guardianEmail;
  if (!address) throw new AppError("conflict", "backoffice.resetNoEmail");
  if (!mayResetPassword(account)) throw new AppError("conflict", "backoffice.resetDisabled");
  const last = await latestToken(deps.db, id, "password_reset");
  const wait = last ? RESET_LINK_WAIT_MS - (Date.now() - last.createdAt.getTime()) : 0;
  if (wait > 0)
    throw new AppError("rate_limited", "error.rateLimited", { params: { seconds: Math.ceil(wait / 1000) } });
  await requestReset(deps, { kind: "username", value: account.username });
  await recordAudit(deps.db, actor, {
    action: "user.password_reset_link",
    entity: "user",
    entityId: id,
    after: { sentTo: address },
  });
  return address;
}
