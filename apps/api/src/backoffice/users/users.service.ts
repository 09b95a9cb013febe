/**
 * The user manager's view of accounts (issue 11, point 2): a filtered list paged by keyset (newest
 * first, `id < cursor`, so page 2,000 of a large table costs the same as page 1), one account with
 * its titles, progress, tickets and classes, disabling and deleting.
 */
import type { LanguageCode, UserAdminDetail, UserFilters, UserRow } from "@aprendo/contract";
import { and, count, desc, eq, gt, ilike, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { recordAudit } from "../../audit/audit";
import { revokeAllSessions } from "../../auth/sessions";
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
import { AppError } from "../../http/errors";
import { containsPattern } from "../../tickets/paging";

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

export async function listUsers(
  db: Db,
  query: UserFilters & { cursor?: number; per_page: number },
): Promise<{ data: UserRow[]; next_cursor: number | null; total: number }> {
  const where = userConditions(query);
  const [page, [counted]] = await Promise.all([
    db
      .select(userRowColumns)
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(and(where, query.cursor ? lt(users.id, query.cursor) : undefined))
      .orderBy(desc(users.id))
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
      city: userProfiles.city,
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
          city: row.city,
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

/** Administrators are managed by head administrators (issue 11, point 6); here only learners. */
async function learnerForChange(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  if (!row) throw new AppError("not_found", "backoffice.userNotFound");
  if (row.roleId !== 1) throw new AppError("forbidden", "backoffice.onlyLearners");
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
  request: FastifyRequest,
  id: number,
  status: "active" | "disabled",
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await learnerForChange(tx, id);
    const [after] = await tx
      .update(users)
      .set({ status, deletionRequestedAt: null, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    // A disabled account is refused on its next request; its sessions end too.
    if (status === "disabled") await revokeAllSessions(tx, id);
    await recordAudit(tx, request, {
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
export async function deleteUser(db: Db, request: FastifyRequest, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await learnerForChange(tx, id);
    const now = new Date();
    const [after] = await tx
      .update(users)
      .set({ status: "pending_deletion", deletionRequestedAt: now, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    await revokeAllSessions(tx, id);
    await recordAudit(tx, request, {
      action: "user.delete",
      entity: "user",
      entityId: id,
      before: auditView(before),
      after: auditView(after!),
    });
  });
}
