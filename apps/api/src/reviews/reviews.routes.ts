/** Ratings and reviews; the endpoints are listed in contract schemas/reviews.ts. */
import {
  adminReviewList,
  adminReviewModerated,
  adminReviewQuery,
  catalogIdParams,
  courseReviewList,
  courseReviewQuery,
  messageBody,
  reviewEligibility,
  reviewHideRequest,
  reviewReportRequest,
  reviewRequest,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditActor } from "../audit/actor";
import { currentUser } from "../http/authenticate";
import { nextPageUrl } from "../http/paging";
import { reviewsPolicy } from "./reviews.policy";
import {
  adminListReviews,
  listReviews,
  moderateReview,
  myReview,
  reportReview,
  saveReview,
} from "./reviews.service";

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ["reviews"];
  const learner = app.authorize(reviewsPolicy, "write");
  const moderator = app.authorize(reviewsPolicy, "moderate");

  app.get(
    "/courses/:id/reviews",
    {
      onRequest: app.authorize(reviewsPolicy, "read"),
      schema: {
        tags,
        summary: "A title's visible reviews, newest first (rating: only that many stars)",
        params: catalogIdParams,
        querystring: courseReviewQuery,
        response: { 200: courseReviewList },
      },
    },
    async (request) => {
      const { page, per_page, rating } = request.query;
      const { data, total } = await listReviews(db, {
        courseId: request.params.id,
        user: request.user,
        rating,
        page,
        perPage: per_page,
      });
      return { data, total, next_page_url: nextPageUrl(request, page, per_page, total) };
    },
  );

  app.get(
    "/iu/courses/:id/review",
    {
      onRequest: learner,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "The learner's rating and review of a title, and whether they may rate it yet",
        params: catalogIdParams,
        response: { 200: reviewEligibility },
      },
    },
    async (request) => myReview(db, currentUser(request), request.params.id),
  );

  app.put(
    "/iu/courses/:id/review",
    {
      onRequest: learner,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "Rate a title 1-5 with an optional review (enrolled, past the progress share); edits the learner's own",
        params: catalogIdParams,
        body: reviewRequest,
        response: { 200: reviewEligibility },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await saveReview(db, user, request.params.id, request.body);
      return myReview(db, user, request.params.id);
    },
  );

  app.post(
    "/iu/reviews/:id/report",
    {
      onRequest: learner,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Report a review to the staff (once per learner and review)",
        params: catalogIdParams,
        body: reviewReportRequest,
        response: { 201: messageBody },
      },
    },
    async (request, reply) => {
      await reportReview(db, currentUser(request), request.params.id, request.body.reason);
      return reply.status(201).send({ message: request.t("review.reported") });
    },
  );

  app.get(
    "/af/reviews",
    {
      onRequest: moderator,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Reviews to moderate: reported (most reported first), hidden or all; by title and stars",
        querystring: adminReviewQuery,
        response: { 200: adminReviewList },
      },
    },
    async (request) => {
      const { filter, course_id, rating, sort, page, per_page } = request.query;
      const { data, total } = await adminListReviews(db, {
        filter,
        courseId: course_id,
        rating,
        sort,
        page,
        perPage: per_page,
        language: request.language,
      });
      return { data, total, next_page_url: nextPageUrl(request, page, per_page, total) };
    },
  );

  for (const action of ["hide", "show"] as const)
    app.put(
      `/af/reviews/:id/${action}`,
      {
        onRequest: moderator,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary:
            action === "hide"
              ? "Hide a review with a reason (it leaves the title's page and rating; audited)"
              : "Show a hidden review again (audited)",
          params: catalogIdParams,
          ...(action === "hide" ? { body: reviewHideRequest } : {}),
          response: { 200: adminReviewModerated },
        },
      },
      async (request) => {
        const body = request.body as { reason?: string } | undefined;
        const review = await moderateReview(db, auditActor(request), {
          reviewId: request.params.id,
          hide: action === "hide",
          reason: action === "hide" ? (body?.reason ?? null) : null,
          language: request.language,
        });
        return { ...review, message: request.t(action === "hide" ? "review.hidden" : "review.shown") };
      },
    );
};
