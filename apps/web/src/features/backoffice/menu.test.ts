/**
 * The administrator's menu and the route guards read one permission table: an
 * entry shows exactly when its page opens, every back-office page is reachable from the menu, and
 * each entry has a name in both languages and an icon of its own.
 */
import { type AdminPage, canOpenAdminPage, permissionNames } from "@aprendo/contract/domain";
import { isValidElement } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { RequirePermission } from "../../app/guards";
import { routes as firstRoutes } from "../../app/routes";
import { backOfficeRoutes } from "../../app/routes.backoffice";
import en from "../shell/i18n/en.json";
import es from "../shell/i18n/es.json";
import { navigationFor } from "../shell/nav";
import { adminMenu } from "./menu";

/** The whole table, as the router has it once the back office's part is discovered. */
const routes = [...firstRoutes, ...backOfficeRoutes];

/** The permission the router's guard asks for on the way to `path` (none: role-only). */
function guardOf(path: string): AdminPage | undefined | null {
  const matches = matchRoutes(routes, path);
  if (!matches) return null;
  for (const { route } of matches) {
    const element = route.element;
    if (isValidElement<{ page: AdminPage }>(element) && element.type === RequirePermission)
      return element.props.page;
  }
  return undefined;
}

/** Every /af page a person opens from a menu: static paths, not a form's "create". */
function adminListPaths(): string[] {
  const found: string[] = [];
  const walk = (list: RouteObject[], prefix: string) => {
    for (const route of list) {
      const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, "/") : prefix;
      if (route.children) walk(route.children, path);
      else if (path.startsWith("/af/") && !path.includes(":") && !path.endsWith("/create")) found.push(path);
    }
  };
  walk(routes, "");
  return found;
}

const label = (dict: typeof en, key: string) => {
  const [section, name] = key.split(".") as ["nav", string];
  return (dict[section] as Record<string, string>)[name];
};

describe("the administrator's menu", () => {
  it("names each entry's permission exactly as the route's guard does", () => {
    for (const entry of adminMenu) expect(guardOf(entry.to), entry.to).toBe(entry.page);
  });

  it("reaches every back-office page", () => {
    const inMenu = new Set(adminMenu.map((entry) => entry.to));
    expect(adminListPaths().length).toBeGreaterThan(25);
    expect(adminListPaths().filter((path) => !inMenu.has(path))).toEqual([]);
  });

  it("gives each entry its own icon and a name in English and Spanish", () => {
    expect(new Set(adminMenu.map((entry) => entry.icon)).size).toBe(adminMenu.length);
    for (const entry of adminMenu) {
      expect(label(en, entry.label), entry.label).toBeTruthy();
      expect(label(es, entry.label), entry.label).toBeTruthy();
    }
  });

  it("shows, for each flag alone, exactly the pages that flag opens plus the role-only ones", () => {
    for (const flag of permissionNames) {
      const shown = navigationFor(3, [flag]).flatMap((group) => group.items.map((item) => item.to));
      const expected = adminMenu
        .filter((entry) => !entry.page || canOpenAdminPage(entry.page, [flag]))
        .map((entry) => entry.to);
      expect(shown, flag).toEqual(expected);
    }
  });

  it("groups the entries under People, Support, Learning content, Shop and money, Communication, Platform", () => {
    const groups = navigationFor(3, permissionNames).map((group) => group.label && label(en, group.label));
    expect(groups).toEqual([
      undefined,
      "People",
      "Support",
      "Learning content",
      "Shop and money",
      "Communication",
      "Platform",
    ]);
  });
});
