/**
 * The route table of spec section 2 with the guards of section 6. Every page is a lazy route module
 * (`lazy: page(() => import(...), "FileName")`), so each page is its own chunk and a chunk that fails
 * to load names itself.
 * Each route's `handle.title` (a key of the `shell` namespace) becomes the document title.
 * The back office's table (`/af`, `/ha`, `/ma`, in `routes.backoffice.tsx`) is discovered on the first
 * visit there (`discoverRoutes`), so learners and guests never download it with the first page.
 */

import { Role } from "@aprendo/contract/domain";
import { Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from "react-router";
import { GuestOnly, NotChild, RequireRole } from "./guards";
import { RootLayout } from "./layouts/RootLayout";
import { loadChunk, page, titled } from "./lazy";
import { RouteError, withinShell } from "./RouteError";
import { Splash } from "./Splash";

export type { RouteHandle } from "./lazy";
export { page };

const layout = page;

/** Pages reached at more than one address (an exam of a lesson, a module or a level; the shop's views...). */
const pages = {
  quiz: page(() => import("../features/quizzes/pages/QuizPage"), "QuizPage"),
  quizAttempt: page(() => import("../features/quizzes/pages/QuizAttemptPage"), "QuizAttemptPage"),
  shop: page(() => import("../features/shop/pages/ShopPage"), "ShopPage"),
  login: page(() => import("../features/auth/pages/LoginPage"), "LoginPage"),
  faqs: page(() => import("../features/faqs/pages/FaqsPage"), "FaqsPage"),
  faq: page(() => import("../features/faqs/pages/FaqPage"), "FaqPage"),
};

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
  {
    path: "courses",
    lazy: page(() => import("../features/catalog/pages/CoursesPage"), "CoursesPage"),
    ...titled("titles.courses"),
  },
  {
    path: "courses/enrolled",
    lazy: page(() => import("../features/catalog/pages/EnrolledCoursesPage"), "EnrolledCoursesPage"),
    ...titled("titles.coursesEnrolled"),
  },
  {
    path: "courses/top",
    lazy: page(() => import("../features/catalog/pages/TopCoursesPage"), "TopCoursesPage"),
    ...titled("titles.coursesTop"),
  },
  {
    path: "courses/coming-soon",
    lazy: page(() => import("../features/catalog/pages/ComingSoonCoursesPage"), "ComingSoonCoursesPage"),
    ...titled("titles.coursesComingSoon"),
  },
  {
    path: "wishlist",
    lazy: page(() => import("../features/catalog/pages/WishlistPage"), "WishlistPage"),
    ...titled("titles.wishlist"),
  },
  {
    path: "categories/course/:id",
    lazy: page(() => import("../features/catalog/pages/CategoryCoursesPage"), "CategoryCoursesPage"),
    ...titled("titles.category"),
  },
  {
    path: "courses/:id",
    lazy: page(() => import("../features/catalog/pages/CoursePage"), "CoursePage"),
    ...titled("titles.course"),
  },
  {
    path: "courses/:courseId/lesson/:lessonId",
    lazy: page(() => import("../features/learning/pages/LecturePage"), "LecturePage"),
    ...titled("titles.lesson"),
  },
  { path: "courses/:courseId/lesson/:lessonId/quiz", lazy: pages.quiz, ...titled("titles.quiz") },
  {
    path: "courses/:courseId/lesson/:lessonId/quiz/attempt",
    lazy: pages.quizAttempt,
    ...titled("titles.quizAttempt"),
  },
  {
    path: "courses/:courseId/lessons/:lessonId/ebook",
    lazy: page(() => import("../features/learning/pages/EbookPage"), "EbookPage"),
    ...titled("titles.ebook"),
  },
  // My library: e-books and e-notes owned, and the viewer of one.
  {
    path: "library",
    lazy: page(() => import("../features/library/pages/LibraryPage"), "LibraryPage"),
    ...titled("titles.library"),
  },
  {
    path: "library/:ebookId",
    lazy: page(() => import("../features/library/pages/LibraryReaderPage"), "LibraryReaderPage"),
    ...titled("titles.ebook"),
  },
  {
    path: "courses/:courseId/course-module/:courseModuleId/quiz",
    lazy: pages.quiz,
    ...titled("titles.moduleExam"),
  },
  {
    path: "courses/:courseId/course-module/:courseModuleId/quiz/attempt",
    lazy: pages.quizAttempt,
    ...titled("titles.quizAttempt"),
  },
  {
    path: "courses/:courseId/course-level/:courseLevelId/quiz",
    lazy: pages.quiz,
    ...titled("titles.levelExam"),
  },
  {
    path: "courses/:courseId/course-level/:courseLevelId/quiz/attempt",
    lazy: pages.quizAttempt,
    ...titled("titles.quizAttempt"),
  },
  // Support and communication.
  {
    path: "events",
    lazy: page(() => import("../features/events/pages/EventsPage"), "EventsPage"),
    ...titled("titles.events"),
  },
  {
    path: "tickets/:id?",
    lazy: page(() => import("../features/support/pages/LearnerTicketsPage"), "LearnerTicketsPage"),
    ...titled("titles.tickets"),
  },
  {
    // The area's own navigation (side list, or a select on phones) around each page.
    path: "profile",
    lazy: layout(() => import("../features/profile/layouts/ProfileLayout"), "ProfileLayout"),
    children: [
      { index: true, element: <Navigate to="info" replace /> },
      {
        path: "info",
        lazy: page(() => import("../features/profile/pages/ProfileInfoPage"), "ProfileInfoPage"),
        ...titled("titles.profile"),
      },
      // Accounts.
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
      {
        path: "certificates/:id?",
        lazy: page(() => import("../features/certificates/pages/CertificatesPage"), "CertificatesPage"),
        ...titled("titles.certificates"),
      },
      // The reminder and weekly progress mails' opt-ins.
      {
        path: "notifications",
        lazy: page(() => import("../features/goals/pages/LearningMailsPage"), "LearningMailsPage"),
        ...titled("titles.learningMails"),
      },
      {
        element: <NotChild />,
        children: [
          {
            path: "payment",
            lazy: page(() => import("../features/commerce/pages/PaymentMethodsPage"), "PaymentMethodsPage"),
            ...titled("titles.payment"),
          },
        ],
      },
      {
        path: "history",
        lazy: page(() => import("../features/commerce/pages/PurchaseHistoryPage"), "PurchaseHistoryPage"),
        ...titled("titles.history"),
      },
    ],
  },
  { path: "faqs", lazy: pages.faqs, ...titled("titles.faqs") },
  { path: "faqs/:id", lazy: pages.faq, ...titled("titles.faq") },
  {
    path: "checkout",
    lazy: page(() => import("../features/commerce/pages/CheckoutPage"), "CheckoutPage"),
    ...titled("titles.checkout"),
  },
  {
    path: "global/:id",
    lazy: page(
      () => import("../features/notifications/pages/GlobalNotificationPage"),
      "GlobalNotificationPage",
    ),
    ...titled("titles.globalNotification"),
  },
  { path: "shop", lazy: pages.shop, ...titled("titles.shop") },
  { path: "shop/available", lazy: pages.shop, ...titled("titles.shopAvailable") },
  { path: "shop/top", lazy: pages.shop, ...titled("titles.shopTop") },
  {
    path: "shop/books/:id",
    lazy: page(() => import("../features/shop/pages/ProductPage"), "ProductPage"),
    ...titled("titles.book"),
  },
  // The "Sponsor Education" navigation entry (spec section 2, other screens).
  {
    path: "sponsor",
    lazy: page(() => import("../features/commerce/pages/SponsorPage"), "SponsorPage"),
    ...titled("titles.sponsor"),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // While the first visit to the back office discovers its routes (discoverRoutes below).
    hydrateFallbackElement: <Splash />,
    errorElement: <RouteError />,
    children: [
      {
        // An error inside a page shows in place of the page, with the navigation still around it.
        id: "app",
        errorElement: <RouteError />,
        children: [
          // Accounts. "/" is the login page; it sends a logged-in user to their dashboard.
          { path: "/", lazy: pages.login, ...titled("titles.login") },
          // Not inside GuestOnly: the login page itself sends a logged-in user on to `?redirect=` or
          // the dashboard (GuestOnly would go through "/" and lose the redirect).
          { path: "/login", lazy: pages.login, ...titled("titles.login") },
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
            path: "/admin-invitation/:token",
            lazy: page(() => import("../features/administration/pages/InvitationPage"), "InvitationPage"),
            ...titled("titles.adminInvitation"),
          },
          {
            path: "/restore-account/:token",
            lazy: page(() => import("../features/auth/pages/RestoreAccountPage"), "RestoreAccountPage"),
            ...titled("titles.restoreAccount"),
          },
          {
            path: "/guardian-confirmed",
            lazy: page(() => import("../features/auth/pages/GuardianConfirmedPage"), "GuardianConfirmedPage"),
            ...titled("titles.guardianConfirmed"),
          },

          // Public pages, for guests and logged-in people alike.
          {
            lazy: layout(() => import("./layouts/GuestLayout"), "GuestLayout"),
            children: withinShell([
              {
                path: "/cant-log-in",
                lazy: page(() => import("../features/backoffice/pages/CantLogInPage"), "CantLogInPage"),
              },
              {
                path: "/tickets",
                lazy: page(() => import("../features/support/pages/GuestTicketPage"), "GuestTicketPage"),
                ...titled("titles.contactSupport"),
              },
              {
                path: "/checkout",
                lazy: page(() => import("../features/commerce/pages/GuestCheckoutPage"), "GuestCheckoutPage"),
                ...titled("titles.checkout"),
              },
              // A learning mail's unsubscribe link: no login needed.
              {
                path: "/unsubscribe",
                lazy: page(() => import("../features/goals/pages/UnsubscribePage"), "UnsubscribePage"),
                ...titled("titles.unsubscribe"),
              },
              {
                path: "/certificates/verify",
                lazy: page(
                  () => import("../features/certificates/pages/VerifyCredentialPage"),
                  "VerifyCredentialPage",
                ),
                ...titled("titles.verifyCredential"),
              },
              {
                path: "/u/:handle",
                lazy: page(
                  () => import("../features/certificates/pages/PublicProfilePage"),
                  "PublicProfilePage",
                ),
                ...titled("titles.publicCertificates"),
              },
              {
                path: "/certificates/verify/:code",
                lazy: page(
                  () => import("../features/certificates/pages/VerifyCertificatePage"),
                  "VerifyCertificatePage",
                ),
                ...titled("titles.certificates"),
              },
              { path: "/faqs", lazy: pages.faqs, ...titled("titles.faqs") },
              { path: "/faqs/:id", lazy: pages.faq, ...titled("titles.faq") },
              {
                // The catalogue guests can browse (learners too; cards open /courses/:id).
                path: "/courses",
                lazy: page(() => import("../features/catalog/pages/CataloguePage"), "CataloguePage"),
                ...titled("titles.courses"),
              },
              {
                path: "/courses/:id",
                lazy: page(() => import("../features/catalog/pages/PublicCoursePage"), "PublicCoursePage"),
                ...titled("titles.course"),
              },
              {
                path: "/404",
                lazy: page(() => import("../features/shell/pages/NotFoundPage"), "NotFoundPage"),
                ...titled("titles.notFound"),
              },
            ]),
          },
          {
            path: "/webview/ebook",
            lazy: page(() => import("../features/learning/pages/WebviewEbookPage"), "WebviewEbookPage"),
            ...titled("titles.ebook"),
          },

          // Learners (role 1).
          {
            path: "/iu",
            element: <RequireRole role={Role.learner} />,
            children: [
              {
                lazy: layout(() => import("./layouts/LearnerLayout"), "LearnerLayout"),
                children: withinShell(learnerRoutes),
              },
            ],
          },
          { path: "*", element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];

const backOfficeArea = /^\/(af|ha|ma)(\/|$)/;
let backOfficePatched = false;

/**
 * Adds the back office's routes the first time a path under /af, /ha or /ma is visited (the router
 * asks while the path only matches the catch-all "*"), from its own chunk.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (backOfficePatched || !backOfficeArea.test(path)) return;
  const { backOfficeRoutes } = await loadChunk(() => import("./routes.backoffice"), "routes.backoffice");
  if (backOfficePatched) return;
  patch("app", backOfficeRoutes);
  backOfficePatched = true;
};
