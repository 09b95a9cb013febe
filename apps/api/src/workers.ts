/** Background job handlers of every feature, registered once at start. A feature adds its line here. */
import { registerAccountJobs } from "./accounts/erasure.service";
import { registerCoursePublishedJobs } from "./catalog/notify-published";
import { registerCommerceJobs } from "./commerce/expiry";
import { registerOrderPaidNoticeJob } from "./commerce/paid-notice";
import { receiptRenderers } from "./commerce/receipts";
import type { Deps } from "./context";
import { registerLearningMailJobs } from "./learning/reminders";
import { registerDeliveryJobs } from "./mail/delivery";
import { registerOutboxJobs } from "./mail/outbox-retention";
import { registerMediaJobs } from "./media/media.service";
import { registerPrivacyJobs } from "./privacy/privacy.jobs";
import { registerQuizJobs } from "./quizzes/quizzes.jobs";
import { registerShop } from "./shop/stock";
import { registerTicketJobs } from "./tickets/tickets.erasure";

export async function registerWorkers(deps: Deps): Promise<void> {
  // What commerce sells for other features, first: the expiry sweep below already releases printed
  // books, so the shop cannot wait for its routes to be mounted.
  registerShop();
  await registerAccountJobs(deps);
  await registerTicketJobs(deps);
  await registerQuizJobs(deps);
  await registerCommerceJobs(deps);
  await registerOrderPaidNoticeJob(deps);
  await registerCoursePublishedJobs(deps);
  await registerPrivacyJobs(deps);
  await registerOutboxJobs(deps);
  // Each feature that mails attachments names how to render them at delivery.
  await registerDeliveryJobs(deps, { ...receiptRenderers(deps) });
  await registerMediaJobs(deps);
  await registerLearningMailJobs(deps);
}
