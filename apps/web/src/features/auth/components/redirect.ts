import { type RoleId, roleArea } from "@aprendo/contract/domain";
import { dashboardOf } from "../../../app/guards";

/**
 * Where a user lands after login: the `?redirect=` path when it is a path of this app that the
 * role may open, otherwise the role's dashboard. Never another site (no open redirect).
 */
export function afterLoginPath(redirect: string | null | undefined, role: RoleId | null): string {
  const home = dashboardOf(role);
  if (!redirect?.startsWith("/") || redirect.startsWith("//") || redirect.startsWith("/\\")) return home;
  if (redirect === "/" || /^\/login(?:[/?#]|$)/.test(redirect)) return home;
  const area = /^\/(iu|af|ha|ma)(?:[/?#]|$)/.exec(redirect);
  if (area && (!role || `/${area[1]}` !== roleArea[role])) return home;
  return redirect;
}
