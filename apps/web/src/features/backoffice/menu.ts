/**
 * The administrator's menu (/af): one line per page, grouped by what an administrator looks for (People, Support,
 * Learning content, Shop and money, Communication, Platform), each with an icon of its own.
 *
 * HOW TO ADD A PAGE (one line): append `{ group, label, to, icon, page }` to `adminMenu` below.
 * - `page` is the key of the page's permission in the contract's `adminPagePermissions`
 *   (packages/contract/src/domain/permissions.ts), the same key the route passes to `needs(...)` in
 *   apps/web/src/app/routes.backoffice.tsx; omit it for a page every administrator may open (role-only).
 *   A new permission key needs its line there too (and an endpoint probe in
 *   apps/api/src/administration/permission-table.test.ts, which then fails to compile without one).
 * - `label` is a key of the `shell` namespace (`nav.*`, English and Spanish).
 * - `icon`: a lucide icon no other entry uses (menu.test.ts checks both, and that the route's guard
 *   and this line name the same permission).
 * The menu shows an entry exactly when `canOpenAdminPage(page, flags)` is true: the guard's own rule.
 */
import type { AdminPage } from "@aprendo/contract/domain";
import {
  Award,
  BadgeCheck,
  BadgePercent,
  BookOpen,
  Boxes,
  Building2,
  CalendarDays,
  ChartColumn,
  CircleHelp,
  ClipboardCheck,
  DoorOpen,
  FolderOpen,
  FolderTree,
  Gift,
  GraduationCap,
  Image,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LayoutGrid,
  LayoutTemplate,
  Library,
  type LucideIcon,
  MailCheck,
  Megaphone,
  MessageSquareQuote,
  MessagesSquare,
  Package,
  PackagePlus,
  Receipt,
  Scale,
  ShieldCheck,
  ShoppingBag,
  SlidersHorizontal,
  Star,
  Tags,
  Ticket,
  Truck,
  Undo2,
  UserCog,
  Users,
} from "lucide-react";

export const adminMenuGroups = [
  "people",
  "support",
  "learning",
  "shop",
  "communication",
  "platform",
] as const;
export type AdminMenuGroup = (typeof adminMenuGroups)[number];

export type AdminMenuEntry = {
  /** Where it sits; `null` is the dashboard, above the groups. */
  group: AdminMenuGroup | null;
  /** Key in the `shell` namespace (nav.*). */
  label: string;
  to: string;
  icon: LucideIcon;
  /** The permission of the page (contract `adminPagePermissions`); none: every administrator. */
  page?: AdminPage;
  /** Matches only the exact path (dashboards, lists with children of their own in the menu). */
  end?: boolean;
};

