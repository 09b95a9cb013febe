/** Who reads the audit log: head administrators in /ha and master administrators in /ma (spec section 6). */
import { Role } from "@aprendo/contract";
import { definePolicy, roles } from "../http/policy";

export const auditPolicy = definePolicy("audit", {
  /** Search the log and its facets in the head administrators' area. */
  readAsHead: roles(Role.headAdmin),
  /** The same in the master administrators' area. */
  readAsMaster: roles(Role.masterAdmin),
});
