/**
 * The route table of spec section 2 with the guards of section 6. Every page is a lazy route module
 * (`lazy: page(() => import(...), "FileName")`), so each page is its own chunk and a chunk that fails
 * to load names itself. Pages of later issues are placeholders (`soon("area", "titles.key")`): the
 * issue that builds the page replaces that call with `page(() => import("../features/x/pages/XPage"), "XPage")`.
 * Each route's `handle.title` (a key of the `shell` namespace) becomes the document title.
 */
import type { AdminPage, RoleId } from "@aprendo/contract/domain";
import { Navigate, type RouteObject } from "react-router";
import type { PlaceholderArea } from "../features/placeholders/areas";
import { GuestOnly, NotChild, RequirePermission, RequireRole } from "./guards";
import { RootLayout } from "./layouts/RootLayout";
import { page } from "./lazy";
import { RouteError } from "./RouteError";

export { page };

/** The route data the shell reads: the page title key and, for placeholders, the area. */
export type RouteHandle = { title?: string; area?: PlaceholderArea };

const layout = page;
const placeholderPage = page(
  () => import("../features/placeholders/pages/PlaceholderPage"),
  "PlaceholderPage",
);
/** A page that a later issue builds; until then a placeholder that says what will be there. */
const soon = (area: PlaceholderArea, title: string) => ({ lazy: placeholderPage, handle: { title, area } });
const titled = (title: string) => ({ handle: { title } satisfies RouteHandle });

/** overview, create and {id} of an admin resource. */
const crud = (path: string, area: PlaceholderArea, title: string): RouteObject[] => [
  { path, ...soon(area, title) },
  { path: `${path}/create`, ...soon(area, title) },
  { path: `${path}/:id`, ...soon(area, title) },
];
const needs = (permission: AdminPage, children: RouteObject[]): RouteObject => ({
  element: <RequirePermission page={permission} />,
  children,
});

const adminDashboard = page(() => import("../features/shell/pages/AdminDashboardPage"), "AdminDashboardPage");
const adminArea = (role: RoleId, children: RouteObject[]): RouteObject => ({
  element: <RequireRole role={role} />,
  children: [
    {
      lazy: layout(() => import("./layouts/AdminLayout"), "AdminLayout"),
      children: [
        { index: true, element: <Navigate to="dashboard" replace /> },
        { path: "dashboard", lazy: adminDashboard, ...titled("titles.dashboard") },
        ...children,
      ],
    },
  ],
});

const learnerRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  {
    path: "dashboard",
    lazy: page(() => import("../features/shell/pages/LearnerDashboardPage"), "LearnerDashboardPage"),
    ...titled("titles.dashboard"),
  },
  {
    path: "search",
    lazy: page(() => import("../features/shell/pages/SearchPage"), "SearchPage"),
    ...titled("titles.search"),
  },
  { path: "courses", ...soon("courses", "titles.courses") },
  { path: "courses/enrolled", ...soon("courses", "titles.coursesEnrolled") },
  { path: "courses/top", ...soon("courses", "titles.coursesTop") },
  { path: "courses/coming-soon", ...soon("courses", "titles.coursesComingSoon") },
  { path: "categories/course/:id", ...soon("courses", "titles.category") },
  { path: "courses/:id", ...soon("courses", "titles.course") },
  { path: "courses/:courseId/lesson/:lessonId", ...soon("lesson", "titles.lesson") },
  { path: "courses/:courseId/lesson/:lessonId/quiz", ...soon("quiz", "titles.quiz") },
  { path: "courses/:courseId/lesson/:lessonId/quiz/attempt", ...soon("quiz", "titles.quizAttempt") },
  { path: "courses/:courseId/lessons/:lessonId/ebook", ...soon("ebook", "titles.ebook") },
  { path: "courses/:courseId/course-module/:courseModuleId/quiz", ...soon("quiz", "titles.moduleExam") },
  {
    path: "courses/:courseId/course-module/:courseModuleId/quiz/attempt",
    ...soon("quiz", "titles.quizAttempt"),
  },
  { path: "courses/:courseId/course-level/:courseLevelId/quiz", ...soon("quiz", "titles.levelExam") },
  {
    path: "courses/:courseId/course-level/:courseLevelId/quiz/attempt",
    ...soon("quiz", "titles.quizAttempt"),
  },
  { path: "events", ...soon("events", "titles.events") },
  { path: "tickets/:id?", ...soon("tickets", "titles.tickets") },
  {
    path: "profile",
    children: [
      { index: true, element: <Navigate to="info" replace /> },
      { path: "info", ...soon("profile", "titles.profile") },
      // Accounts (issue 3).
      {
        path: "change-password",
        lazy: page(() => import("../features/auth/pages/ChangePasswordPage"), "ChangePasswordPage"),
        ...titled("titles.changePassword"),
      },
      {
        path: "delete-account",
        lazy: page(() => import("../features/auth/pages/DeleteAccountPage"), "DeleteAccountPage"),
        ...titled("titles.deleteAccount"),
      },
      { path: "certificates/:id?", ...soon("certificates", "titles.certificates") },
      { element: <NotChild />, children: [{ path: "payment", ...soon("payment", "titles.payment") }] },
      { path: "history", ...soon("history", "titles.history") },
    ],
  },
  { path: "faqs", ...soon("faqs", "titles.faqs") },
  { path: "faqs/:id", ...soon("faqs", "titles.faq") },
  { path: "checkout", ...soon("checkout", "titles.checkout") },
  {
    path: "global/:id",
    lazy: page(
      () => import("../features/notifications/pages/GlobalNotificationPage"),
      "GlobalNotificationPage",
    ),
    ...titled("titles.globalNotification"),
  },
  { path: "shop", ...soon("shop", "titles.shop") },
  { path: "shop/available", ...soon("shop", "titles.shopAvailable") },
  { path: "shop/top", ...soon("shop", "titles.shopTop") },
  { path: "shop/books/:id", ...soon("shop", "titles.book") },
  // The "Sponsor Education" navigation entry (spec section 2, other screens).
  { path: "sponsor", ...soon("sponsorship", "titles.sponsor") },
];