export const adminMenu: readonly AdminMenuEntry[] = [
  { group: null, label: "nav.dashboard", to: "/af/dashboard", icon: LayoutDashboard, end: true },
  // People
  { group: "people", label: "nav.platformUsers", to: "/af/platform-users", icon: Users },
  { group: "people", label: "nav.users", to: "/af/users", icon: UserCog, page: "users" },
  {
    group: "people",
    label: "nav.pendingApprovals",
    to: "/af/pending-approval-requests",
    icon: BadgeCheck,
    page: "users",
  },
  { group: "people", label: "nav.certificates", to: "/af/certificates", icon: Award, page: "users" },
  { group: "people", label: "nav.institutions", to: "/af/institutions", icon: Building2 },
  { group: "people", label: "nav.classes", to: "/af/classes-overview", icon: GraduationCap },
  // Support
  { group: "support", label: "nav.tickets", to: "/af/tickets", icon: Ticket, page: "tickets", end: true },
  { group: "support", label: "nav.myTickets", to: "/af/tickets/me", icon: Inbox, page: "tickets" },
  {
    group: "support",
    label: "nav.cannedReplies",
    to: "/af/tickets/canned-replies",
    icon: MessageSquareQuote,
    page: "tickets",
  },
  {
    group: "support",
    label: "nav.ticketSubjects",
    to: "/af/tickets/subjects",
    icon: Tags,
    page: "ticketSubjects",
  },
  { group: "support", label: "nav.lessonQas", to: "/af/lesson/qas", icon: MessagesSquare, page: "lessonQas" },
  { group: "support", label: "nav.externalLoginIssues", to: "/af/external-login-issues", icon: DoorOpen },
  {
    group: "support",
    label: "nav.privacyRequests",
    to: "/af/privacy-requests",
    icon: ShieldCheck,
    page: "privacyRequests",
  },
  // Learning content
  { group: "learning", label: "nav.courses", to: "/af/courses", icon: BookOpen, page: "courses" },
  { group: "learning", label: "nav.categories", to: "/af/categories", icon: FolderTree, page: "categories" },
  // Review moderation: the same flag as the reviews API (isCourseManager).
  { group: "learning", label: "nav.reviews", to: "/af/reviews", icon: Star, page: "courses" },
  {
    group: "learning",
    label: "nav.courseAccess",
    to: "/af/course-access-management",
    icon: KeyRound,
    page: "accessManagement",
  },
  {
    group: "learning",
    label: "nav.examAccess",
    to: "/af/exam-access-management",
    icon: ClipboardCheck,
    page: "accessManagement",
  },
  { group: "learning", label: "nav.ebooks", to: "/af/ebooks", icon: Library, page: "ebooks" },
  { group: "learning", label: "nav.events", to: "/af/events", icon: CalendarDays, page: "events" },
  {
    group: "learning",
    label: "nav.faqCategories",
    to: "/af/faqs/categories",
    icon: FolderOpen,
    page: "faqCategories",
  },
  {
    group: "learning",
    label: "nav.faqEntries",
    to: "/af/faqs/entries",
    icon: CircleHelp,
    page: "faqEntries",
  },
  // Shop and money
  { group: "shop", label: "nav.orders", to: "/af/orders", icon: ShoppingBag, page: "orders" },
  { group: "shop", label: "nav.transactions", to: "/af/transactions", icon: Receipt, page: "transactions" },
  { group: "shop", label: "nav.refunds", to: "/af/refunds", icon: Undo2, page: "refunds" },
  { group: "shop", label: "nav.coupons", to: "/af/coupons", icon: BadgePercent, page: "coupons" },
  { group: "shop", label: "nav.sponsorships", to: "/af/sponsorships", icon: Gift, page: "sponsorships" },
  { group: "shop", label: "nav.salaryScales", to: "/af/salary-scales", icon: Scale, page: "salaryScales" },
  { group: "shop", label: "nav.products", to: "/af/products", icon: Package, page: "products" },
  {
    group: "shop",
    label: "nav.productsOverview",
    to: "/af/products-overview",
    icon: Boxes,
    page: "products",
  },
  {
    group: "shop",
    label: "nav.shopCategories",
    to: "/af/shop-categories",
    icon: LayoutGrid,
    page: "products",
  },
  { group: "shop", label: "nav.distributors", to: "/af/shop-distributors", icon: Truck, page: "products" },
  {
    group: "shop",
    label: "nav.stockRequests",
    to: "/af/stock-requests-overview",
    icon: PackagePlus,
    page: "products",
  },
  // Communication
  {
    group: "communication",
    label: "nav.globalNotifications",
    to: "/af/global-notifications",
    icon: Megaphone,
    page: "globalNotifications",
  },
  { group: "communication", label: "nav.adverts", to: "/af/adverts", icon: Image, page: "adverts" },
  {
    group: "communication",
    label: "nav.advertisementBlocks",
    to: "/af/advertisement-blocks",
    icon: LayoutTemplate,
    page: "adverts",
  },
  // Platform
  {
    group: "platform",
    label: "nav.config",
    to: "/af/config-overview",
    icon: SlidersHorizontal,
    page: "config",
  },
  {
    group: "platform",
    label: "nav.messageDelivery",
    to: "/af/outbox",
    icon: MailCheck,
    page: "config",
  },
  { group: "platform", label: "nav.reports", to: "/af/reports", icon: ChartColumn, page: "reports" },
];
