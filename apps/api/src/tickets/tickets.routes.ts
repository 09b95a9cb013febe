/** Every ticket route: guest, learner, desk and subjects. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { helpdeskRoutes } from "./helpdesk.routes";
import { ticketSubjectRoutes } from "./subjects.routes";
import { deskTicketRoutes } from "./tickets.desk.routes";
import { guestTicketRoutes } from "./tickets.guest.routes";
import { learnerTicketRoutes } from "./tickets.learner.routes";
import { specialistTicketRoutes } from "./tickets.specialist.routes";

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(guestTicketRoutes);
  await app.register(learnerTicketRoutes);
  await app.register(deskTicketRoutes);
  await app.register(ticketSubjectRoutes);
  await app.register(specialistTicketRoutes);
  await app.register(helpdeskRoutes);
};
