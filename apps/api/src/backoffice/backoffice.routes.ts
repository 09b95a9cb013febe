/** The back office's dashboard, users, configuration, institutions and login issues, mounted as one feature plugin. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { configurationAdminRoutes } from "../config/configurations.admin";
import { dashboardRoutes } from "./dashboard/dashboard.routes";
import { institutionRoutes } from "./institutions/institutions.routes";
import { loginIssueRoutes } from "./login-issues/login-issues.routes";
import { userAdminRoutes } from "./users/users.routes";

export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(dashboardRoutes);
  await app.register(userAdminRoutes);
  await app.register(configurationAdminRoutes);
  await app.register(institutionRoutes);
  await app.register(loginIssueRoutes);
};
