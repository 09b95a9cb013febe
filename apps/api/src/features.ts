/**
 * The feature route plugins mounted under /api, in one list. A new feature adds one line here.
 */
import type { FastifyPluginAsync } from "fastify";
import { accountRoutes } from "./accounts/accounts.routes";
import { administrationRoutes } from "./administration/administration.routes";
import { advertRoutes } from "./adverts/adverts.routes";
import { authRoutes } from "./auth/auth.routes";
import { backofficeRoutes } from "./backoffice/backoffice.routes";
import { catalogRoutes } from "./catalog/catalog.routes";
import { commerceRoutes } from "./commerce/commerce.routes";
import { configurationRoutes } from "./config/configurations.routes";
import { ebookRoutes } from "./ebooks/ebooks.routes";
import { eventRoutes } from "./events/events.routes";
import { faqRoutes } from "./faqs/faqs.routes";
import { globalNotificationAdminRoutes } from "./global-notifications/global-notifications.routes";
import { healthRoutes } from "./health/health.routes";
import { learningRoutes } from "./learning/learning.routes";
import { libraryRoutes } from "./library/library.routes";
import { messagingRoutes } from "./mail/messaging.routes";
import { mediaRoutes } from "./media/hls.routes";
import { notificationRoutes } from "./notifications/notifications.routes";
import { preferencesRoutes } from "./preferences/preferences.routes";
import { privacyRoutes } from "./privacy/privacy.routes";
import { profileRoutes } from "./profile/profile.routes";
import { quizRoutes } from "./quizzes/quizzes.routes";
import { reportRoutes } from "./reports/reports.routes";
import { searchRoutes } from "./search/search.routes";
import { shopRoutes } from "./shop/shop.routes";
import { ticketRoutes } from "./tickets/tickets.routes";

// biome-ignore lint/suspicious/noExplicitAny: route plugins carry their own type providers
export const featureRoutes: FastifyPluginAsync<any>[] = [
  healthRoutes,
  configurationRoutes,
  authRoutes,
  accountRoutes,
  notificationRoutes,
  searchRoutes,
  preferencesRoutes,
  ticketRoutes,
  faqRoutes,
  eventRoutes,
  globalNotificationAdminRoutes,
  advertRoutes,
  catalogRoutes,
  learningRoutes,
  mediaRoutes,
  commerceRoutes,
  quizRoutes,
  profileRoutes,
  shopRoutes,
  administrationRoutes,
  backofficeRoutes,
  privacyRoutes,
  ebookRoutes,
  libraryRoutes,
  messagingRoutes,
  reportRoutes,
];
