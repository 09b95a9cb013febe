/** Who may do what with site-wide notices: writing and publishing them takes the notices flag. */
import { definePolicy, flags } from "../http/policy";

export const globalNotificationsPolicy = definePolicy("global-notifications", {
  /** List, write, publish and withdraw notices in /af. */
  manage: flags("isGlobalNotificationsManager"),
});
