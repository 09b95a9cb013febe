/** The back office's review moderation beyond the list and hide/show (reviews.routes.ts): the reports. */
import { adminReviewReports, catalogIdParams } from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reviewsPolicy } from "./reviews.policy";
import { reviewReports } from "./reviews-moderation.service";

export const reviewModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    "/af/reviews/:id/reports",
    {
      // The same flag as the list and hide/show: whoever moderates reads why learners reported.
      onRequest: app.authorize(reviewsPolicy, "moderate"),
      schema: {
        tags: ["reviews"],
        security: [{ bearer: [] }],
        summary: "What the learners who reported a review said, newest first",
        params: catalogIdParams,
        response: { 200: adminReviewReports },
      },
    },
    async (request) => ({ data: await reviewReports(db, request.params.id) }),
  );
};
