/**
 * The salary-scale back office (isSalaryScaleManager): countries' scales with their effective dates,
 * household income categories, and the review of learners' declarations (also from the user's page).
 */
import {
  errorBody,
  householdIncomeCategory,
  householdIncomeCategoryInput,
  householdIncomeCategoryList,
  idParam,
  messageBody,
  salaryScale,
  salaryScaleDeclarationList,
  salaryScaleDeclarationQuery,
  salaryScaleInput,
  salaryScaleList,
  salaryScaleReviewInput,
  salaryScaleReviewResult,
  userSalaryScale,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { nextPageUrl } from "../http/paging";
import { commercePolicy } from "./commerce.policy";
import {
  deleteCategory,
  deleteScale,
  getScale,
  listCategories,
  listDeclarations,
  listScales,
  reviewDeclaration,
  saveCategory,
  saveScale,
  userDeclaration,
} from "./salary-scales.service";

const tags = ["salary scales"];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const params = z.object({ id: idParam });

export const salaryScaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const onRequest = app.authorize(commercePolicy, "manageSalaryScales");

  app.get(
    "/af/salary-scales",
    { onRequest, schema: { tags, response: { 200: salaryScaleList, ...errors } } },
    async () => listScales(db),
  );
  app.post(
    "/af/salary-scales",
    { onRequest, schema: { tags, body: salaryScaleInput, response: { 201: salaryScale, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await saveScale(db, auditActor(request), null, request.body)),
  );
  app.get(
    "/af/salary-scales/:id",
    { onRequest, schema: { tags, params, response: { 200: salaryScale, ...errors } } },
    async (request) => getScale(db, request.params.id),
  );
  app.put(
    "/af/salary-scales/:id",
    {
      onRequest,
      schema: { tags, params, body: salaryScaleInput, response: { 200: salaryScale, ...errors } },
    },
    async (request) => saveScale(db, auditActor(request), request.params.id, request.body),
  );
  app.delete(
    "/af/salary-scales/:id",
    { onRequest, schema: { tags, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await deleteScale(db, auditActor(request), request.params.id);
      return { message: request.t("catalog.deleted") };
    },
  );

  app.get(
    "/af/household-income-categories",
    { onRequest, schema: { tags, response: { 200: householdIncomeCategoryList, ...errors } } },
    async (request) => listCategories(db, request.language),
  );
  app.post(
    "/af/household-income-categories",
    {
      onRequest,
      schema: {
        tags,
        body: householdIncomeCategoryInput,
        response: { 201: householdIncomeCategory, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await saveCategory(db, auditActor(request), null, request.body, request.language)),
  );
  app.put(
    "/af/household-income-categories/:id",
    {
      onRequest,
      schema: {
        tags,
        params,
        body: householdIncomeCategoryInput,
        response: { 200: householdIncomeCategory, ...errors },
      },
    },
    async (request) =>
      saveCategory(db, auditActor(request), request.params.id, request.body, request.language),
  );
  app.delete(
    "/af/household-income-categories/:id",
    { onRequest, schema: { tags, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await deleteCategory(db, auditActor(request), request.params.id);
      return { message: request.t("catalog.deleted") };
    },
  );

  app.get(
    "/af/salary-scale-declarations",
    {
      onRequest,
      schema: {
        tags,
        summary: "Learners' salary-scale declarations, newest first (filter by review status, search)",
        querystring: salaryScaleDeclarationQuery,
        response: { 200: salaryScaleDeclarationList, ...errors },
      },
    },
    async (request) => {
      const { data, total } = await listDeclarations(db, request.query, request.language);
      return {
        data,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.get(
    "/af/users/:id/salary-scale",
    {
      onRequest,
      schema: {
        tags,
        summary: "A learner's salary-scale declaration (data null: none)",
        params,
        response: { 200: userSalaryScale, ...errors },
      },
    },
    async (request) => ({ data: await userDeclaration(db, request.params.id, request.language) }),
  );
  app.post(
    "/af/users/:id/salary-scale/review",
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Confirm a learner's declaration, or reject it with a reason (no discount until they declare again)",
        params,
        body: salaryScaleReviewInput,
        response: { 200: salaryScaleReviewResult, ...errors },
      },
    },
    async (request) => {
      const data = await reviewDeclaration(
        db,
        auditActor(request),
        request.params.id,
        request.body,
        request.language,
      );
      return {
        message: request.t(
          request.body.decision === "reject"
            ? "commerce.salaryScaleRejected"
            : "commerce.salaryScaleConfirmed",
        ),
        data,
      };
    },
  );
};
