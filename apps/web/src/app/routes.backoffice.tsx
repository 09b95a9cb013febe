/**
 * The back office's route table (spec section 2, administrators, head and master administrators),
 * added to the router on the first visit under /af, /ha or /ma (`discoverRoutes` in routes.tsx).
 */
import type { AdminPage, RoleId } from "@aprendo/contract/domain";
import { Navigate, type RouteObject } from "react-router";
import { RequirePermission, RequireRole } from "./guards";
import { page, titled } from "./lazy";
import { withinShell } from "./RouteError";

const layout = page;

/** overview, create and {id} of a built admin resource: its list page and its form page (create and {id}). */
const resource = (
  path: string,
  title: string,
  list: ReturnType<typeof page>,
  form: ReturnType<typeof page>,
): RouteObject[] => [
  { path, lazy: list, ...titled(title) },
  { path: `${path}/create`, lazy: form, ...titled(title) },
  { path: `${path}/:id`, lazy: form, ...titled(title) },
];
const needs = (permission: AdminPage, children: RouteObject[]): RouteObject => ({
  element: <RequirePermission page={permission} />,
  children,
});

/** The pages of the administrator hierarchy. */
const administration = {
  HaDashboardPage: page(() => import("../features/administration/pages/HaDashboardPage"), "HaDashboardPage"),
  MaDashboardPage: page(() => import("../features/administration/pages/MaDashboardPage"), "MaDashboardPage"),
  PermissionGroupsPage: page(
    () => import("../features/administration/pages/PermissionGroupsPage"),
    "PermissionGroupsPage",
  ),
  PermissionGroupFormPage: page(
    () => import("../features/administration/pages/PermissionGroupFormPage"),
    "PermissionGroupFormPage",
  ),
  AdministratorsPage: page(
    () => import("../features/administration/pages/AdministratorsPage"),
    "AdministratorsPage",
  ),
  AdministratorInvitePage: page(
    () => import("../features/administration/pages/AdministratorInvitePage"),
    "AdministratorInvitePage",
  ),
  AdministratorPage: page(
    () => import("../features/administration/pages/AdministratorPage"),
    "AdministratorPage",
  ),
  CreationRequestsPage: page(
    () => import("../features/administration/pages/CreationRequestsPage"),
    "CreationRequestsPage",
  ),
  HeadAdminsPage: page(() => import("../features/administration/pages/HeadAdminsPage"), "HeadAdminsPage"),
  AllAdministratorsPage: page(
    () => import("../features/administration/pages/AllAdministratorsPage"),
    "AllAdministratorsPage",
  ),
  AuditLogPage: page(() => import("../features/administration/pages/AuditLogPage"), "AuditLogPage"),
};
const admin = (name: keyof typeof administration) => administration[name];
/** Reports: the same page in /af, /ha and /ma; without an area it opens the first. */
const reportRoutes: RouteObject[] = [
  {
    path: "reports/:area?",
    lazy: page(() => import("../features/reports/pages/ReportPage"), "ReportPage"),
    ...titled("titles.reports"),
  },
];
const adminArea = (role: RoleId, children: RouteObject[]): RouteObject => ({
  element: <RequireRole role={role} />,
  children: [
    {
      lazy: layout(() => import("./layouts/AdminLayout"), "AdminLayout"),
      children: withinShell([{ index: true, element: <Navigate to="dashboard" replace /> }, ...children]),
    },
  ],
});

