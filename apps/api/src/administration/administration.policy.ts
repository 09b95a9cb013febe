/**
 * Who runs the administration of administrators (spec section 3): head administrators, in /ha, keep
 * the administrators (their permission groups, accounts, invitations and the creation requests they
 * file); master administrators, in /ma, keep the head administrators, decide the creation requests
 * and may disable any administrator but themselves.
 */
import { Role } from "@aprendo/contract";
import { definePolicy, roles } from "../http/policy";

export const administrationPolicy = definePolicy("administration", {
  /** The head administrators' area: dashboard, permission groups, administrator accounts, requests. */
  manageAdministrators: roles(Role.headAdmin),
  /** The master administrators' area: dashboard, creation requests, head administrators, every administrator. */
  superviseAdministration: roles(Role.masterAdmin),
});
