import { describe, expect, it } from "vitest";
import { adminPagePermissions } from "./permissions";
import { reportAreaPermissions, reportAreasFor } from "./reports";

describe("the reports' permissions", () => {
  it("open the menu's Reports entry with exactly the union of the areas' flags", () => {
    const union = new Set(Object.values(reportAreaPermissions).flat());
    expect(new Set(adminPagePermissions.reports)).toEqual(union);
  });

  it("give an administrator the areas of their flags and head and master administrators every area", () => {
    expect(reportAreasFor(3, ["isCouponManager", "isFaqManager"])).toEqual(["coupons"]);
    expect(reportAreasFor(3, ["isAbleToViewRefunds", "isTicketTeamLeadership"])).toEqual([
      "refunds",
      "support",
    ]);
    expect(reportAreasFor(3, [])).toEqual([]);
    expect(reportAreasFor(4, [])).toEqual(["sales", "refunds", "coupons", "learning", "support"]);
    expect(reportAreasFor(5, [])).toHaveLength(5);
  });
});
