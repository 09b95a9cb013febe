/**
 * Route guards of spec section 6. They decide what to show; the server enforces every rule again.
 * - GuestOnly: a logged-in user goes to /.
 * - RequireRole: /iu role 1, /af 3, /ha 4, /ma 5; anyone else goes to /login?redirect={path}.
 * - RequirePermission: an administrator without the page's permission goes to /.
 * - NotChild: a child learner goes to /404 (payment settings).
 */
import { type AdminPage, canOpenAdminPage, type RoleId, roleArea } from "@aprendo/contract/domain";
import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "../stores/session";

export function loginRedirect(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** Where a logged-in user of this role starts. */
export function dashboardOf(role: RoleId | null): string {
  return role ? `${roleArea[role]}/dashboard` : "/";
}

export function GuestOnly() {
  const token = useSession((s) => s.token);
  return token ? <Navigate to="/" replace /> : <Outlet />;
}

export function RequireRole({ role }: { role: RoleId }) {
  const { token, role: current } = useSession();
  const location = useLocation();
  if (!token || current !== role) {
    return <Navigate to={loginRedirect(location.pathname + location.search + location.hash)} replace />;
  }
  return <Outlet />;
}

export function RequirePermission({ page }: { page: AdminPage }) {
  const permissions = useSession((s) => s.permissions);
  return canOpenAdminPage(page, permissions) ? <Outlet /> : <Navigate to="/" replace />;
}

export function NotChild() {
  const isChild = useSession((s) => s.isChild);
  return isChild ? <Navigate to="/404" replace /> : <Outlet />;
}
