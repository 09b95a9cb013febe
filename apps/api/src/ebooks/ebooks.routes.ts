/**
 * E-book management (isEbookManager, docs/privacy.md): every lecture e-book with its lecture and
 * title, who may read it through the lecture-notes access list (spec section 3), and grants or
 * revocations of that access for one learner, each with an audit record. Uploading and ordering
 * e-books stays in course authoring (isCourseManager); purchases of e-notes come from the shop.
 */
import {
  ebookAccessInput,
  ebookAccessList,
  ebookAdminList,
  errorBody,
  idParam,
  messageBody,
  pageQuery,
} from "@aprendo/contract";
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/audit";
import type { DbOrTx } from "../db/client";
import { courses, lectureEbooks, lectureNotesAccess, lectures, users } from "../db/schema/index";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { findLearner } from "../privacy/privacy.service";
import { containsPattern, pageUrlOf } from "../tickets/paging";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const listQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });

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

export const ebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const manager = app.requirePermission("isEbookManager");
  const tags = ["e-books"];

  app.get(
    "/af/ebooks",
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "Every lecture e-book with its lecture, title and number of access grants",
        querystring: listQuery,
        response: { 200: ebookAdminList, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const lang = request.language === "es" ? "es" : "en";
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
      const n = total?.n ?? 0;
      return {
        data: rows.map((r) => ({
          id: r.ebook.id,
          title_en: r.ebook.titleEn,
          title_es: r.ebook.titleEs,
          pages: r.ebook.pages,
          lecture: { id: r.lecture.id, title: lang === "es" ? r.lecture.titleEs : r.lecture.titleEn },
          course: { id: r.course.id, title: lang === "es" ? r.course.titleEs : r.course.titleEn },
          grants: r.grants,
        })),
        next_page_url: q.page * q.per_page < n ? pageUrlOf(request)(q.page + 1) : null,
        total: n,
      };
    },
  );

  app.get(
    "/af/ebooks/:id/access",
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "Grants of the lecture-notes access list that let a learner read this e-book",
        params,
        response: { 200: ebookAccessList, ...errors },
      },
    },
    async (request) => {
      const { lecture } = await ebookWithLecture(db, request.params.id);
      const rows = await db
        .select({ grant: lectureNotesAccess, username: users.username })
        .from(lectureNotesAccess)
        .innerJoin(users, eq(users.id, lectureNotesAccess.userId))
        .where(covers(lecture))
        .orderBy(desc(lectureNotesAccess.id));
      return {
        data: rows.map(({ grant, username }) => ({
          id: grant.id,
          user: { id: grant.userId, username },
          scope: grant.lectureId
            ? ("lecture" as const)
            : grant.moduleId
              ? ("module" as const)
              : ("course" as const),
          source: grant.source,
          note: grant.note,
          expires_at: grant.expiresAt?.toISOString() ?? null,
          created_at: grant.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    "/af/ebooks/:id/access",
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "Let a learner read this lecture's e-books (a lecture grant, audited)",
        params,
        body: ebookAccessInput,
        response: { 201: messageBody, ...errors },
      },
    },
    async (request, reply) => {
      const { lecture, ebook } = await ebookWithLecture(db, request.params.id);
      const learner = await findLearner(db, request.body.login);
      await db.transaction(async (tx) => {
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
            grantedBy: currentUser(request).id,
            note: request.body.note,
          })
          .returning();
        await recordAudit(tx, request, {
          action: "ebook_access.grant",
          entity: "lecture_notes_access",
          entityId: row!.id,
          after: { userId: learner.id, username: learner.username, ebookId: ebook.id, lectureId: lecture.id },
        });
      });
      return reply.status(201).send({ message: request.t("privacy.accessGranted") });
    },
  );

  app.delete(
    "/af/ebooks/access/:id",
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "Revoke a grant given by an administrator (bought access is refunded instead: 409)",
        params,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const [grant] = await tx
          .select()
          .from(lectureNotesAccess)
          .where(eq(lectureNotesAccess.id, request.params.id));
        if (!grant) throw new AppError("not_found", "privacy.grantNotFound");
        if (grant.source === "purchase") throw new AppError("conflict", "privacy.grantPurchased");
        await tx.delete(lectureNotesAccess).where(eq(lectureNotesAccess.id, grant.id));
        await recordAudit(tx, request, {
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
      return { message: request.t("privacy.accessRevoked") };
    },
  );
};
