/**
 * The shop's routes (endpoints listed in packages/contract/src/schemas/shop.ts) and its registration
 * with commerce as the seller of printed books.
 */
import {
  adminProduct,
  adminProductList,
  adminProductQuery,
  distributorInput,
  distributorList,
  errorBody,
  idParam,
  messageBody,
  messages,
  notesOfferChoices,
  productDetail,
  productInput,
  productList,
  productListQuery,
  shipmentList,
  shipmentQuery,
  shipmentUpdateInput,
  shopCategoryInput,
  shopCategoryList,
  shopSaved,
  stockAdjusted,
  stockAdjustmentInput,
  stockOverview,
  stockReceiveInput,
  stockRequestInput,
  stockRequestList,
  stockRequestQuery,
  translate,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { invalidateShop, shopCached } from "../catalog/catalog-cache.service";
import { nextPageUrl } from "../http/paging";
import { sendStoredFile } from "../http/send-file";
import { readSubmission } from "../http/submission";
import { listShipments, updateShipment } from "./fulfilment.service";
import { productImage, productImageUpload, removeProductImage, uploadProductImage } from "./images";
import {
  adjustStock,
  adminCategories,
  adminDistributors,
  adminProducts,
  cancelStockRequest,
  createProduct,
  createStockRequest,
  deleteCategory,
  deleteDistributor,
  deleteProduct,
  adminProduct as findAdminProduct,
  listStockRequests,
  notesOfferChoices as offerChoices,
  stockOverview as overview,
  receiveStockRequest,
  saveCategory,
  saveDistributor,
  updateProduct,
} from "./shop.admin.service";
import { shopPolicy } from "./shop.policy";
import { productDetail as findProduct, listProducts, publicCategories } from "./shop.service";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // A shop administration write drops the public pages' short cache, before and after it commits.
  const dropShopCache = async (request: { method: string }) => {
    if (request.method !== "GET" && request.method !== "HEAD") invalidateShop();
  };
  app.addHook("onRequest", dropShopCache);
  app.addHook("onResponse", dropShopCache);
  const say = (language: "en" | "es", key: string) => translate(messages, language, key);

  /* ------------------------------------------------------------- public */
  {
    const tags = ["shop"];
    app.get(
      "/shop/products",
      {
        schema: {
          tags,
          summary: "Shop products: all, available (in stock) or top (best sellers)",
          querystring: productListQuery,
          response: { 200: productList, 422: errorBody },
        },
      },
      async (request) => {
        const { query, language } = request;
        const { rows, total } = await shopCached(db, `list:${language}:${JSON.stringify(query)}`, () =>
          listProducts(db, query, language),
        );
        return {
          data: rows,
          total,
          next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
        };
      },
    );
    app.get(
      "/shop/products/:id",
      {
        schema: {
          tags,
          summary: "A product with its bindings and stock",
          params,
          response: { 200: productDetail, 404: errorBody },
        },
      },
      async (request) =>
        shopCached(db, `product:${request.params.id}:${request.language}`, () =>
          findProduct(db, request.params.id, request.language),
        ),
    );
    app.get(
      "/shop/products/:id/image",
      { schema: { tags, summary: "A product's cover image", params } },
      async (request, reply) => {
        const { file, mimeType } = await productImage(app.deps, request.params.id);
        return sendStoredFile(request, reply, file, {
          type: mimeType,
          cacheControl: "public, max-age=86400",
        });
      },
    );
    app.get(
      "/shop/categories",
      { schema: { tags, summary: "Active shop categories", response: { 200: shopCategoryList } } },
      async (request) => ({ data: await publicCategories(db, request.language) }),
    );
  }

  /* -------------------------------------------------------------- admin */
  const onRequest = app.authorize(shopPolicy, "manage");
  const tags = ["shop administration"];
  const security = [{ bearer: [] }];

  app.get(
    "/af/products",
    {
      onRequest,
      schema: {
        tags,
        security,
        querystring: adminProductQuery,
        response: { 200: adminProductList, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await adminProducts(db, request.query);
      return {
        data: rows,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.post(
    "/af/products",
    {
      onRequest,
      schema: { tags, security, body: productInput, response: { 201: adminProduct, ...errors } },
    },
    async (request, reply) => {
      const id = await createProduct(db, auditActor(request), request.body);
      return reply.code(201).send(await findAdminProduct(db, id));
    },
  );
  app.get(
    "/af/products/:id",
    { onRequest, schema: { tags, security, params, response: { 200: adminProduct, ...errors } } },
    async (request) => findAdminProduct(db, request.params.id),
  );
  app.put(
    "/af/products/:id",
    {
      onRequest,
      schema: { tags, security, params, body: productInput, response: { 200: adminProduct, ...errors } },
    },
    async (request) => {
      await updateProduct(db, auditActor(request), request.params.id, request.body);
      return findAdminProduct(db, request.params.id);
    },
  );
  app.delete(
    "/af/products/:id",
    { onRequest, schema: { tags, security, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const outcome = await deleteProduct(db, auditActor(request), request.params.id);
      return {
        message: say(
          request.language,
          outcome === "deleted" ? "shop.productDeleted" : "shop.productHasSales",
        ),
      };
    },
  );
  app.post(
    "/af/products/:id/image",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Upload the cover (multipart `image`)",
        multipart: { files: ["image"] },
        params,
        response: { 200: adminProduct, ...errors, 413: errorBody },
      },
    },
    async (request) => {
      await uploadProductImage(
        app.deps,
        auditActor(request),
        request.params.id,
        await readSubmission(request, productImageUpload),
      );
      return findAdminProduct(db, request.params.id);
    },
  );
  app.delete(
    "/af/products/:id/image",
    { onRequest, schema: { tags, security, params, response: { 200: adminProduct, ...errors } } },
    async (request) => {
      await removeProductImage(app.deps, auditActor(request), request.params.id);
      return findAdminProduct(db, request.params.id);
    },
  );
  app.put(
    "/af/products/:id/bindings/:bindingId/stock",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Set a binding's stock after a count (audited)",
        params: z.object({ id: idParam, bindingId: idParam }),
        body: stockAdjustmentInput,
        response: { 200: stockAdjusted, ...errors },
      },
    },
    async (request) => ({
      stock: await adjustStock(
        db,
        auditActor(request),
        request.params.id,
        request.params.bindingId,
        request.body,
      ),
    }),
  );
  app.get(
    "/af/notes-offers",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "E-notes offers a digital product can be sold through",
        response: { 200: notesOfferChoices, ...errors },
      },
    },
    async () => ({ data: await offerChoices(db) }),
  );
  app.get(
    "/af/products-overview",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Stock levels per binding, lowest first",
        response: { 200: stockOverview, ...errors },
      },
    },
    async (request) => overview(db, request.language),
  );

  app.get(
    "/af/shop-categories",
    { onRequest, schema: { tags, security, response: { 200: shopCategoryList, ...errors } } },
    async () => ({ data: await adminCategories(db) }),
  );
  app.post(
    "/af/shop-categories",
    {
      onRequest,
      schema: { tags, security, body: shopCategoryInput, response: { 201: shopSaved, ...errors } },
    },
    async (request, reply) => {
      const id = await saveCategory(db, auditActor(request), null, request.body);
      return reply.code(201).send({ id, message: say(request.language, "shop.saved") });
    },
  );
  app.put(
    "/af/shop-categories/:id",
    {
      onRequest,
      schema: { tags, security, params, body: shopCategoryInput, response: { 200: shopSaved, ...errors } },
    },
    async (request) => ({
      id: await saveCategory(db, auditActor(request), request.params.id, request.body),
      message: say(request.language, "shop.saved"),
    }),
  );
  app.delete(
    "/af/shop-categories/:id",
    { onRequest, schema: { tags, security, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await deleteCategory(db, auditActor(request), request.params.id);
      return { message: say(request.language, "shop.categoryDeleted") };
    },
  );

  app.get(
    "/af/shop-distributors",
    { onRequest, schema: { tags, security, response: { 200: distributorList, ...errors } } },
    async () => ({ data: await adminDistributors(db) }),
  );
  app.post(
    "/af/shop-distributors",
    {
      onRequest,
      schema: { tags, security, body: distributorInput, response: { 201: shopSaved, ...errors } },
    },
    async (request, reply) => {
      const id = await saveDistributor(db, auditActor(request), null, request.body);
      return reply.code(201).send({ id, message: say(request.language, "shop.saved") });
    },
  );
  app.put(
    "/af/shop-distributors/:id",
    {
      onRequest,
      schema: { tags, security, params, body: distributorInput, response: { 200: shopSaved, ...errors } },
    },
    async (request) => ({
      id: await saveDistributor(db, auditActor(request), request.params.id, request.body),
      message: say(request.language, "shop.saved"),
    }),
  );
  app.delete(
    "/af/shop-distributors/:id",
    { onRequest, schema: { tags, security, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await deleteDistributor(db, auditActor(request), request.params.id);
      return { message: say(request.language, "shop.distributorDeleted") };
    },
  );

  app.get(
    "/af/stock-requests",
    {
      onRequest,
      schema: {
        tags,
        security,
        querystring: stockRequestQuery,
        response: { 200: stockRequestList, ...errors },
      },
    },
    async (request) => ({ data: await listStockRequests(db, request.query.status, request.language) }),
  );
  app.post(
    "/af/stock-requests",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Ask a distributor for more copies",
        body: stockRequestInput,
        response: { 201: shopSaved, ...errors },
      },
    },
    async (request, reply) => {
      const id = await createStockRequest(db, auditActor(request), request.body);
      return reply.code(201).send({ id, message: say(request.language, "shop.saved") });
    },
  );
  app.post(
    "/af/stock-requests/:id/receive",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Receive the copies into stock",
        params,
        body: stockReceiveInput,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await receiveStockRequest(db, auditActor(request), request.params.id, request.body.received_quantity);
      return { message: say(request.language, "shop.saved") };
    },
  );
  app.post(
    "/af/stock-requests/:id/cancel",
    { onRequest, schema: { tags, security, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await cancelStockRequest(db, auditActor(request), request.params.id);
      return { message: say(request.language, "shop.saved") };
    },
  );

  app.get(
    "/af/shipments",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Physical orders to fulfil",
        querystring: shipmentQuery,
        response: { 200: shipmentList, ...errors },
      },
    },
    async (request) => ({ data: await listShipments(db, request.query.status, request.query.sort) }),
  );
  app.put(
    "/af/shipments/:id",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Mark an order packed, shipped (tracking reference) or delivered",
        params,
        body: shipmentUpdateInput,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await updateShipment(app.deps, auditActor(request), request.params.id, request.body);
      return { message: say(request.language, "shop.saved") };
    },
  );
};
