/** The cart (server copy and pricing) and the learner's salary-scale application. */
import {
  cartBody,
  errorBody,
  messageBody,
  mySalaryScale as mySalaryScaleSchema,
  pricedCart,
  pricingRequest,
  salaryScaleApplicationInput,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { getCart, putCart } from "./cart.service";
import { commercePolicy } from "./commerce.policy";
import { presentPricing, priceCart } from "./pricing";
import { applyForSalaryScale, mySalaryScale, withdrawSalaryScale } from "./salary-scales.service";

const tags = ["commerce"];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const learner = app.authorize(commercePolicy, "buy");

  app.get(
    "/iu/cart",
    {
      onRequest: learner,
      schema: { tags, summary: "The learner's server cart", response: { 200: cartBody, ...errors } },
    },
    async (request) => getCart(db, currentUser(request).id),
  );
  app.put(
    "/iu/cart",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "Save the cart (kept when the server's is newer)",
        body: cartBody,
        response: { 200: cartBody, ...errors },
      },
    },
    async (request) => putCart(db, currentUser(request).id, request.body),
  );
  app.post(
    "/iu/cart/price",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "Price the cart on the server: lines, salary scale, coupon, credit, totals",
        body: pricingRequest,
        response: { 200: pricedCart, ...errors },
      },
    },
    async (request) =>
      presentPricing(
        await priceCart(db, request.body, { userId: currentUser(request).id, language: request.language }),
        request.language,
      ),
  );
  app.post(
    "/cart/price",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Price a guest's cart (sponsorships; no salary scale, coupons need an account)",
        body: pricingRequest,
        response: { 200: pricedCart, 422: errorBody, 429: errorBody },
      },
    },
    async (request) =>
      presentPricing(
        await priceCart(db, request.body, { userId: null, language: request.language }),
        request.language,
      ),
  );

  app.get(
    "/iu/salary-scale",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "My salary-scale application and the choices",
        response: { 200: mySalaryScaleSchema, ...errors },
      },
    },
    async (request) => mySalaryScale(db, currentUser(request).id, request.language),
  );
  app.post(
    "/iu/salary-scale",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "Apply for the salary-scale discount (declaration required)",
        body: salaryScaleApplicationInput,
        response: { 200: mySalaryScaleSchema.extend({ message: messageBody.shape.message }), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await applyForSalaryScale(db, user.id, request.body);
      return {
        ...(await mySalaryScale(db, user.id, request.language)),
        message: request.t("commerce.salaryScaleSaved"),
      };
    },
  );
  app.delete(
    "/iu/salary-scale",
    {
      onRequest: learner,
      schema: {
        tags,
        summary: "Withdraw the salary-scale discount",
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      await withdrawSalaryScale(db, currentUser(request).id);
      return { message: request.t("commerce.salaryScaleWithdrawn") };
    },
  );
};
