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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { pageUrlOf } from "../http/paging";
import { ebooksPolicy } from "./ebooks.policy";
import { ebookAccessGrants, grantEbookAccess, listEbooks, revokeEbookAccess } from "./ebooks.service";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const listQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });

export const ebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const manager = app.authorize(ebooksPolicy, "manage");
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
      const { rows, total: n } = await listEbooks(db, q);
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
      const rows = await ebookAccessGrants(db, request.params.id);
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
      await grantEbookAccess(db, auditActor(request), request.params.id, request.body);
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
      await revokeEbookAccess(db, auditActor(request), request.params.id);
      return { message: request.t("privacy.accessRevoked") };
    },
  );
};
