/** Who may do what with events: learners see and join them in /iu; event managers run them in /af. */
import { Role } from "@aprendo/contract";
import { definePolicy, flags, roles } from "../http/policy";

export const eventsPolicy = definePolicy("events", {
  /** See upcoming events, join and leave them, take the calendar. */
  attend: roles(Role.learner),
  /** Create, change, cancel events and read who joined. */
  manage: flags("isEventManager"),
});
