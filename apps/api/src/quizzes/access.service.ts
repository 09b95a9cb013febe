/**
 * Access management: administrators grant or revoke a learner's access to a title (an enrolment
 * with source admin) or extra exam attempts (an exam access with source admin), always with a
 * reason, each change written to the audit trail in the same transaction. Commerce grants bought
 * exam accesses through `grantPurchasedExamAccess`.
 */
import { type AccessListQuery, quizLimits, Role } from "@aprendo/contract";
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { grantEnrolment } from "../catalog/catalog.service";
import type { Db, DbOrTx } from "../db/client";
import {
  accessAuditLog,
  courseLevels,
  courseModules,
  courses,
  enrolments,
  examAccesses,
  quizzes,
  users,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import { grantExamAccessRows } from "../grants/grants";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { fullName } from "../lib/text";

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const learnerColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
type LearnerRow = { id: number; username: string; email: string | null; firstName: string; lastName: string };
const presentLearner = (u: LearnerRow) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  name: fullName(u),
});
const learnerMatches = (q: string): SQL =>
  or(
    ilike(users.username, like(q)),
    ilike(users.email, like(q)),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like(q)),
  )!;

export async function searchLearners(db: Db, q: string) {
  const rows = await db
    .select(learnerColumns)
    .from(users)
    .where(and(eq(users.roleId, Role.learner), eq(users.status, "active"), learnerMatches(q)))
    .orderBy(users.username)
    .limit(20);
  return { data: rows.map(presentLearner) };
}

async function learnerOrThrow(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ roleId: users.roleId, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.roleId !== Role.learner || row.status === "erased")
    throw AppError.field("user_id", "access.notLearner");
}

async function audit(
  tx: DbOrTx,
  entry: Omit<typeof accessAuditLog.$inferInsert, "id" | "createdAt">,
): Promise<void> {
  await tx.insert(accessAuditLog).values(entry);
}

// ---------------------------------------------------------------- titles