const adminRoutes: RouteObject[] = [
  {
    path: "dashboard",
    lazy: page(() => import("../features/backoffice/pages/DashboardPage"), "DashboardPage"),
    ...titled("titles.dashboard"),
  },
  {
    path: "platform-users",
    lazy: page(() => import("../features/backoffice/pages/PlatformUsersPage"), "PlatformUsersPage"),
    ...titled("titles.platformUsers"),
  },
  needs("users", [
    {
      path: "certificates",
      lazy: page(
        () => import("../features/certificates/pages/AdminCertificatesPage"),
        "AdminCertificatesPage",
      ),
      ...titled("titles.adminCertificates"),
    },
  ]),
  needs("tickets", [
    {
      path: "tickets",
      lazy: page(() => import("../features/support/pages/DeskTicketsPage"), "DeskTicketsPage"),
      ...titled("titles.adminTickets"),
    },
    {
      path: "tickets/me/:id?",
      lazy: page(() => import("../features/support/pages/MyTicketsPage"), "MyTicketsPage"),
      ...titled("titles.myTickets"),
    },
    {
      path: "tickets/:id",
      lazy: page(() => import("../features/support/pages/DeskTicketPage"), "DeskTicketPage"),
      ...titled("titles.ticket"),
    },
    {
      path: "tickets/canned-replies",
      lazy: page(() => import("../features/support/pages/CannedRepliesPage"), "CannedRepliesPage"),
      ...titled("titles.cannedReplies"),
    },
  ]),
  needs(
    "ticketSubjects",
    resource(
      "tickets/subjects",
      "titles.ticketSubjects",
      page(() => import("../features/support/pages/TicketSubjectsPage"), "TicketSubjectsPage"),
      page(() => import("../features/support/pages/TicketSubjectFormPage"), "TicketSubjectFormPage"),
    ),
  ),
  needs("lessonQas", [
    {
      path: "lesson/qas",
      lazy: page(() => import("../features/authoring/pages/LessonQasPage"), "LessonQasPage"),
      ...titled("titles.lessonQas"),
    },
    {
      path: "lesson/qas/:id",
      lazy: page(() => import("../features/authoring/pages/LessonQaPage"), "LessonQaPage"),
      ...titled("titles.lessonQas"),
    },
  ]),
  needs(
    "events",
    resource(
      "events",
      "titles.adminEvents",
      page(() => import("../features/events/pages/AdminEventsPage"), "AdminEventsPage"),
      page(() => import("../features/events/pages/EventFormPage"), "EventFormPage"),
    ),
  ),
  needs("config", [
    {
      path: "config-overview",
      lazy: page(() => import("../features/backoffice/pages/ConfigPage"), "ConfigPage"),
      ...titled("titles.config"),
    },
    {
      path: "outbox",
      lazy: page(() => import("../features/messaging/pages/OutboxPage"), "OutboxPage"),
      ...titled("titles.outbox"),
    },
  ]),
  needs(
    "adverts",
    resource(
      "advertisement-blocks",
      "titles.advertisementBlocks",
      page(() => import("../features/adverts/pages/AdvertBlocksPage"), "AdvertBlocksPage"),
      page(() => import("../features/adverts/pages/AdvertBlockFormPage"), "AdvertBlockFormPage"),
    ),
  ),
  needs("transactions", [
    {
      path: "transactions",
      lazy: page(() => import("../features/commerce/pages/TransactionsPage"), "TransactionsPage"),
      ...titled("titles.transactions"),
    },
  ]),
  needs("accessManagement", [
    {
      path: "course-access-management",
      lazy: page(() => import("../features/quizzes/pages/CourseAccessPage"), "CourseAccessPage"),
      ...titled("titles.courseAccess"),
    },
    {
      path: "exam-access-management",
      lazy: page(() => import("../features/quizzes/pages/ExamAccessPage"), "ExamAccessPage"),
      ...titled("titles.examAccess"),
    },
  ]),
  needs(
    "faqCategories",
    resource(
      "faqs/categories",
      "titles.faqCategories",
      page(() => import("../features/faqs/pages/FaqCategoriesPage"), "FaqCategoriesPage"),
      page(() => import("../features/faqs/pages/FaqCategoryFormPage"), "FaqCategoryFormPage"),
    ),
  ),
  needs(
    "faqEntries",
    resource(
      "faqs/entries",
      "titles.faqEntries",
      page(() => import("../features/faqs/pages/FaqEntriesPage"), "FaqEntriesPage"),
      page(() => import("../features/faqs/pages/FaqEntryFormPage"), "FaqEntryFormPage"),
    ),
  ),
  {
    path: "external-login-issues",
    lazy: page(() => import("../features/backoffice/pages/LoginIssuesPage"), "LoginIssuesPage"),
    ...titled("titles.externalLoginIssues"),
  },
  needs("products", [
    {
      path: "stock-requests-overview",
      lazy: page(() => import("../features/shop/pages/StockRequestsPage"), "StockRequestsPage"),
      ...titled("titles.stockRequests"),
    },
  ]),
  {
    path: "institutions",
    lazy: page(() => import("../features/backoffice/pages/InstitutionsPage"), "InstitutionsPage"),
    ...titled("titles.institutions"),
  },
  {
    path: "classes-overview",
    lazy: page(() => import("../features/backoffice/pages/ClassesPage"), "ClassesPage"),
    ...titled("titles.classes"),
  },
  needs("users", [
    {
      path: "pending-approval-requests",
      lazy: page(() => import("../features/approvals/pages/ApprovalsPage"), "ApprovalsPage"),
      ...titled("titles.pendingApprovals"),
    },
  ]),
  needs("courses", [
    {
      path: "courses",
      lazy: page(() => import("../features/authoring/pages/CoursesPage"), "CoursesPage"),
      ...titled("titles.adminCourses"),
    },
    {
      path: "courses/create",
      lazy: page(() => import("../features/authoring/pages/CourseCreatePage"), "CourseCreatePage"),
      ...titled("titles.adminCourses"),
    },
    {
      path: "courses/:id",
      lazy: page(() => import("../features/authoring/pages/CourseEditPage"), "CourseEditPage"),
      ...titled("titles.adminCourses"),
    },
    {
      path: "reviews",
      lazy: page(() => import("../features/reviews/pages/ReviewsModerationPage"), "ReviewsModerationPage"),
      ...titled("titles.adminReviews"),
    },
    {
      path: "courses/:courseId/preview",
      lazy: page(() => import("../features/authoring/pages/PreviewCoursePage"), "PreviewCoursePage"),
      ...titled("titles.adminCourses"),
    },
    {
      path: "courses/:courseId/preview/lesson/:lessonId",
      lazy: page(() => import("../features/authoring/pages/PreviewLecturePage"), "PreviewLecturePage"),
      ...titled("titles.adminCourses"),
    },
    {
      path: "courses/:courseId/preview/lesson/:lessonId/ebook",
      lazy: page(() => import("../features/authoring/pages/PreviewEbookPage"), "PreviewEbookPage"),
      ...titled("titles.adminCourses"),
    },
    {
      path: "courses/:id/quizzes",
      lazy: page(() => import("../features/quizzes/pages/CourseQuizzesPage"), "CourseQuizzesPage"),
      ...titled("titles.adminCourses"),
    },
    {
      path: "courses/:id/quizzes/:quizId",
      lazy: page(() => import("../features/quizzes/pages/QuizEditorPage"), "QuizEditorPage"),
      ...titled("titles.adminCourses"),
    },
  ]),
  needs(
    "categories",
    resource(
      "categories",
      "titles.categories",
      page(() => import("../features/authoring/pages/CategoriesPage"), "CategoriesPage"),
      page(() => import("../features/authoring/pages/CategoryEditPage"), "CategoryEditPage"),
    ),
  ),
  needs(
    "products",
    resource(
      "products",
      "titles.products",
      page(() => import("../features/shop/pages/AdminProductsPage"), "AdminProductsPage"),
      page(() => import("../features/shop/pages/ProductFormPage"), "ProductFormPage"),
    ),
  ),
  needs("products", [
    {
      path: "shop-categories",
      lazy: page(() => import("../features/shop/pages/ShopCategoriesPage"), "ShopCategoriesPage"),
      ...titled("titles.shopCategories"),
    },
    {
      path: "shop-distributors",
      lazy: page(() => import("../features/shop/pages/ShopDistributorsPage"), "ShopDistributorsPage"),
      ...titled("titles.shopDistributors"),
    },
    {
      path: "products-overview",
      lazy: page(() => import("../features/shop/pages/ProductsOverviewPage"), "ProductsOverviewPage"),
      ...titled("titles.productsOverview"),
    },
  ]),
  needs("users", [
    {
      path: "users",
      lazy: page(() => import("../features/backoffice/pages/UsersPage"), "UsersPage"),
      ...titled("titles.users"),
    },
    {
      path: "users/:id",
      lazy: page(() => import("../features/backoffice/pages/UserPage"), "UserPage"),
      ...titled("titles.user"),
    },
  ]),
  needs("refunds", [
    {
      path: "refunds",
      lazy: page(() => import("../features/commerce/pages/RefundsPage"), "RefundsPage"),
      ...titled("titles.refunds"),
    },
  ]),
  needs("privacyRequests", [
    {
      path: "privacy-requests",
      lazy: page(() => import("../features/privacy/pages/PrivacyRequestsPage"), "PrivacyRequestsPage"),
      ...titled("titles.privacyRequests"),
    },
  ]),
  needs("ebooks", [
    {
      path: "ebooks",
      lazy: page(() => import("../features/privacy/pages/EbooksPage"), "EbooksPage"),
      ...titled("titles.ebooks"),
    },
  ]),
  needs(
    "globalNotifications",
    resource(
      "global-notifications",
      "titles.globalNotifications",
      page(
        () => import("../features/global-notifications/pages/GlobalNotificationsPage"),
        "GlobalNotificationsPage",
      ),
      page(
        () => import("../features/global-notifications/pages/GlobalNotificationFormPage"),
        "GlobalNotificationFormPage",
      ),
    ),
  ),
  needs(
    "adverts",
    resource(
      "adverts",
      "titles.adverts",
      page(() => import("../features/adverts/pages/AdvertsPage"), "AdvertsPage"),
      page(() => import("../features/adverts/pages/AdvertFormPage"), "AdvertFormPage"),
    ),
  ),
  needs(
    "coupons",
    resource(
      "coupons",
      "titles.coupons",
      page(() => import("../features/commerce/pages/CouponsPage"), "CouponsPage"),
      page(() => import("../features/commerce/pages/CouponFormPage"), "CouponFormPage"),
    ),
  ),
  needs("sponsorships", [
    {
      path: "sponsorships",
      lazy: page(() => import("../features/commerce/pages/SponsorshipsAdminPage"), "SponsorshipsAdminPage"),
      ...titled("titles.sponsorships"),
    },
  ]),
  needs("salaryScales", [
    {
      path: "salary-scales",
      lazy: page(
        () => import("../features/salary-scales/pages/SalaryScalesAreaPage"),
        "SalaryScalesAreaPage",
      ),
      ...titled("titles.salaryScales"),
    },
  ]),
  needs("orders", [
    {
      path: "orders",
      lazy: page(() => import("../features/commerce/pages/OrdersPage"), "OrdersPage"),
      ...titled("titles.orders"),
    },
  ]),
  // Each area's page checks its own flags (canOpenReport); the list needs any of them.
  needs("reports", reportRoutes),
];

