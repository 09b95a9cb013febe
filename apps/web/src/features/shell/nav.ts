/**
 * The side navigation of each audience. Administrators see only the entries their permission flags
 * allow (spec section 6), the same rule the route guards apply.
 */
import {
  type AdminPage,
  canOpenAdminPage,
  type PermissionName,
  Role,
  type RoleId,
} from "@aprendo/contract/domain";
import {
  BookOpen,
  CalendarDays,
  ChartColumn,
  CircleHelp,
  ClipboardList,
  HandHeart,
  Heart,
  LayoutDashboard,
  Library,
  LifeBuoy,
  type LucideIcon,
  Settings,
  ShieldCheck,
  ShoppingBag,
  UserCheck,
  UserCog,
  Users,
  UsersRound,
} from "lucide-react";
import { adminMenu, adminMenuGroups } from "../backoffice/menu";

export type NavItem = {
  /** Key in the `shell` namespace (nav.*). */
  label: string;
  to: string;
  icon: LucideIcon;
  /** Only with this page's permission (administrators). */
  page?: AdminPage;
  /** Matches only the exact path (dashboards). */
  end?: boolean;
};
export type NavGroup = { label?: string; items: NavItem[] };

export const learnerNav: NavGroup[] = [
  {
    items: [
      { label: "nav.dashboard", to: "/iu/dashboard", icon: LayoutDashboard, end: true },
      { label: "nav.courses", to: "/iu/courses", icon: BookOpen },
      { label: "nav.wishlist", to: "/iu/wishlist", icon: Heart },
      { label: "nav.shop", to: "/iu/shop", icon: ShoppingBag },
      { label: "nav.library", to: "/iu/library", icon: Library },
      { label: "nav.events", to: "/iu/events", icon: CalendarDays },
      { label: "nav.support", to: "/iu/tickets", icon: LifeBuoy },
      { label: "nav.faqs", to: "/iu/faqs", icon: CircleHelp },
      { label: "nav.sponsor", to: "/iu/sponsor", icon: HandHeart },
      // The whole profile area (its index opens the profile page); lit on every page of the area.
      { label: "nav.settings", to: "/iu/profile", icon: Settings },
    ],
  },
];

/** The administrator's menu, grouped, from the one table of back-office pages (backoffice/menu.ts). */
const adminNav: NavGroup[] = [
  { items: adminMenu.filter((entry) => entry.group === null) },
  ...adminMenuGroups.map((group) => ({
    label: `navGroup.${group}`,
    items: adminMenu.filter((entry) => entry.group === group),
  })),
];

const headAdminNav: NavGroup[] = [
  {
    items: [
      { label: "nav.dashboard", to: "/ha/dashboard", icon: LayoutDashboard, end: true },
      { label: "nav.permissionGroups", to: "/ha/permission-groups", icon: ShieldCheck },
      { label: "nav.administrators", to: "/ha/administrator-users", icon: UserCog },
      { label: "nav.auditLog", to: "/ha/audit-log", icon: ClipboardList },
      { label: "nav.reports", to: "/ha/reports", icon: ChartColumn },
    ],
  },
];

const masterAdminNav: NavGroup[] = [
  {
    items: [
      { label: "nav.dashboard", to: "/ma/dashboard", icon: LayoutDashboard, end: true },
      { label: "nav.creationRequests", to: "/ma/creation-requests", icon: UserCheck },
      { label: "nav.headAdmins", to: "/ma/ha", icon: Users },
      { label: "nav.allAdmins", to: "/ma/administrators", icon: UsersRound },
      { label: "nav.auditLog", to: "/ma/audit-log", icon: ClipboardList },
      { label: "nav.reports", to: "/ma/reports", icon: ChartColumn },
    ],
  },
];

/** The navigation for a role, keeping only what the permission flags allow. */
export function navigationFor(role: RoleId, permissions: readonly PermissionName[]): NavGroup[] {
  const groups =
    role === Role.learner
      ? learnerNav
      : role === Role.admin
        ? adminNav
        : role === Role.headAdmin
          ? headAdminNav
          : masterAdminNav;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => !item.page || canOpenAdminPage(item.page, permissions)),
    }))
    .filter((group) => group.items.length > 0);
}
