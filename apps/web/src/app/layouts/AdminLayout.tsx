/** The frame of administrators (role 3), head administrators (4) and master administrators (5). */

import { Role } from "@aprendo/contract/domain";
import { Outlet } from "react-router";
import { AppShell } from "../../features/shell/components/AppShell";
import { useSession } from "../../stores/session";

export default function AdminLayout() {
  const role = useSession((s) => s.role);
  return (
    <AppShell roleId={role === Role.headAdmin || role === Role.masterAdmin ? role : Role.admin}>
      <Outlet />
    </AppShell>
  );
}