export const backOfficeRoutes: RouteObject[] = [
  // Administrators (role 3), head administrators (4), master administrators (5).
  { path: "/af", children: [adminArea(3, adminRoutes)] },
  {
    path: "/ha",
    children: [
      adminArea(4, [
        { path: "dashboard", lazy: admin("HaDashboardPage"), ...titled("titles.dashboard") },
        {
          path: "permission-groups",
          lazy: admin("PermissionGroupsPage"),
          ...titled("titles.permissionGroups"),
        },
        {
          path: "permission-groups/create",
          lazy: admin("PermissionGroupFormPage"),
          ...titled("titles.permissionGroups"),
        },
        {
          path: "permission-groups/:id",
          lazy: admin("PermissionGroupFormPage"),
          ...titled("titles.permissionGroups"),
        },
        {
          path: "administrator-users",
          lazy: admin("AdministratorsPage"),
          ...titled("titles.administrators"),
        },
        {
          path: "administrator-users/create",
          lazy: admin("AdministratorInvitePage"),
          ...titled("titles.administrators"),
        },
        {
          path: "administrator-users/:id",
          lazy: admin("AdministratorPage"),
          ...titled("titles.administrators"),
        },
        { path: "audit-log", lazy: admin("AuditLogPage"), ...titled("titles.auditLog") },
        ...reportRoutes,
      ]),
    ],
  },
  {
    path: "/ma",
    children: [
      adminArea(5, [
        { path: "dashboard", lazy: admin("MaDashboardPage"), ...titled("titles.dashboard") },
        {
          path: "creation-requests",
          lazy: admin("CreationRequestsPage"),
          ...titled("titles.creationRequests"),
        },
        { path: "ha", lazy: admin("HeadAdminsPage"), ...titled("titles.headAdmins") },
        {
          path: "administrators",
          lazy: admin("AllAdministratorsPage"),
          ...titled("titles.allAdmins"),
        },
        { path: "audit-log", lazy: admin("AuditLogPage"), ...titled("titles.auditLog") },
        ...reportRoutes,
      ]),
    ],
  },
];
