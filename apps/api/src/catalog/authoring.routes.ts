/**
 * Course authoring under /af: titles, levels, modules, lectures, FAQs, files, order and status;
 * categories; the lecture-notes access list. Every route names the permission flag it needs.
 */
import {
  adminCourse,
  adminCourseList,
  adminCourseListQuery,
  catalogCreated,
  courseInput,
  coursePatch,
  levelInput,
  levelPatch,
  moduleInput,
  modulePatch,
  publicationStatusBody,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { nextPageUrl } from "../http/paging";
import { uploadCover } from "./authoring.files";
import { authoringKit } from "./authoring.kit";
import * as authoring from "./authoring.service";
import { invalidateCatalog } from "./catalog-cache.service";
import { categoryAuthoringRoutes } from "./categories.routes";
import { lectureAuthoringRoutes } from "./lectures-authoring.routes";
import { queueCoursePublishedNotices } from "./notify-published";
import * as structure from "./structure.service";

export const authoringRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any authoring write may change what the catalogue cache holds: clear it before answering.
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") invalidateCatalog(app.deps.db);
    return payload;
  });
  await app.register(lectureAuthoringRoutes);
  await app.register(categoryAuthoringRoutes);
  const {
    db,
    courseManager,
    courseReader,
    statusManager,
    security,
    tags,
    params,
    upload,
    created,
    deleteRoute,
    orderRoute,
    addChildRoute,
    updateRoute,
  } = authoringKit(app);

  // ---------- titles ----------
  app.get(
    "/af/courses",
    {
      onRequest: courseReader,
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
      onRequest: courseManager,
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
      onRequest: courseReader,
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
      onRequest: courseManager,
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
      if (request.body.status === "published") await queueCoursePublishedNotices(app.deps, request.params.id);
      return authoring.adminCourse(db, request.params.id);
    },
  );
  deleteRoute("/af/courses/:id", "Delete a title without learners", (id) =>
    authoring.deleteCourse(app.deps, id),
  );
  app.put(
    "/af/courses/:id/status",
    {
      onRequest: statusManager,
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
      // The learners who asked are told by a job, never while the publisher waits (notify-published.ts).
      if (request.body.status === "published") await queueCoursePublishedNotices(app.deps, request.params.id);
      return authoring.adminCourse(db, request.params.id);
    },
  );
  app.post(
    "/af/courses/:id/cover",
    {
      onRequest: courseManager,
      config: upload,
      schema: {
        tags,
        security,
        summary: "Upload the cover (multipart `file`: JPEG, PNG or WebP, up to 5 MB)",
        multipart: { files: ["file"] },
        params,
        response: { 200: adminCourse },
      },
    },
    async (request) => {
      await uploadCover(app.deps, request.params.id, request);
      return authoring.adminCourse(db, request.params.id);
    },
  );

  // ---------- levels and modules ----------
  addChildRoute("/af/courses/:id/levels", "Add a level", levelInput, (courseId, input) =>
    structure.createLevel(db, courseId, input),
  );
  updateRoute("/af/levels/:id", "Rename or move a level", levelPatch, (id, input) =>
    structure.updateLevel(db, id, input),
  );
  deleteRoute("/af/levels/:id", "Delete a level with its modules and lectures", (id) =>
    structure.deleteLevel(app.deps, id),
  );
  orderRoute("/af/courses/:id/levels/order", "Order the levels (every id once)", "levels");
  addChildRoute("/af/levels/:id/modules", "Add a module to a level", moduleInput, (levelId, input) =>
    structure.createModule(db, levelId, input),
  );
  updateRoute("/af/modules/:id", "Rename or move a module", modulePatch, (id, input) =>
    structure.updateModule(db, id, input),
  );
  deleteRoute("/af/modules/:id", "Delete a module with its lectures", (id) =>
    structure.deleteModule(app.deps, id),
  );
  orderRoute("/af/levels/:id/modules/order", "Order a level's modules", "modules");
};
