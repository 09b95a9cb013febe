/** Commerce and payments, mounted under /api (endpoints: packages/contract/src/schemas/commerce.ts). */
import type { FastifyPluginAsync } from "fastify";
import { paymentRoutes } from "../payments/payments.routes";
import { accountRoutes } from "./account.routes";
import { commerceAdminRoutes } from "./admin.routes";
import { cartRoutes } from "./cart.routes";
import { checkoutRoutes } from "./checkout.routes";
import { salaryScaleRoutes } from "./salary-scales.routes";

export const commerceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(paymentRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutRoutes);
  await app.register(accountRoutes);
  await app.register(commerceAdminRoutes);
  await app.register(salaryScaleRoutes);
};
