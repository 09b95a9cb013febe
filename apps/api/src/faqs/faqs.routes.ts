/** FAQs for readers (spec section 2: public /faqs, /faqs/{id}; learners /iu/faqs) and their administration. */
import {
  errorBody,
  faqCategoryPublicList,
  faqListQuery,
  faqPublicDetail,
  faqPublicList,
  idParam,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { faqAdminRoutes } from "./faqs.admin.routes";
import { faqsPolicy } from "./faqs.policy";
import { publicCategories, publicFaq, publicFaqs } from "./faqs.service";

const params = z.object({ id: idParam });

export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same reading endpoints for guests and for learners (who stay inside /iu).
  for (const [prefix, onRequest] of [
    ["", undefined],
    ["/iu", app.authorize(faqsPolicy, "readAsLearner")],
  ] as const) {
    const tags = ["faqs"];
    const guard = onRequest ? { onRequest } : {};
    const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
    app.get(
      `${prefix}/faqs`,
      {
        ...guard,
        schema: {
          tags,
          summary: "Published FAQs grouped by category, with search",
          querystring: faqListQuery,
          response: { 200: faqPublicList, ...errors },
        },
      },
      async (request) => publicFaqs(app.deps.db, request.query),
    );
    app.get(
      `${prefix}/faqs/categories`,
      {
        ...guard,
        schema: { tags, summary: "FAQ categories", response: { 200: faqCategoryPublicList, ...errors } },
      },
      async () => ({ data: await publicCategories(app.deps.db) }),
    );
    app.get(
      `${prefix}/faqs/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: "One FAQ with related questions",
          params,
          response: { 200: faqPublicDetail, ...errors },
        },
      },
      async (request) => publicFaq(app.deps.db, request.params.id),
    );
  }
  await app.register(faqAdminRoutes);
};
