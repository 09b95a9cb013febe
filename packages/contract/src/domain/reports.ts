/**
 * The flags that open each report of the back office, the rule of the API and of
 * the pages alike. Head and master administrators read every report in their own areas. A file of its
 * own, so only the report pages' chunk carries it (the guards' permission table is in the first load).
 */
import type { PermissionName } from "./permissions";
import { Role } from "./roles";

export const reportAreaPermissions = {
  sales: ["isOrderManager"],
  refunds: ["isRefundsManager", "isAbleToViewRefunds"],
  coupons: ["isCouponManager"],
  learning: ["isCourseManager"],
  support: ["isTicketSystemManager", "isTicketTeamLeadership"],
} as const satisfies Record<string, readonly PermissionName[]>;
export type ReportAreaName = keyof typeof reportAreaPermissions;

/** The report areas a caller may open: an administrator's by their flags, every area for head and master administrators. */
export function reportAreasFor(roleId: number, granted: readonly PermissionName[]): ReportAreaName[] {
  const areas = Object.keys(reportAreaPermissions) as ReportAreaName[];
  if (roleId === Role.headAdmin || roleId === Role.masterAdmin) return areas;
  return areas.filter((area) => reportAreaPermissions[area].some((flag) => granted.includes(flag)));
}
