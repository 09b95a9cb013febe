/**
 * Institutions (schools, companies) and their classes of learners. Enrolling a
 * class in a title uses the catalogue's `grantEnrolment` for every member (source "admin"), and the
 * title is remembered so a learner added to the class later is enrolled too.
 */

import type {
  ClassDetail,
  ClassSortKey,
  Institution,
  InstitutionInput,
  InstitutionSortKey,
  LanguageCode,
  LearnerClass,
} from "@aprendo/contract";
import { Role } from "@aprendo/contract";
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../../audit/audit";
import { grantEnrolment } from "../../catalog/catalog.service";
import type { Db, DbOrTx } from "../../db/client";
import {
  classCourses,
  classMembers,
  courses,
  institutions,
  learnerClasses,
  users,
} from "../../db/schema/index";
import { transaction } from "../../db/transaction";
import { AppError } from "../../http/errors";
import { containsPattern, pageOffset } from "../../http/paging";
import { listOrder } from "../../http/sorting";

type Paging = { search?: string; page: number; per_page: number };
type InstitutionValues = {
  name: string;
  kind: "school" | "company" | "other";
  country: string | null;
  city: string | null;
  contact_email: string | null;
};

const classCount = sql<number>`(SELECT count(*) FROM ${learnerClasses} c WHERE c.institution_id = ${institutions.id})`;
const learnerCount = sql<number>`(SELECT count(DISTINCT m.user_id) FROM ${classMembers} m JOIN ${learnerClasses} c ON c.id = m.class_id WHERE c.institution_id = ${institutions.id})`;

function presentInstitution(
  row: typeof institutions.$inferSelect & { classes: number; learners: number },
): Institution {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    country: row.country,
    city: row.city,
    contact_email: row.contactEmail,
    classes: Number(row.classes),
    learners: Number(row.learners),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listInstitutions(
  db: Db,
  query: Paging & { sort?: InstitutionSortKey | `-${InstitutionSortKey}` | undefined },
) {
  const where = query.search
    ? or(
        ilike(institutions.name, containsPattern(query.search)),
        ilike(institutions.city, containsPattern(query.search)),
      )
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...institutionColumns(), classes: classCount, learners: learnerCount })
      .from(institutions)
      .where(where)
      .orderBy(
        ...listOrder(
          query.sort,
          {
            name: sql`lower(${institutions.name})`,
            kind: institutions.kind,
            country: institutions.country,
            city: sql`lower(${institutions.city})`,
            classes: classCount,
            learners: learnerCount,
            created_at: institutions.createdAt,
          },
          institutions.id,
          [asc(sql`lower(${institutions.name})`), asc(institutions.id)],
        ),
      )
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(institutions).where(where),
  ]);
  return { rows: rows.map(presentInstitution), total: counted?.total ?? 0 };
}

function institutionColumns() {
  return {
    id: institutions.id,
    name: institutions.name,
    kind: institutions.kind,
    country: institutions.country,
    city: institutions.city,
    contactEmail: institutions.contactEmail,
    createdAt: institutions.createdAt,
    updatedAt: institutions.updatedAt,
  };
}

export async function getInstitution(db: DbOrTx, id: number): Promise<Institution> {
  const [row] = await db
    .select({ ...institutionColumns(), classes: classCount, learners: learnerCount })
    .from(institutions)
    .where(eq(institutions.id, id));
  if (!row) throw new AppError("not_found", "backoffice.institutionNotFound");
  return presentInstitution(row);
}

const institutionRecord = (v: InstitutionValues) => ({
  name: v.name,
  kind: v.kind,
  country: v.country,
  city: v.city,
  contactEmail: v.contact_email,
});

export async function saveInstitution(
  db: Db,
  actor: AuditActor,
  id: number | null,
  input: InstitutionValues,
): Promise<Institution> {
  return transaction(db, async (tx) => {
    if (id === null) {
      const [created] = await tx.insert(institutions).values(institutionRecord(input)).returning();
      await recordAudit(tx, actor, {
        action: "institution.create",
        entity: "institution",
        entityId: created!.id,
        after: institutionRecord(input),
      });
      return getInstitution(tx, created!.id);
    }
    const [before] = await tx.select().from(institutions).where(eq(institutions.id, id)).for("update");
    if (!before) throw new AppError("not_found", "backoffice.institutionNotFound");
    await tx
      .update(institutions)
      .set({ ...institutionRecord(input), updatedAt: new Date() })
      .where(eq(institutions.id, id));
    await recordAudit(tx, actor, {
      action: "institution.update",
      entity: "institution",
      entityId: id,
      before: institutionRecord({ ...before, contact_email: before.contactEmail }),
      after: institutionRecord(input),
    });
    return getInstitution(tx, id);
  });
}

