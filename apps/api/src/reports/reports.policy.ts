/**
 * Who reads which report: in /af an administrator holding the area's flag
 * (`reportAreaPermissions`, the rule the menu and the pages use too); head administrators in /ha and
 * master administrators in /ma read every area.
 */
import {
  adminPagePermissions,
  type PermissionName,
  type ReportArea,
  Role,
  type RoleId,
  reportAreaPermissions,
} from "@aprendo/contract";
import type { FastifyInstance } from "fastify";

export const reportDoors = [
  { prefix: "/af", role: Role.admin },
  { prefix: "/ha", role: Role.headAdmin },
  { prefix: "/ma", role: Role.masterAdmin },
] as const satisfies ReadonlyArray<{ prefix: string; role: RoleId }>;
export type ReportDoor = (typeof reportDoors)[number];

/** The guard of a door: for administrators, the flags of one area (or of any area: the list of areas). */
export function reportGuard(app: FastifyInstance, door: ReportDoor, area: ReportArea | "any") {
  if (door.role !== Role.admin) return app.requireRole(door.role);
  const flags: readonly PermissionName[] =
    area === "any" ? adminPagePermissions.reports : reportAreaPermissions[area];
  return app.requirePermission(...flags);
}
