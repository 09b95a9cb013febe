/** Who reads the back office's dashboard and the platform's user counts: any administrator of /af. */
import { Role } from "@aprendo/contract";
import { definePolicy, roles } from "../../http/policy";

export const dashboardPolicy = definePolicy("dashboard", {
  /** The morning figures and the counts of users, whatever the administrator's flags. */
  read: roles(Role.admin),
});