export async function listCourseAccess(db: Db, query: AccessListQuery) {
  const where = and(
    query.course_id ? eq(enrolments.courseId, query.course_id) : undefined,
    query.user_id ? eq(enrolments.userId, query.user_id) : undefined,
    query.q
      ? or(
          learnerMatches(query.q),
          ilike(courses.titleEn, like(query.q)),
          ilike(courses.titleEs, like(query.q)),
        )
      : undefined,
  );
  const base = db
    .select({
      id: enrolments.id,
      source: enrolments.source,
      createdAt: enrolments.createdAt,
      learner: learnerColumns,
      courseId: courses.id,
      titleEn: courses.titleEn,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(where);
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(desc(enrolments.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ n: count() })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    data: rows.map((r) => ({
      id: r.id,
      learner: presentLearner(r.learner),
      course: { id: r.courseId, title: r.titleEn },
      source: r.source,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

export async function grantCourseAccess(
  db: Db,
  actor: CurrentUser,
  input: { user_id: number; course_id: number; reason: string },
): Promise<number> {
  return transaction(db, async (tx) => {
    await learnerOrThrow(tx, input.user_id);
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.course_id));
    if (!course) throw AppError.field("course_id", "access.courseNotFound");
    const granted = await grantEnrolment(tx, {
      userId: input.user_id,
      courseId: input.course_id,
      source: "admin",
    });
    if (!granted.created) throw new AppError("conflict", "access.alreadyEnrolled");
    await audit(tx, {
      actorId: actor.id,
      learnerId: input.user_id,
      action: "grant_course",
      courseId: input.course_id,
      subjectId: granted.id,
      reason: input.reason,
    });
    return granted.id;
  });
}

/** Removes the enrolment (lecture progress stays, so a later grant picks up where the learner was). */
export async function revokeCourseAccess(db: Db, actor: CurrentUser, enrolmentId: number, reason: string) {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .delete(enrolments)
      .where(eq(enrolments.id, enrolmentId))
      .returning({ userId: enrolments.userId, courseId: enrolments.courseId });
    if (!row) throw new AppError("not_found", "access.enrolmentNotFound");
    await tx
      .update(courses)
      .set({ enrolmentCount: sql`greatest(${courses.enrolmentCount} - 1, 0)` })
      .where(eq(courses.id, row.courseId));
    await audit(tx, {
      actorId: actor.id,
      learnerId: row.userId,
      action: "revoke_course",
      courseId: row.courseId,
      subjectId: enrolmentId,
      reason,
    });
  });
}

// ---------------------------------------------------------------- exam accesses

export async function listExamAccess(db: Db, query: AccessListQuery) {
  const where = and(
    query.quiz_id ? eq(examAccesses.quizId, query.quiz_id) : undefined,
    query.user_id ? eq(examAccesses.userId, query.user_id) : undefined,
    query.course_id ? eq(quizzes.courseId, query.course_id) : undefined,
    query.q ? or(learnerMatches(query.q), ilike(courses.titleEn, like(query.q))) : undefined,
  );
  const rows = await db
    .select({
      access: examAccesses,
      learner: learnerColumns,
      quizId: quizzes.id,
      kind: quizzes.kind,
      quizTitle: sql<string>`coalesce(nullif(${quizzes.titleEn}, ''), ${courseModules.titleEn}, ${courseLevels.titleEn}, '')`,
      courseId: courses.id,
      courseTitle: courses.titleEn,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(examAccesses)
    .innerJoin(users, eq(users.id, examAccesses.userId))
    .innerJoin(quizzes, eq(quizzes.id, examAccesses.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .leftJoin(courseModules, eq(courseModules.id, quizzes.moduleId))
    .leftJoin(courseLevels, eq(courseLevels.id, quizzes.levelId))
    .where(where)
    .orderBy(desc(examAccesses.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map((r) => ({
      id: r.access.id,
      learner: presentLearner(r.learner),
      quiz: {
        id: r.quizId,
        kind: r.kind,
        title: r.quizTitle,
        course_id: r.courseId,
        course_title: r.courseTitle,
      },
      attempts_used: r.access.attemptsUsed,
      attempts_left: r.access.revokedAt ? 0 : quizLimits.attemptsPerAccess - r.access.attemptsUsed,
      source: r.access.source,
      reason: r.access.reason,
      created_at: r.access.createdAt.toISOString(),
      revoked_at: r.access.revokedAt?.toISOString() ?? null,
      revoke_reason: r.access.revokeReason,
    })),
  };
}

async function examOrThrow(db: DbOrTx, quizId: number) {
  const [quiz] = await db
    .select({ id: quizzes.id, isPaid: quizzes.isPaid, courseId: quizzes.courseId })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  if (!quiz?.isPaid) throw AppError.field("quiz_id", "access.notExam");
  return quiz;
}

/** Extra attempts granted by an administrator: a new exam access with 1 or 2 attempts. */
export async function grantExamAccess(
  db: Db,
  actor: CurrentUser,
  input: { user_id: number; quiz_id: number; attempts: number; reason: string },
): Promise<number> {
  return transaction(db, async (tx) => {
    await learnerOrThrow(tx, input.user_id);
    const quiz = await examOrThrow(tx, input.quiz_id);
    const [accessId] = await grantExamAccessRows(tx, {
      userId: input.user_id,
      quizId: quiz.id,
      source: "admin",
      quantity: 1,
      attemptsUsed: quizLimits.attemptsPerAccess - input.attempts,
      grantedBy: actor.id,
      reason: input.reason,
    });
    await audit(tx, {
      actorId: actor.id,
      learnerId: input.user_id,
      action: "grant_exam",
      courseId: quiz.courseId,
      quizId: quiz.id,
      subjectId: accessId!,
      attempts: input.attempts,
      reason: input.reason,
    });
    return accessId!;
  });
}

export async function revokeExamAccess(db: Db, actor: CurrentUser, accessId: number, reason: string) {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .update(examAccesses)
      .set({ revokedAt: new Date(), revokedBy: actor.id, revokeReason: reason })
      .where(and(eq(examAccesses.id, accessId), isNull(examAccesses.revokedAt)))
      .returning({
        userId: examAccesses.userId,
        quizId: examAccesses.quizId,
        used: examAccesses.attemptsUsed,
      });
    if (!row) {
      const [exists] = await tx
        .select({ id: examAccesses.id })
        .from(examAccesses)
        .where(eq(examAccesses.id, accessId));
      throw exists
        ? new AppError("conflict", "access.alreadyRevoked")
        : new AppError("not_found", "access.enrolmentNotFound");
    }
    const [quiz] = await tx
      .select({ courseId: quizzes.courseId })
      .from(quizzes)
      .where(eq(quizzes.id, row.quizId));
    await audit(tx, {
      actorId: actor.id,
      learnerId: row.userId,
      action: "revoke_exam",
      courseId: quiz?.courseId ?? null,
      quizId: row.quizId,
      subjectId: accessId,
      attempts: quizLimits.attemptsPerAccess - row.used,
      reason,
    });
  });
}

/**
 * For commerce: exam accesses bought at checkout (call inside the checkout transaction), one row per
 * access, in one INSERT. `checked`: the caller has just read the exam as paid and published (pricing).
 */
export async function grantPurchasedExamAccesses(
  tx: DbOrTx,
  input: { userId: number; quizId: number; orderLineId?: number | null; quantity: number; checked?: boolean },
): Promise<number[]> {
  if (!input.checked) await examOrThrow(tx, input.quizId);
  return grantExamAccessRows(tx, { ...input, source: "purchase" });
}

/** For commerce: one exam access bought at checkout (call inside the checkout transaction). */
export async function grantPurchasedExamAccess(
  tx: DbOrTx,
  input: { userId: number; quizId: number; orderLineId?: number | null },
): Promise<number> {
  const [id] = await grantPurchasedExamAccesses(tx, { ...input, quantity: 1 });
  return id!;
}

// ---------------------------------------------------------------- audit trail

export async function listAudit(db: Db, query: AccessListQuery) {
  const actor = alias(users, "actor");
  const learner = alias(users, "learner");
  const where = and(
    query.user_id ? eq(accessAuditLog.learnerId, query.user_id) : undefined,
    query.course_id ? eq(accessAuditLog.courseId, query.course_id) : undefined,
    query.quiz_id ? eq(accessAuditLog.quizId, query.quiz_id) : undefined,
    query.q
      ? or(
          ilike(accessAuditLog.reason, like(query.q)),
          ilike(learner.username, like(query.q)),
          ilike(actor.username, like(query.q)),
        )
      : undefined,
  );
  const rows = await db
    .select({
      entry: accessAuditLog,
      actorName: actor.username,
      learnerName: learner.username,
      courseTitle: courses.titleEn,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(accessAuditLog)
    .leftJoin(actor, eq(actor.id, accessAuditLog.actorId))
    .leftJoin(learner, eq(learner.id, accessAuditLog.learnerId))
    .leftJoin(courses, eq(courses.id, accessAuditLog.courseId))
    .where(where)
    .orderBy(desc(accessAuditLog.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map(({ entry, actorName, learnerName, courseTitle }) => ({
      id: entry.id,
      action: entry.action,
      actor: entry.actorId && actorName ? { id: entry.actorId, username: actorName } : null,
      learner: entry.learnerId && learnerName ? { id: entry.learnerId, username: learnerName } : null,
      course: entry.courseId && courseTitle ? { id: entry.courseId, title: courseTitle } : null,
      quiz_id: entry.quizId,
      subject_id: entry.subjectId,
      attempts: entry.attempts,
      reason: entry.reason,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}
