/**
 * Who reads which report: in /af an administrator holding the area's flag
 * (`reportAreaPermissions`, the rule the menu and the pages use too) reads that area, and any area's
 * flag lists the areas; head administrators in /ha and master administrators in /ma read every area.
 */
import { adminPagePermissions, type ReportArea, Role, reportAreaPermissions } from "@aprendo/contract";
import { definePolicy, flags, roles } from "../http/policy";

export const reportsPolicy = definePolicy("reports", {
  /** /af: the list of the report areas the caller may open (any area's flag). */
  listAreas: flags(...adminPagePermissions.reports),
  readSales: flags(...reportAreaPermissions.sales),
  readRefunds: flags(...reportAreaPermissions.refunds),
  readCoupons: flags(...reportAreaPermissions.coupons),
  readLearning: flags(...reportAreaPermissions.learning),
  readSupport: flags(...reportAreaPermissions.support),
  /** /ha: every area, and their list. */
  readAsHead: roles(Role.headAdmin),
  /** /ma: every area, and their list. */
  readAsMaster: roles(Role.masterAdmin),
});
type ReportAction = keyof typeof reportsPolicy.rules;

const areaActions = {
  sales: "readSales",
  refunds: "readRefunds",
  coupons: "readCoupons",
  learning: "readLearning",
  support: "readSupport",
} as const satisfies Record<ReportArea, ReportAction>;

/** The three doors of the reports, with the action each asks for an area (or for the list of areas). */
export const reportDoors: ReadonlyArray<{
  prefix: string;
  action: (area: ReportArea | "any") => ReportAction;
}> = [
  { prefix: "/af", action: (area) => (area === "any" ? "listAreas" : areaActions[area]) },
  { prefix: "/ha", action: () => "readAsHead" },
  { prefix: "/ma", action: () => "readAsMaster" },
];
