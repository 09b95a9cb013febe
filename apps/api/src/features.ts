/**
 * The feature route plugins mounted under /api, in one list. A new feature adds one line here.
 */
import type { FastifyPluginAsync } from "fastify";
import { configurationRoutes } from "./config/configurations.routes";
import { healthRoutes } from "./health/health.routes";

// biome-ignore lint/suspicious/noExplicitAny: route plugins carry their own type providers
export const featureRoutes: FastifyPluginAsync<any>[] = [healthRoutes, configurationRoutes];