export async function deleteInstitution(db: Db, actor: AuditActor, id: number) {
  await transaction(db, async (tx) => {
    const [before] = await tx.delete(institutions).where(eq(institutions.id, id)).returning();
    if (!before) throw new AppError("not_found", "backoffice.institutionNotFound");
    await recordAudit(tx, actor, {
      action: "institution.delete",
      entity: "institution",
      entityId: id,
      before: institutionRecord({ ...before, contact_email: before.contactEmail }),
    });
  });
}

/* ------------------------------------------------------------------ classes */

const memberCount = sql<number>`(SELECT count(*) FROM ${classMembers} m WHERE m.class_id = ${learnerClasses.id})`;
const courseCount = sql<number>`(SELECT count(*) FROM ${classCourses} k WHERE k.class_id = ${learnerClasses.id})`;
const classColumns = {
  id: learnerClasses.id,
  name: learnerClasses.name,
  institutionId: learnerClasses.institutionId,
  institution: institutions.name,
  members: memberCount,
  courses: courseCount,
  createdAt: learnerClasses.createdAt,
};
type ClassRecord = {
  id: number;
  name: string;
  institutionId: number;
  institution: string;
  members: number;
  courses: number;
  createdAt: Date;
};
const presentClass = (row: ClassRecord): LearnerClass => ({
  id: row.id,
  name: row.name,
  institution_id: row.institutionId,
  institution: row.institution,
  members: Number(row.members),
  courses: Number(row.courses),
  created_at: row.createdAt.toISOString(),
});

export async function listClasses(
  db: Db,
  query: Paging & { institution_id?: number; sort?: ClassSortKey | `-${ClassSortKey}` | undefined },
) {
  const where = and(
    query.search
      ? or(
          ilike(learnerClasses.name, containsPattern(query.search)),
          ilike(institutions.name, containsPattern(query.search)),
        )
      : undefined,
    query.institution_id ? eq(learnerClasses.institutionId, query.institution_id) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(classColumns)
      .from(learnerClasses)
      .innerJoin(institutions, eq(institutions.id, learnerClasses.institutionId))
      .where(where)
      .orderBy(
        ...listOrder(
          query.sort,
          {
            name: sql`lower(${learnerClasses.name})`,
            institution: sql`lower(${institutions.name})`,
            members: memberCount,
            courses: courseCount,
            created_at: learnerClasses.createdAt,
          },
          learnerClasses.id,
          [
            asc(sql`lower(${institutions.name})`),
            asc(sql`lower(${learnerClasses.name})`),
            asc(learnerClasses.id),
          ],
        ),
      )
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(learnerClasses)
      .innerJoin(institutions, eq(institutions.id, learnerClasses.institutionId))
      .where(where),
  ]);
  return { rows: rows.map(presentClass), total: counted?.total ?? 0 };
}

export async function getClass(db: DbOrTx, id: number, language: LanguageCode): Promise<ClassDetail> {
  const [row] = await db
    .select(classColumns)
    .from(learnerClasses)
    .innerJoin(institutions, eq(institutions.id, learnerClasses.institutionId))
    .where(eq(learnerClasses.id, id));
  if (!row) throw new AppError("not_found", "backoffice.classNotFound");
  const [members, titles] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.userId))
      .where(eq(classMembers.classId, id))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    db
      .select({
        id: courses.id,
        title: language === "es" ? courses.titleEs : courses.titleEn,
        enrolledAt: classCourses.createdAt,
      })
      .from(classCourses)
      .innerJoin(courses, eq(courses.id, classCourses.courseId))
      .where(eq(classCourses.classId, id))
      .orderBy(desc(classCourses.createdAt)),
  ]);
  return {
    ...presentClass(row),
    member_list: members.map((m) => ({
      id: m.id,
      username: m.username,
      name: `${m.firstName} ${m.lastName}`.trim(),
      email: m.email,
    })),
    course_list: titles.map((c) => ({ id: c.id, title: c.title, enrolled_at: c.enrolledAt.toISOString() })),
  };
}

async function requireInstitution(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, id));
  if (!row) throw AppError.field("institution_id", "backoffice.institutionNotFound");
}

export async function saveClass(
  db: Db,
  actor: AuditActor,
  id: number | null,
  input: { name: string; institution_id: number },
  language: LanguageCode,
): Promise<ClassDetail> {
  return transaction(db, async (tx) => {
    await requireInstitution(tx, input.institution_id);
    const values = { name: input.name, institutionId: input.institution_id };
    let classId = id;
    if (id === null) {
      const [created] = await tx.insert(learnerClasses).values(values).returning();
      classId = created!.id;
      await recordAudit(tx, actor, {
        action: "class.create",
        entity: "class",
        entityId: classId,
        after: values,
      });
    } else {
      const [before] = await tx.select().from(learnerClasses).where(eq(learnerClasses.id, id)).for("update");
      if (!before) throw new AppError("not_found", "backoffice.classNotFound");
      await tx
        .update(learnerClasses)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(learnerClasses.id, id));
      await recordAudit(tx, actor, {
        action: "class.update",
        entity: "class",
        entityId: id,
        before: { name: before.name, institutionId: before.institutionId },
        after: values,
      });
    }
    return getClass(tx, classId!, language);
  });
}

