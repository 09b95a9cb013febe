/**
 * Course authoring under /af: titles, levels, modules, lectures, FAQs, files, order and status;
 * categories; the lecture-notes access list. Every route names the permission flag it needs.
 */
import {
  adminCourse,
  adminCourseCategoryList,
  adminCourseList,
  adminCourseListQuery,
  adminLecture,
  catalogCreated,
  catalogIdParams,
  catalogOrderBody,
  courseCategoryInput,
  courseCategoryPatch,
  courseInput,
  coursePatch,
  lectureEbookPatch,
  lectureFaqInput,
  lectureFaqPatch,
  lectureInput,
  lecturePatch,
  levelInput,
  levelPatch,
  messageBody,
  moduleInput,
  modulePatch,
  notesAccessGrant,
  notesAccessList,
  publicationStatusBody,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { deleteEbook, updateEbook, uploadCover, uploadEbook, uploadVideo } from "./authoring.files";
import * as authoring from "./authoring.service";
import { invalidateCatalog } from "./catalog.cache";
import { nextPageUrl } from "./catalog.text";
import {
  adminCategories,
  createCategory,
  deleteCategory,
  grantNotesAccess,
  listNotesAccess,
  revokeNotesAccess,
  updateCategory,
} from "./categories.service";

export const authoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  // Any authoring write may change what the catalogue cache holds: clear it before answering.
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") invalidateCatalog(db);
    return payload;
  });
  const courseManager = app.requirePermission("isCourseManager");
  const courseReader = app.requirePermission("isCourseManager", "isAbleToUpdateCourseStatus");
  const statusManager = app.requirePermission("isAbleToUpdateCourseStatus");
  const categoryManager = app.requirePermission("isCategoryManager");
  const security = [{ bearer: [] }];
  const tags = ["course authoring"];
  const params = catalogIdParams;
  const upload = { rateLimit: { max: 30, timeWindow: "1 minute" } };
  const saved = (request: { t: (m: string) => string }) => ({ message: request.t("catalog.saved") });
  const deleted = (request: { t: (m: string) => string }) => ({ message: request.t("catalog.deleted") });
  const created = (request: { t: (m: string) => string }, id: number) => ({
    id,
    message: request.t("catalog.saved"),
  });

  // ---------- titles ----------
  app.get(
    "/af/courses",
    {
      preHandler: courseReader,
      schema: {
        tags,
        security,
        summary: "All titles, any status",
        querystring: adminCourseListQuery,
        response: { 200: adminCourseList },
      },
    },
    async (request) => {
      const { data, total } = await authoring.adminListCourses(db, request.query);
      return {
        data,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.post(
    "/af/courses",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Create a title (a draft unless the caller may set the status)",
        body: courseInput,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(created(request, await authoring.createCourse(db, currentUser(request), request.body))),
  );
  app.get(
    "/af/courses/:id",
    {
      preHandler: courseReader,
      schema: {
        tags,
        security,
        summary: "A title with its whole outline, both languages",
        params,
        response: { 200: adminCourse },
      },
    },
    async (request) => authoring.adminCourse(db, request.params.id),
  );
  app.patch(
    "/af/courses/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Update a title (status only with isAbleToUpdateCourseStatus)",
        params,
        body: coursePatch,
        response: { 200: adminCourse },
      },
    },
    async (request) => {
      await authoring.updateCourse(db, currentUser(request), request.params.id, request.body);
      return authoring.adminCourse(db, request.params.id);
    },
  );
  app.delete(
    "/af/courses/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Delete a title without learners",
        params,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.deleteCourse(db, storage, request.params.id);
      return deleted(request);
    },
  );
  app.put(
    "/af/courses/:id/status",
    {
      preHandler: statusManager,
      schema: {
        tags,
        security,
        summary: "Publish, announce (coming soon) or withdraw a title",
        params,
        body: publicationStatusBody,
        response: { 200: adminCourse },
      },
    },
    async (request) => {
      await authoring.setCourseStatus(db, request.params.id, request.body.status);
      return authoring.adminCourse(db, request.params.id);
    },
  );
  app.post(
    "/af/courses/:id/cover",
    {
      preHandler: courseManager,
      config: upload,
      schema: {
        tags,
        security,
        summary: "Upload the cover (multipart `file`: JPEG, PNG or WebP, up to 5 MB)",
        params,
        response: { 200: adminCourse },
      },
    },
    async (request) => {
      await uploadCover(db, storage, request.params.id, request);
      return authoring.adminCourse(db, request.params.id);
    },
  );

  // ---------- levels and modules ----------
  app.post(
    "/af/courses/:id/levels",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Add a level",
        params,
        body: levelInput,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(created(request, await authoring.createLevel(db, request.params.id, request.body))),
  );
  app.patch(
    "/af/levels/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Rename or move a level",
        params,
        body: levelPatch,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.updateLevel(db, request.params.id, request.body);
      return saved(request);
    },
  );
  app.delete(
    "/af/levels/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Delete a level with its modules and lectures",
        params,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.deleteLevel(db, storage, request.params.id);
      return deleted(request);
    },
  );
  app.put(
    "/af/courses/:id/levels/order",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Order the levels (every id once)",
        params,
        body: catalogOrderBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.reorder(db, "levels", request.params.id, request.body.ids);
      return saved(request);
    },
  );
  app.post(
    "/af/levels/:id/modules",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Add a module to a level",
        params,
        body: moduleInput,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(created(request, await authoring.createModule(db, request.params.id, request.body))),
  );
  app.patch(
    "/af/modules/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Rename or move a module",
        params,
        body: modulePatch,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.updateModule(db, request.params.id, request.body);
      return saved(request);
    },
  );
  app.delete(
    "/af/modules/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Delete a module with its lectures",
        params,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.deleteModule(db, storage, request.params.id);
      return deleted(request);
    },
  );
  app.put(
    "/af/levels/:id/modules/order",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Order a level's modules",
        params,
        body: catalogOrderBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.reorder(db, "modules", request.params.id, request.body.ids);
      return saved(request);
    },
  );

  // ---------- lectures ----------
  app.post(
    "/af/modules/:id/lectures",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Add a lecture to a module",
        params,
        body: lectureInput,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          created(
            request,
            await authoring.createLecture(db, currentUser(request), request.params.id, request.body),
          ),
        ),
  );
  app.get(
    "/af/lectures/:id",
    {
      preHandler: courseReader,
      schema: {
        tags,
        security,
        summary: "A lecture with its video, e-books and FAQs, both languages",
        params,
        response: { 200: adminLecture },
      },
    },
    async (request) => authoring.adminLecture(app.deps, currentUser(request), request.params.id),
  );
  app.patch(
    "/af/lectures/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Update a lecture (status only with isAbleToUpdateCourseStatus)",
        params,
        body: lecturePatch,
        response: { 200: adminLecture },
      },
    },
    async (request) => {
      await authoring.updateLecture(db, currentUser(request), request.params.id, request.body);
      return authoring.adminLecture(app.deps, currentUser(request), request.params.id);
    },
  );
  app.delete(
    "/af/lectures/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Delete a lecture and its files",
        params,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.deleteLecture(db, storage, request.params.id);
      return deleted(request);
    },
  );
  app.put(
    "/af/lectures/:id/status",
    {
      preHandler: statusManager,
      schema: {
        tags,
        security,
        summary: "Publish, announce or withdraw a lecture",
        params,
        body: publicationStatusBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.setLectureStatus(db, request.params.id, request.body.status);
      return saved(request);
    },
  );
  app.put(
    "/af/modules/:id/lectures/order",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Order a module's lectures",
        params,
        body: catalogOrderBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.reorder(db, "lectures", request.params.id, request.body.ids);
      return saved(request);
    },
  );
  app.post(
    "/af/lectures/:id/video",
    {
      preHandler: courseManager,
      config: upload,
      schema: {
        tags,
        security,
        summary:
          "Upload the video (multipart: optional `duration_seconds`, then `file`: MP4 or WebM, up to 200 MB)",
        params,
        response: { 200: adminLecture },
      },
    },
    async (request) => {
      await uploadVideo(db, storage, request.params.id, request);
      return authoring.adminLecture(app.deps, currentUser(request), request.params.id);
    },
  );
  app.post(
    "/af/lectures/:id/ebooks",
    {
      preHandler: courseManager,
      config: upload,
      schema: {
        tags,
        security,
        summary:
          "Add an e-book (multipart: `title_en`, `title_es`, optional `pages`, then `file`: PDF up to 30 MB)",
        params,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(created(request, await uploadEbook(db, storage, request.params.id, request))),
  );
  app.patch(
    "/af/ebooks/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Rename or move an e-book",
        params,
        body: lectureEbookPatch,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await updateEbook(db, request.params.id, request.body);
      return saved(request);
    },
  );
  app.delete(
    "/af/ebooks/:id",
    {
      preHandler: courseManager,
      schema: { tags, security, summary: "Remove an e-book", params, response: { 200: messageBody } },
    },
    async (request) => {
      await deleteEbook(db, storage, request.params.id);
      return deleted(request);
    },
  );
  app.post(
    "/af/lectures/:id/faqs",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Add a FAQ to a lecture",
        params,
        body: lectureFaqInput,
        response: { 201: catalogCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(created(request, await authoring.createFaq(db, request.params.id, request.body))),
  );
  app.patch(
    "/af/lecture-faqs/:id",
    {
      preHandler: courseManager,
      schema: {
        tags,
        security,
        summary: "Edit a lecture FAQ",
        params,
        body: lectureFaqPatch,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.updateFaq(db, request.params.id, request.body);
      return saved(request);
    },
  );
  app.delete(
    "/af/lecture-faqs/:id",
    {
      preHandler: courseManager,
      schema: { tags, security, summary: "Delete a lecture FAQ", params, response: { 200: messageBody } },
    },
    async (request) => {
      await authoring.deleteFaq(db, request.params.id);
      return deleted(request);
    },
  );

  // ---------- lecture-notes access list ----------
  app.get(
    "/af/courses/:id/notes-access",
    {
      preHandler: courseManager,
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
      preHandler: courseManager,
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
      preHandler: courseManager,
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
      preHandler: app.requirePermission("isCategoryManager", "isCourseManager"),
      schema: {
        tags,
        security,
        summary: "Categories with both names",
        response: { 200: adminCourseCategoryList },
      },
    },
    async () => adminCategories(db),
  );
  app.post(
    "/af/categories",
    {
      preHandler: categoryManager,
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
      preHandler: categoryManager,
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
      preHandler: categoryManager,
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
      preHandler: categoryManager,
      schema: {
        tags,
        security,
        summary: "Order the categories",
        body: catalogOrderBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.reorder(db, "categories", null, request.body.ids);
      return saved(request);
    },
  );
};
