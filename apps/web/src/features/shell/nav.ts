/**
 * The side navigation of each audience. Administrators see only the entries their permission flags
 * allow (spec section 6), the same rule the route guards apply.
 */
import { type AdminPage, canOpenAdminPage, type PermissionName, type RoleId } from "@aprendo/contract/domain";
import {
  Award,
  BadgePercent,
  BookOpen,
  Building2,
  CalendarDays,
  CircleHelp,
  ClipboardList,
  FolderTree,
  Gift,
  GraduationCap,
  HandHeart,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Megaphone,
  MessagesSquare,
  Package,
  Receipt,
  Settings,
  ShieldCheck,
  ShoppingBag,
  SlidersHorizontal,
  Tags,
  Ticket,
  UserCheck,
  UserCog,
  Users,
} from "lucide-react";

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
      { label: "nav.shop", to: "/iu/shop", icon: ShoppingBag },
      { label: "nav.events", to: "/iu/events", icon: CalendarDays },
      { label: "nav.support", to: "/iu/tickets", icon: LifeBuoy },
      { label: "nav.faqs", to: "/iu/faqs", icon: CircleHelp },
      { label: "nav.sponsor", to: "/iu/sponsor", icon: HandHeart },
      { label: "nav.settings", to: "/iu/profile/info", icon: Settings },
    ],
  },
];

const adminNav: NavGroup[] = [
  {
    items: [
      { label: "nav.dashboard", to: "/af/dashboard", icon: LayoutDashboard, end: true },
      { label: "nav.platformUsers", to: "/af/platform-users", icon: Users },
      { label: "nav.users", to: "/af/users", icon: UserCog, page: "users" },
      { label: "nav.externalLoginIssues", to: "/af/external-login-issues", icon: LifeBuoy },
    ],
  },
  {
    label: "navGroup.support",
    items: [
      { label: "nav.tickets", to: "/af/tickets", icon: Ticket, page: "tickets" },
      { label: "nav.myTickets", to: "/af/tickets/me", icon: Inbox, page: "tickets" },
      { label: "nav.ticketSubjects", to: "/af/tickets/subjects", icon: Tags, page: "ticketSubjects" },
      { label: "nav.lessonQas", to: "/af/lesson/qas", icon: MessagesSquare, page: "lessonQas" },
    ],
  },
  {
    label: "navGroup.learning",
    items: [
      { label: "nav.courses", to: "/af/courses", icon: BookOpen, page: "courses" },
      { label: "nav.categories", to: "/af/categories", icon: FolderTree, page: "categories" },
      { label: "nav.certificates", to: "/af/certificates", icon: Award },
      { label: "nav.access", to: "/af/course-access-management", icon: KeyRound, page: "accessManagement" },
      { label: "nav.ebooks", to: "/af/ebooks", icon: BookOpen, page: "ebooks" },
      { label: "nav.events", to: "/af/events", icon: CalendarDays, page: "events" },
      { label: "nav.faqCategories", to: "/af/faqs/categories", icon: FolderTree, page: "faqCategories" },
      { label: "nav.faqEntries", to: "/af/faqs/entries", icon: CircleHelp, page: "faqEntries" },
      { label: "nav.institutions", to: "/af/institutions", icon: Building2 },
      { label: "nav.classes", to: "/af/classes-overview", icon: GraduationCap },
    ],
  },
  {
    label: "navGroup.shop",
    items: [
      { label: "nav.products", to: "/af/products", icon: Package, page: "products" },
      { label: "nav.shopCategories", to: "/af/shop-categories", icon: Tags },
      { label: "nav.orders", to: "/af/orders", icon: ShoppingBag, page: "orders" },
      { label: "nav.transactions", to: "/af/transactions", icon: Receipt },
      { label: "nav.refunds", to: "/af/refunds", icon: Receipt, page: "refunds" },
      {
        label: "nav.privacyRequests",
        to: "/af/privacy-requests",
        icon: ShieldCheck,
        page: "privacyRequests",
      },
      { label: "nav.coupons", to: "/af/coupons", icon: BadgePercent, page: "coupons" },
      { label: "nav.sponsorships", to: "/af/sponsorships", icon: Gift, page: "sponsorships" },
    ],
  },
  {
    label: "navGroup.communication",
    items: [
      {
        label: "nav.globalNotifications",
        to: "/af/global-notifications",
        icon: Megaphone,
        page: "globalNotifications",
      },
      { label: "nav.adverts", to: "/af/adverts", icon: Megaphone, page: "adverts" },
      { label: "nav.config", to: "/af/config-overview", icon: SlidersHorizontal, page: "config" },
    ],
  },
];

const headAdminNav: NavGroup[] = [
  {
    items: [
      { label: "nav.dashboard", to: "/ha/dashboard", icon: LayoutDashboard, end: true },
      { label: "nav.permissionGroups", to: "/ha/permission-groups", icon: ShieldCheck },
      { label: "nav.administrators", to: "/ha/administrator-users", icon: UserCog },
      { label: "nav.auditLog", to: "/ha/audit-log", icon: ClipboardList },
    ],
  },
];

const masterAdminNav: NavGroup[] = [
  {
    items: [
      { label: "nav.dashboard", to: "/ma/dashboard", icon: LayoutDashboard, end: true },
      { label: "nav.creationRequests", to: "/ma/creation-requests", icon: UserCheck },
      { label: "nav.headAdmins", to: "/ma/ha", icon: Users },
      { label: "nav.auditLog", to: "/ma/audit-log", icon: ClipboardList },
    ],
  },
];

/** The navigation for a role, keeping only what the permission flags allow. */
export function navigationFor(role: RoleId, permissions: readonly PermissionName[]): NavGroup[] {
  const groups = role === 1 ? learnerNav : role === 3 ? adminNav : role === 4 ? headAdminNav : masterAdminNav;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => !item.page || canOpenAdminPage(item.page, permissions)),
    }))
    .filter((group) => group.items.length > 0);
}