export async function deleteClass(db: Db, actor: AuditActor, id: number) {
  await transaction(db, async (tx) => {
    const [before] = await tx.delete(learnerClasses).where(eq(learnerClasses.id, id)).returning();
    if (!before) throw new AppError("not_found", "backoffice.classNotFound");
    await recordAudit(tx, actor, {
      action: "class.delete",
      entity: "class",
      entityId: id,
      before: { name: before.name, institutionId: before.institutionId },
    });
  });
}

async function classExists(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: learnerClasses.id })
    .from(learnerClasses)
    .where(eq(learnerClasses.id, id));
  if (!row) throw new AppError("not_found", "backoffice.classNotFound");
}

/** Adds learners by username or email; the class's titles are granted to them at once. */
export async function addMembers(db: Db, actor: AuditActor, id: number, identifiers: string[]) {
  const wanted = [...new Set(identifiers.map((i) => i.trim().toLowerCase()).filter(Boolean))];
  return transaction(db, async (tx) => {
    await classExists(tx, id);
    const found = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.roleId, Role.learner),
          inArray(users.status, ["active", "disabled"]),
          or(inArray(sql`lower(${users.username})`, wanted), inArray(sql`lower(${users.email})`, wanted)),
        ),
      );
    const matched = new Set(found.flatMap((u) => [u.username.toLowerCase(), u.email?.toLowerCase() ?? ""]));
    const notFound = wanted.filter((w) => !matched.has(w));
    const added = found.length
      ? await tx
          .insert(classMembers)
          .values(found.map((u) => ({ classId: id, userId: u.id })))
          .onConflictDoNothing()
          .returning({ userId: classMembers.userId })
      : [];
    const titles = await tx
      .select({ courseId: classCourses.courseId })
      .from(classCourses)
      .where(eq(classCourses.classId, id));
    for (const member of added)
      for (const title of titles)
        await grantEnrolment(tx, { userId: member.userId, courseId: title.courseId, source: "admin" });
    if (added.length)
      await recordAudit(tx, actor, {
        action: "class.members_add",
        entity: "class",
        entityId: id,
        after: { userIds: added.map((a) => a.userId) },
      });
    return { added: added.length, not_found: notFound };
  });
}

export async function removeMember(db: Db, actor: AuditActor, id: number, userId: number) {
  await transaction(db, async (tx) => {
    const [removed] = await tx
      .delete(classMembers)
      .where(and(eq(classMembers.classId, id), eq(classMembers.userId, userId)))
      .returning();
    if (!removed) throw new AppError("not_found", "backoffice.userNotFound");
    // The learner keeps the titles already granted: access is not taken back silently.
    await recordAudit(tx, actor, {
      action: "class.member_remove",
      entity: "class",
      entityId: id,
      before: { userId },
    });
  });
}

/** Enrols every member of the class in a published title (idempotent per learner). */
export async function enrolClass(db: Db, actor: AuditActor, id: number, courseId: number) {
  return transaction(db, async (tx) => {
    await classExists(tx, id);
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, courseId), inArray(courses.status, ["published", "coming_soon"])));
    if (!course) throw AppError.field("course_id", "backoffice.courseNotFound");
    await tx
      .insert(classCourses)
      .values({ classId: id, courseId, enrolledBy: actor.userId })
      .onConflictDoNothing();
    const members = await tx
      .select({ userId: classMembers.userId })
      .from(classMembers)
      .where(eq(classMembers.classId, id));
    let enrolled = 0;
    for (const member of members) {
      const result = await grantEnrolment(tx, { userId: member.userId, courseId, source: "admin" });
      if (result.created) enrolled += 1;
    }
    await recordAudit(tx, actor, {
      action: "class.enrol",
      entity: "class",
      entityId: id,
      after: { courseId, enrolled, already: members.length - enrolled },
    });
    return { enrolled, already: members.length - enrolled };
  });
}

export async function courseOptions(db: Db, language: LanguageCode) {
  const title = language === "es" ? courses.titleEs : courses.titleEn;
  return db
    .select({ id: courses.id, title })
    .from(courses)
    .where(inArray(courses.status, ["published", "coming_soon"]))
    .orderBy(asc(title));
}

export type { InstitutionInput };