const adminRoutes: RouteObject[] = [
  { path: "platform-users", ...soon("adminPlatformUsers", "titles.platformUsers") },
  { path: "certificates", ...soon("adminCertificates", "titles.adminCertificates") },
  needs("tickets", [
    { path: "tickets", ...soon("adminTickets", "titles.adminTickets") },
    { path: "tickets/me/:id?", ...soon("adminTickets", "titles.myTickets") },
    { path: "tickets/:id", ...soon("adminTickets", "titles.ticket") },
  ]),
  needs("ticketSubjects", crud("tickets/subjects", "adminTicketSubjects", "titles.ticketSubjects")),
  needs("lessonQas", [
    { path: "lesson/qas", ...soon("adminLessonQas", "titles.lessonQas") },
    { path: "lesson/qas/:id", ...soon("adminLessonQas", "titles.lessonQas") },
  ]),
  needs("events", crud("events", "adminEvents", "titles.adminEvents")),
  needs("config", [{ path: "config-overview", ...soon("adminConfig", "titles.config") }]),
  { path: "advertisement-blocks", ...soon("adminAdverts", "titles.advertisementBlocks") },
  { path: "transactions", ...soon("adminCommerce", "titles.transactions") },
  { path: "course-access-management", ...soon("adminAccess", "titles.courseAccess") },
  { path: "exam-access-management", ...soon("adminAccess", "titles.examAccess") },
  needs("faqCategories", crud("faqs/categories", "adminFaqs", "titles.faqCategories")),
  needs("faqEntries", crud("faqs/entries", "adminFaqs", "titles.faqEntries")),
  { path: "external-login-issues", ...soon("adminPlatformUsers", "titles.externalLoginIssues") },
  { path: "stock-requests-overview", ...soon("adminShop", "titles.stockRequests") },
  { path: "institutions", ...soon("adminInstitutions", "titles.institutions") },
  { path: "classes-overview", ...soon("adminInstitutions", "titles.classes") },
  { path: "pending-approval-requests", ...soon("adminPlatformUsers", "titles.pendingApprovals") },
  needs("courses", crud("courses", "adminCourses", "titles.adminCourses")),
  needs("categories", crud("categories", "adminCourses", "titles.categories")),
  needs("products", crud("products", "adminShop", "titles.products")),
  { path: "shop-categories", ...soon("adminShop", "titles.shopCategories") },
  { path: "shop-distributors", ...soon("adminShop", "titles.shopDistributors") },
  needs("products", [{ path: "products-overview", ...soon("adminShop", "titles.productsOverview") }]),
  needs("users", [
    { path: "users", ...soon("adminUsers", "titles.users") },
    { path: "users/:id", ...soon("adminUsers", "titles.user") },
  ]),
  needs("refunds", [{ path: "refunds", ...soon("adminCommerce", "titles.refunds") }]),
  needs(
    "globalNotifications",
    crud("global-notifications", "adminGlobalNotifications", "titles.globalNotifications"),
  ),
  needs("adverts", crud("adverts", "adminAdverts", "titles.adverts")),
  needs("coupons", crud("coupons", "adminCommerce", "titles.coupons")),
  needs("sponsorships", [{ path: "sponsorships", ...soon("adminCommerce", "titles.sponsorships") }]),
  needs("orders", [{ path: "orders", ...soon("adminCommerce", "titles.orders") }]),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // An error inside a page shows in place of the page, with the navigation still around it.
        errorElement: <RouteError />,
        children: [
          // Accounts (issue 3). "/" is the login page; it sends a logged-in user to their dashboard.
          {
            path: "/",
            lazy: page(() => import("../features/auth/pages/LoginPage"), "LoginPage"),
            ...titled("titles.login"),
          },
          // Not inside GuestOnly: the login page itself sends a logged-in user on to `?redirect=` or
          // the dashboard (GuestOnly would go through "/" and lose the redirect).
          {
            path: "/login",
            lazy: page(() => import("../features/auth/pages/LoginPage"), "LoginPage"),
            ...titled("titles.login"),
          },
          {
            element: <GuestOnly />,
            children: [
              {
                path: "/register",
                lazy: page(() => import("../features/auth/pages/RegisterPage"), "RegisterPage"),
                ...titled("titles.register"),
              },
              {
                path: "/register-success/:identity",
                lazy: page(() => import("../features/auth/pages/RegisterSuccessPage"), "RegisterSuccessPage"),
                ...titled("titles.registerSuccess"),
              },
              {
                path: "/register-resend-link",
                lazy: page(() => import("../features/auth/pages/ResendLinkPage"), "ResendLinkPage"),
                ...titled("titles.resendLink"),
              },
              {
                path: "/reset-password",
                lazy: page(
                  () => import("../features/auth/pages/ResetPasswordRequestPage"),
                  "ResetPasswordRequestPage",
                ),
                ...titled("titles.resetPassword"),
              },
            ],
          },
          // Links from mails work whoever is logged in on this browser.
          {
            path: "/reset-password/:token",
            lazy: page(() => import("../features/auth/pages/ResetPasswordPage"), "ResetPasswordPage"),
            ...titled("titles.resetPassword"),
          },
          {
            path: "/restore-account/:token",
            lazy: page(() => import("../features/auth/pages/RestoreAccountPage"), "RestoreAccountPage"),
            ...titled("titles.restoreAccount"),
          },

          // Public pages, for guests and logged-in people alike.
          {
            lazy: layout(() => import("./layouts/GuestLayout"), "GuestLayout"),
            children: [
              { path: "/tickets", ...soon("tickets", "titles.contactSupport") },
              { path: "/checkout", ...soon("checkout", "titles.checkout") },
              { path: "/faqs", ...soon("faqs", "titles.faqs") },
              { path: "/faqs/:id", ...soon("faqs", "titles.faq") },
              { path: "/courses/:id", ...soon("courses", "titles.course") },
              {
                path: "/404",
                lazy: page(() => import("../features/shell/pages/NotFoundPage"), "NotFoundPage"),
                ...titled("titles.notFound"),
              },
            ],
          },
          { path: "/webview/ebook", ...soon("ebook", "titles.ebook") },

          // Learners (role 1).
          {
            path: "/iu",
            // biome-ignore lint/a11y/useValidAriaRole: a role id of spec section 6, not an ARIA role
            element: <RequireRole role={1} />,
            children: [
              {
                lazy: layout(() => import("./layouts/LearnerLayout"), "LearnerLayout"),
                children: learnerRoutes,
              },
            ],
          },
          // Administrators (role 3), head administrators (4), master administrators (5).
          { path: "/af", children: [adminArea(3, adminRoutes)] },
          {
            path: "/ha",
            children: [
              adminArea(4, [
                ...crud("permission-groups", "haPermissionGroups", "titles.permissionGroups"),
                ...crud("administrator-users", "haAdministrators", "titles.administrators"),
              ]),
            ],
          },
          {
            path: "/ma",
            children: [
              adminArea(5, [
                { path: "creation-requests", ...soon("maCreationRequests", "titles.creationRequests") },
                { path: "ha", ...soon("maHeadAdmins", "titles.headAdmins") },
              ]),
            ],
          },
          { path: "*", element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];
