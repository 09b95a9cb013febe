/**
 * The commerce back office: coupons, transactions, orders, refunds, sponsorships and a user's
 * purchase history, each behind its permission flag (salary scales: salary-scales.routes.ts).
 */
import {
  adminOrder,
  adminOrderList,
  adminOrderQuery,
  coupon,
  couponInput,
  couponList,
  couponListQuery,
  errorBody,
  idParam,
  messageBody,
  pageQuery,
  purchaseList,
  refundCreated,
  refundInput,
  refundList,
  refundListQuery,
  sponsorshipList,
  sponsorshipListQuery,
  transactionList,
  transactionQuery,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { nextPageUrl } from "../http/paging";
import { userPurchaseHistory } from "./admin.service";
import { commercePolicy } from "./commerce.policy";
import { deleteCoupon, getCoupon, listCoupons, presentCoupon, saveCoupon } from "./coupons.service";
import { getOrder, listOrders, listTransactions } from "./orders.service";
import { createRefund, listRefunds } from "./refunds.service";
import { adminSponsorships } from "./sponsorships.service";

const tags = ["commerce admin"];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const params = z.object({ id: idParam });

export const commerceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  const couponManager = app.authorize(commercePolicy, "manageCoupons");

  // Coupons
  app.get(
    "/af/coupons",
    {
      onRequest: couponManager,
      schema: { tags, querystring: couponListQuery, response: { 200: couponList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await listCoupons(db, request.query);
      return {
        data: rows,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.post(
    "/af/coupons",
    { onRequest: couponManager, schema: { tags, body: couponInput, response: { 201: coupon, ...errors } } },
    async (request, reply) => {
      reply.status(201);
      return saveCoupon(db, null, request.body);
    },
  );
  app.get(
    "/af/coupons/:id",
    { onRequest: couponManager, schema: { tags, params, response: { 200: coupon, ...errors } } },
    async (request) => presentCoupon(await getCoupon(db, request.params.id)),
  );
  app.put(
    "/af/coupons/:id",
    {
      onRequest: couponManager,
      schema: { tags, params, body: couponInput, response: { 200: coupon, ...errors } },
    },
    async (request) => saveCoupon(db, request.params.id, request.body),
  );
  app.delete(
    "/af/coupons/:id",
    { onRequest: couponManager, schema: { tags, params, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await deleteCoupon(db, request.params.id);
      return { message: request.t("catalog.deleted") };
    },
  );

  // Transactions, orders, refunds
  app.get(
    "/af/transactions",
    {
      onRequest: app.authorize(commercePolicy, "viewOrders"),
      schema: { tags, querystring: transactionQuery, response: { 200: transactionList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await listTransactions(db, request.query);
      return {
        data: rows,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.get(
    "/af/orders",
    {
      onRequest: app.authorize(commercePolicy, "manageOrders"),
      schema: { tags, querystring: adminOrderQuery, response: { 200: adminOrderList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await listOrders(db, request.query);
      return {
        data: rows,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.get(
    "/af/orders/:id",
    {
      onRequest: app.authorize(commercePolicy, "viewOrders"),
      schema: { tags, params, response: { 200: adminOrder, ...errors } },
    },
    async (request) => getOrder(db, request.params.id, request.language),
  );
  app.get(
    "/af/refunds",
    {
      onRequest: app.authorize(commercePolicy, "viewRefunds"),
      schema: { tags, querystring: refundListQuery, response: { 200: refundList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await listRefunds(db, request.query);
      return {
        data: rows,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.post(
    "/af/refunds",
    {
      onRequest: app.authorize(commercePolicy, "refund"),
      schema: {
        tags,
        body: refundInput,
        response: { 201: refundCreated, ...errors, 502: errorBody },
      },
    },
    async (request, reply) => {
      const result = await createRefund(deps, currentUser(request), request.body);
      reply.status(201);
      return { message: request.t(result.message), refund: result.refund };
    },
  );

  // Sponsorships and a user's purchase history
  app.get(
    "/af/sponsorships",
    {
      onRequest: app.authorize(commercePolicy, "manageSponsorships"),
      schema: { tags, querystring: sponsorshipListQuery, response: { 200: sponsorshipList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await adminSponsorships(db, request.query, request.language);
      return {
        data: rows,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
  app.get(
    "/af/users/:id/purchases",
    {
      onRequest: app.authorize(commercePolicy, "viewPurchaseHistory"),
      schema: { tags, params, querystring: pageQuery, response: { 200: purchaseList, ...errors } },
    },
    async (request) => {
      const { rows, total } = await userPurchaseHistory(
        db,
        request.params.id,
        request.query,
        request.language,
      );
      return {
        data: rows,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );
};
