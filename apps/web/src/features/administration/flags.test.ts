import {
  type AdminPage,
  adminPagePermissions,
  canOpenAdminPage,
  type PermissionName,
  permissionNames,
} from "@aprendo/contract/domain";
import { describe, expect, it } from "vitest";
import { flagSections, pagesOpenedBy, pagesOpenedByIds } from "./flags";
import en from "./i18n/en.json";
import es from "./i18n/es.json";

describe("flag sections", () => {
  it("place each of the 30 flags exactly once", () => {
    const placed = flagSections.flatMap((s) => s.flags as readonly PermissionName[]);
    expect(placed).toHaveLength(30);
    expect([...placed].sort()).toEqual([...permissionNames].sort());
  });

  it("name every flag, section and page in English and Spanish", () => {
    for (const flag of permissionNames) {
      expect(en.flags[flag as keyof typeof en.flags]).toBeTruthy();
      expect(es.flags[flag as keyof typeof es.flags]).toBeTruthy();
    }
    for (const page of Object.keys(adminPagePermissions)) {
      expect(en.pages[page as keyof typeof en.pages]).toBeTruthy();
      expect(es.pages[page as keyof typeof es.pages]).toBeTruthy();
    }
  });

  it("tell which pages a flag opens, as the guards decide", () => {
    expect(pagesOpenedBy("isTicketSystemManager")).toEqual(["tickets", "reports"]);
    expect(pagesOpenedBy("isAbleToDeleteUsers")).toEqual([]);
    expect(pagesOpenedByIds([6, 19])).toEqual(
      expect.arrayContaining(["users", "courses", "accessManagement"]),
    );
  });
});

describe("canOpenAdminPage (route guard of spec section 6)", () => {
  const pages = Object.keys(adminPagePermissions) as AdminPage[];
  for (const page of pages) {
    const granting = adminPagePermissions[page] as readonly PermissionName[];
    it(`${page}: refused with every other flag, allowed with any one of its own`, () => {
      expect(
        canOpenAdminPage(
          page,
          permissionNames.filter((f) => !granting.includes(f)),
        ),
      ).toBe(false);
      expect(canOpenAdminPage(page, [])).toBe(false);
      for (const flag of granting) expect(canOpenAdminPage(page, [flag])).toBe(true);
    });
  }
});
