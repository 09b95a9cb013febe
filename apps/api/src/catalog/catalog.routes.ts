/** Catalogue reads and enrolment: public pages (guests) and the learner area (/iu). */
import {
  catalogIdParams,
  categoryCourseList,
  courseCategoryList,
  courseDetail,
  courseExamList,
  courseList,
  courseListQuery,
  enrolResult,
  learningDashboard,
  messageBody,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { nextPageUrl } from "../http/paging";
import { sendStoredFile } from "../http/send-file";
import { reviewRoutes } from "../reviews/reviews.routes";
import { reviewModerationRoutes } from "../reviews/reviews-moderation.routes";
import { authoringRoutes } from "./authoring.routes";
import { catalogPolicy } from "./catalog.policy";
import {
  enrolInFreeCourse,
  findCategory,
  type ListScope,
  listCategories,
  listCourses,
  courseDetail as loadCourseDetail,
  learningDashboard as loadDashboard,
  visibleCover,
} from "./catalog.service";
import { courseExams } from "./exams.service";
import { publicCatalogueRoutes } from "./public-catalogue.routes";
import { wishlistRoutes } from "./wishlist.routes";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authoringRoutes);
  await app.register(reviewRoutes);
  await app.register(reviewModerationRoutes);
  await app.register(wishlistRoutes);
  await app.register(publicCatalogueRoutes);
  const { db } = app.deps;
  const learnerOrAdmin = app.authorize(catalogPolicy, "openTitle");
  const tags = ["catalogue"];

  const list = (path: string, scope: ListScope, summary: string, guest: boolean) =>
    app.get(
      path,
      {
        onRequest: app.authorize(catalogPolicy, guest ? "browse" : "learn"),
        schema: {
          tags,
          summary,
          querystring: courseListQuery,
          response: { 200: courseList },
        },
      },
      async (request) => {
        const { data, total } = await listCourses(db, {
          scope,
          query: request.query,
          language: request.language,
          user: request.user,
        });
        return {
          data,
          total,
          next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
        };
      },
    );

  list("/courses", "all", "Published and coming-soon titles (filters: category_id, q, status)", true);
  list("/iu/courses", "all", "Titles for the learner, with enrolment and progress", false);
  list("/iu/courses/enrolled", "enrolled", "The learner's titles with progress", false);
  list("/iu/courses/top", "top", "Published titles by number of learners", false);
  list("/iu/courses/coming-soon", "coming_soon", "Titles announced but not yet published", false);

  for (const path of ["/categories", "/iu/categories"])
    app.get(
      path,
      {
        schema: {
          tags,
          summary: "Categories with their number of listed titles",
          response: { 200: courseCategoryList },
        },
      },
      async (request) => ({ data: await listCategories(db, request.language) }),
    );

  app.get(
    "/iu/categories/:id/courses",
    {
      onRequest: app.authorize(catalogPolicy, "learn"),
      schema: {
        tags,
        summary: "Titles of a category (page /iu/categories/course/{id})",
        params: catalogIdParams,
        querystring: courseListQuery,
        response: { 200: categoryCourseList },
      },
    },
    async (request) => {
      const category = await findCategory(db, request.params.id, request.language);
      const query = { ...request.query, category_id: category.id };
      const { data, total } = await listCourses(db, {
        scope: "all",
        query,
        language: request.language,
        user: request.user,
      });
      return {
        category,
        data,
        total,
        next_page_url: nextPageUrl(request, query.page, query.per_page, total),
      };
    },
  );

  app.get(
    "/courses/:id",
    {
      onRequest: app.authorize(catalogPolicy, "browse"),
      schema: {
        tags,
        summary: "Public title page: outline, price and preview lectures",
        params: catalogIdParams,
        response: { 200: courseDetail },
      },
    },
    async (request) =>
      loadCourseDetail(db, { courseId: request.params.id, user: request.user, language: request.language }),
  );

  app.get(
    "/iu/courses/:id",
    {
      onRequest: learnerOrAdmin,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Title page with each lecture's state for the caller",
        params: catalogIdParams,
        response: { 200: courseDetail },
      },
    },
    async (request) =>
      loadCourseDetail(db, { courseId: request.params.id, user: request.user, language: request.language }),
  );

  app.get(
    "/iu/courses/:id/exams",
    {
      onRequest: learnerOrAdmin,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "The title's module and level exams with the learner's state (locked until the module or level is complete, attempts left, passed)",
        params: catalogIdParams,
        response: { 200: courseExamList },
      },
    },
    async (request) =>
      courseExams(db, {
        courseId: request.params.id,
        user: currentUser(request),
        language: request.language,
      }),
  );

  app.post(
    "/iu/courses/:id/enrol",
    {
      onRequest: app.authorize(catalogPolicy, "learn"),
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Enrol in a free title (a paid title answers 409: add it to the cart)",
        params: catalogIdParams,
        response: { 200: enrolResult, 201: enrolResult, 409: messageBody },
      },
    },
    async (request, reply) => {
      const result = await enrolInFreeCourse(db, currentUser(request), request.params.id, request.language);
      return reply
        .status(result.created ? 201 : 200)
        .send({ ...result.body, message: request.t(result.body.message) });
    },
  );

  app.get(
    "/iu/dashboard/learning",
    {
      onRequest: app.authorize(catalogPolicy, "learn"),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Continue where you left off, progress per title, recommendations",
        response: { 200: learningDashboard },
      },
    },
    async (request) => loadDashboard(db, currentUser(request), request.language),
  );

  app.get(
    "/courses/:id/cover",
    {
      onRequest: app.authorize(catalogPolicy, "browse"),
      schema: { tags, summary: "A title's cover image", params: catalogIdParams },
    },
    async (request, reply) => {
      const course = await visibleCover(db, request.user, request.params.id);
      const file = await app.deps.storage.get(course.key);
      if (!file) throw new AppError("not_found");
      return sendStoredFile(request, reply, file, {
        type: course.type ?? "application/octet-stream",
        // The URL carries a version (?v=updated time), so the image can be cached for long.
        cacheControl: course.status === "draft" ? "private, no-store" : "public, max-age=86400",
      });
    },
  );
};
