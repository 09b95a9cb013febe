/** Categories (isCategoryManager) and the lecture-notes access list of a title (isCourseManager). */
import {
  adminCourseCategory,
  adminCourseCategoryList,
  catalogCreated,
  catalogOrderBody,
  courseCategoryInput,
  courseCategoryPatch,
  messageBody,
  notesAccessGrant,
  notesAccessList,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { authoringKit } from "./authoring.kit";
import { catalogPolicy } from "./catalog.policy";
import {
  adminCategories,
  adminCategory,
  createCategory,
  deleteCategory,
  grantNotesAccess,
  listNotesAccess,
  revokeNotesAccess,
  updateCategory,
} from "./categories.service";
import * as structure from "./structure.service";

export const categoryAuthoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, courseManager, categoryManager, security, tags, params, saved, deleted, created } =
    authoringKit(app);

  // ---------- lecture-notes access list ----------
  app.get(
    "/af/courses/:id/notes-access",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Who may read this title's lecture e-books beyond enrolment",
        params,
        response: { 200: notesAccessList },
      },
    },
    async (request) => listNotesAccess(db, request.params.id),
  );
  app.post(
    "/af/courses/:id/notes-access",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Grant a learner the e-books of a title, module or lecture",
        params,
        body: notesAccessGrant,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        id: await grantNotesAccess(db, currentUser(request), request.params.id, request.body),
        message: request.t("catalog.accessGranted"),
      }),
  );
  app.delete(
    "/af/notes-access/:id",
    {
      onRequest: courseManager,
      schema: { tags, security, summary: "Revoke a grant", params, response: { 200: messageBody } },
    },
    async (request) => {
      await revokeNotesAccess(db, request.params.id);
      return deleted(request);
    },
  );

  // ---------- categories ----------
  app.get(
    "/af/categories",
    {
      onRequest: app.authorize(catalogPolicy, "readCategories"),
      schema: {
        tags,
        security,
        summary: "Categories with both names",
        response: { 200: adminCourseCategoryList },
      },
    },
    async () => adminCategories(db),
  );
  app.get(
    "/af/categories/:id",
    {
      onRequest: categoryManager,
      schema: {
        tags,
        security,
        summary: "One category with both names (for its edit page)",
        params,
        response: { 200: adminCourseCategory },
      },
    },
    async (request) => adminCategory(db, request.params.id),
  );
  app.post(
    "/af/categories",
    {
      onRequest: categoryManager,
      schema: {
        tags,
        security,
        summary: "Create a category",
        body: courseCategoryInput,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(created(request, await createCategory(db, request.body))),
  );
  app.patch(
    "/af/categories/:id",
    {
      onRequest: categoryManager,
      schema: {
        tags,
        security,
        summary: "Edit a category",
        params,
        body: courseCategoryPatch,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await updateCategory(db, request.params.id, request.body);
      return saved(request);
    },
  );
  app.delete(
    "/af/categories/:id",
    {
      onRequest: categoryManager,
      schema: { tags, security, summary: "Delete an empty category", params, response: { 200: messageBody } },
    },
    async (request) => {
      await deleteCategory(db, request.params.id);
      return deleted(request);
    },
  );
  app.put(
    "/af/categories/order",
    {
      onRequest: categoryManager,
      schema: {
        tags,
        security,
        summary: "Order the categories",
        body: catalogOrderBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await structure.reorder(db, "categories", null, request.body.ids);
      return saved(request);
    },
  );
};
