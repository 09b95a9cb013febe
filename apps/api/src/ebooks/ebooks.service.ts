/**
 * E-book management: every lecture e-book with its lecture, title and live grants, the lecture-notes
 * access list that covers one, and an administrator's grant or revocation, each audited.
 */
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Db, DbOrTx } from "../db/client";
import { courses, lectureEbooks, lectureNotesAccess, lectures, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { containsPattern } from "../http/paging";
import { findLearner } from "../privacy/privacy.service";

/** Grants of the access list that cover a lecture (whole title, its module, or the lecture). */
const covers = (lecture: { id: number; moduleId: number; courseId: number }) =>
  and(
    eq(lectureNotesAccess.courseId, lecture.courseId),
    or(isNull(lectureNotesAccess.moduleId), eq(lectureNotesAccess.moduleId, lecture.moduleId)),
    or(isNull(lectureNotesAccess.lectureId), eq(lectureNotesAccess.lectureId, lecture.id)),
  );

async function ebookWithLecture(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ebook: lectureEbooks, lecture: lectures })
    .from(lectureEbooks)
    .innerJoin(lectures, eq(lectures.id, lectureEbooks.lectureId))
    .where(eq(lectureEbooks.id, id));
  if (!row) throw new AppError("not_found", "privacy.ebookNotFound");
  return row;
}

/** One page of e-books by title, lecture and position, with the number of live grants covering each. */
export async function listEbooks(db: Db, q: { page: number; per_page: number; search?: string | undefined }) {
  const where = q.search
    ? or(
        ilike(lectureEbooks.titleEn, containsPattern(q.search)),
        ilike(lectureEbooks.titleEs, containsPattern(q.search)),
        ilike(lectures.titleEn, containsPattern(q.search)),
        ilike(courses.titleEn, containsPattern(q.search)),
      )
    : undefined;
  const grants = sql<number>`(SELECT count(*) FROM lecture_notes_access a WHERE a.course_id = ${lectures.courseId}
        AND (a.module_id IS NULL OR a.module_id = ${lectures.moduleId})
        AND (a.lecture_id IS NULL OR a.lecture_id = ${lectures.id})
        AND (a.expires_at IS NULL OR a.expires_at > now()))::int`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ebook: lectureEbooks, lecture: lectures, course: courses, grants })
      .from(lectureEbooks)
      .innerJoin(lectures, eq(lectures.id, lectureEbooks.lectureId))
      .innerJoin(courses, eq(courses.id, lectures.courseId))
      .where(where)
      .orderBy(
        asc(courses.titleEn),
        asc(lectures.position),
        asc(lectureEbooks.position),
        asc(lectureEbooks.id),
      )
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db
      .select({ n: count() })
      .from(lectureEbooks)
      .innerJoin(lectures, eq(lectures.id, lectureEbooks.lectureId))
      .innerJoin(courses, eq(courses.id, lectures.courseId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The grants that let a learner read this e-book, newest first, with the learner's username. */
export async function ebookAccessGrants(db: Db, ebookId: number) {
  const { lecture } = await ebookWithLecture(db, ebookId);
  return db
    .select({ grant: lectureNotesAccess, username: users.username })
    .from(lectureNotesAccess)
    .innerJoin(users, eq(users.id, lectureNotesAccess.userId))
    .where(covers(lecture))
    .orderBy(desc(lectureNotesAccess.id));
}

/** A lecture grant for one learner; refused when a live grant already covers the lecture. */
export async function grantEbookAccess(
  db: Db,
  actor: AuditActor,
  ebookId: number,
  input: { login: string; note?: string | null | undefined },
) {
  const { lecture, ebook } = await ebookWithLecture(db, ebookId);
  const learner = await findLearner(db, input.login);
  await transaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: lectureNotesAccess.id })
      .from(lectureNotesAccess)
      .where(
        and(
          eq(lectureNotesAccess.userId, learner.id),
          covers(lecture),
          or(isNull(lectureNotesAccess.expiresAt), sql`${lectureNotesAccess.expiresAt} > now()`),
        ),
      );
    if (existing) throw new AppError("conflict", "privacy.accessExists");
    const [row] = await tx
      .insert(lectureNotesAccess)
      .values({
        userId: learner.id,
        courseId: lecture.courseId,
        moduleId: lecture.moduleId,
        lectureId: lecture.id,
        source: "admin",
        grantedBy: actor.userId,
        note: input.note,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "ebook_access.grant",
      entity: "lecture_notes_access",
      entityId: row!.id,
      after: { userId: learner.id, username: learner.username, ebookId: ebook.id, lectureId: lecture.id },
    });
  });
}

/** Revokes an administrator's grant; bought access is refunded instead, so it is refused here. */
export async function revokeEbookAccess(db: Db, actor: AuditActor, grantId: number) {
  await transaction(db, async (tx) => {
    const [grant] = await tx.select().from(lectureNotesAccess).where(eq(lectureNotesAccess.id, grantId));
    if (!grant) throw new AppError("not_found", "privacy.grantNotFound");
    if (grant.source === "purchase") throw new AppError("conflict", "privacy.grantPurchased");
    await tx.delete(lectureNotesAccess).where(eq(lectureNotesAccess.id, grant.id));
    await recordAudit(tx, actor, {
      action: "ebook_access.revoke",
      entity: "lecture_notes_access",
      entityId: grant.id,
      before: {
        userId: grant.userId,
        courseId: grant.courseId,
        moduleId: grant.moduleId,
        lectureId: grant.lectureId,
        source: grant.source,
      },
      after: null,
    });
  });
}
