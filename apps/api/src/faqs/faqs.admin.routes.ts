/** FAQ administration: categories (FAQ category manager) and entries (FAQ manager), spec sections 2 and 6. */
import {
  errorBody,
  faqCategoryEnvelope,
  faqCategoryInput,
  faqCategoryList,
  faqEntryAdminQuery,
  faqEntryEnvelope,
  faqEntryInput,
  faqEntryList,
  idParam,
  messageBody,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pagedList } from "../http/paging";
import { faqsPolicy } from "./faqs.policy";
import {
  createCategory,
  createEntry,
  deleteCategory,
  deleteEntry,
  getCategory,
  getEntry,
  listCategories,
  listEntries,
  updateCategory,
  updateEntry,
} from "./faqs.service";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export const faqAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  {
    const onRequest = app.authorize(faqsPolicy, "manageCategories");
    const tags = ["faq administration"];
    const path = "/af/faqs/categories";
    app.get(
      path,
      {
        // FAQ managers choose an entry's category from this list: reading it is theirs too.
        onRequest: app.authorize(faqsPolicy, "listCategories"),
        schema: { tags, response: { 200: faqCategoryList, ...errors } },
      },
      async () => ({
        data: await listCategories(db),
      }),
    );
    app.post(
      path,
      {
        onRequest,
        schema: { tags, body: faqCategoryInput, response: { 201: faqCategoryEnvelope, ...errors } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ message: request.t("faqs.categorySaved"), data: await createCategory(db, request.body) }),
    );
    app.get(
      `${path}/:id`,
      { onRequest, schema: { tags, params, response: { 200: faqCategoryEnvelope, ...errors } } },
      async (request) => ({ data: await getCategory(db, request.params.id) }),
    );
    app.put(
      `${path}/:id`,
      {
        onRequest,
        schema: { tags, params, body: faqCategoryInput, response: { 200: faqCategoryEnvelope, ...errors } },
      },
      async (request) => ({
        message: request.t("faqs.categorySaved"),
        data: await updateCategory(db, request.params.id, request.body),
      }),
    );
    app.delete(
      `${path}/:id`,
      { onRequest, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await deleteCategory(db, request.params.id);
        return { message: request.t("faqs.categoryDeleted") };
      },
    );
  }

  {
    const onRequest = app.authorize(faqsPolicy, "manageEntries");
    const tags = ["faq administration"];
    const path = "/af/faqs/entries";
    app.get(
      path,
      {
        onRequest,
        schema: { tags, querystring: faqEntryAdminQuery, response: { 200: faqEntryList, ...errors } },
      },
      async (request) => pagedList(request, request.query, await listEntries(db, request.query)),
    );
    app.post(
      path,
      {
        onRequest,
        schema: { tags, body: faqEntryInput, response: { 201: faqEntryEnvelope, ...errors } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ message: request.t("faqs.entrySaved"), data: await createEntry(db, request.body) }),
    );
    app.get(
      `${path}/:id`,
      { onRequest, schema: { tags, params, response: { 200: faqEntryEnvelope, ...errors } } },
      async (request) => ({ data: await getEntry(db, request.params.id) }),
    );
    app.put(
      `${path}/:id`,
      {
        onRequest,
        schema: { tags, params, body: faqEntryInput, response: { 200: faqEntryEnvelope, ...errors } },
      },
      async (request) => ({
        message: request.t("faqs.entrySaved"),
        data: await updateEntry(db, request.params.id, request.body),
      }),
    );
    app.delete(
      `${path}/:id`,
      { onRequest, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      async (request) => {
        await deleteEntry(db, request.params.id);
        return { message: request.t("faqs.entryDeleted") };
      },
    );
  }
};
