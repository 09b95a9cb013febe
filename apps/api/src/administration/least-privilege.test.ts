/**
 * For each permission flag alone, every list and lookup the flag's pages load
 * answers 200 (a page whose form needs a list its flag cannot read is a page that does not work,
 * like the FAQ entry form without its categories). The table names, per flag, what its pages read
 * first; the role-only pages' reads are checked for an administrator with no flag at all.
 */
import type { PermissionName } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

/** Read by the pages every administrator opens (dashboard, platform users, institutions, classes, login issues). */
const everyAdministrator = [
  "/af/dashboard",
  "/af/platform-users",
  "/af/institutions",
  "/af/classes",
  "/af/external-login-issues",
];

/** What each flag's pages load: their lists and the lookups their forms choose from. */
const readsOf: Record<PermissionName, string[]> = {
  isFaqManager: ["/af/faqs/entries", "/af/faqs/categories"],
  isTicketSubjectManager: ["/af/tickets/subjects"],
  isTicketContentManager: ["/af/tickets", "/af/tickets/me", "/af/tickets/canned-replies"],
  isTicketSystemManager: [
    "/af/tickets",
    "/af/tickets/me",
    "/af/tickets/canned-replies",
    "/af/reports",
    "/af/reports/support",
  ],
  isFaqCategoryManager: ["/af/faqs/categories"],
  isUserManager: [
    "/af/users",
    "/af/pending-approval-requests",
    "/af/certificates",
    "/af/course-access-management",
    "/af/exam-access-management",
    "/af/access-management/learners?q=ana",
  ],
  isAbleToDeleteUsers: [],
  isAbleToViewUserPurchaseHistory: [],
  isTicketRefundManager: [],
  isRefundsManager: ["/af/refunds", "/af/transactions", "/af/reports", "/af/reports/refunds"],
  isAbleToViewRefunds: ["/af/refunds", "/af/transactions", "/af/reports", "/af/reports/refunds"],
  isTicketTeamLeadership: ["/af/reports", "/af/reports/support"],
  isGlobalNotificationsManager: ["/af/global-notifications"],
  isTicketGDPRManager: [],
  isGDPRManager: ["/af/privacy/exports", "/af/privacy/deletions"],
  isAdvertManager: ["/af/adverts", "/af/advertisement-blocks"],
  isCategoryManager: ["/af/categories"],
  isEventManager: ["/af/events"],
  isCourseManager: [
    "/af/courses",
    "/af/categories",
    "/af/quizzes?course_id=1",
    "/af/course-access-management",
    "/af/exam-access-management",
    "/af/access-management/learners?q=ana",
    "/af/reports",
    "/af/reports/learning",
  ],
  isAbleToUpdateCourseStatus: ["/af/courses"],
  isAbleToBulkUploadQuizzes: [],
  isEbookManager: ["/af/ebooks"],
  isCouponManager: ["/af/coupons", "/af/reports", "/af/reports/coupons"],
  isTicketLessonQAManager: ["/af/lesson/qas"],
  isPhysicalProductManager: [
    "/af/products",
    "/af/products-overview",
    "/af/shop-categories",
    "/af/shop-distributors",
    "/af/stock-requests",
    "/af/shipments",
  ],
  isSponsorshipManager: ["/af/sponsorships"],
  isSalaryScaleManager: ["/af/salary-scales", "/af/household-income-categories"],
  isUserExportManager: ["/af/users/export.csv"],
  isOrderManager: ["/af/orders", "/af/transactions", "/af/reports", "/af/reports/sales"],
  isConfigManager: ["/af/configurations"],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function refusals(flags: PermissionName[], urls: string[]) {
  const admin = await buildAdmin(t, flags);
  const failed: string[] = [];
  for (const url of urls) {
    const response = await t.app.inject({ method: "GET", url: `/api${url}`, headers: admin.auth });
    if (response.statusCode !== 200) failed.push(`${response.statusCode} GET ${url}`);
  }
  return failed;
}

describe("each flag alone reads what its pages need", () => {
  it("every administrator reads the role-only pages' lists", async () => {
    expect(await refusals([], everyAdministrator)).toEqual([]);
  });

  for (const [flag, urls] of Object.entries(readsOf) as [PermissionName, string[]][]) {
    if (urls.length === 0) continue;
    it(flag, async () => {
      expect(await refusals([flag], urls)).toEqual([]);
    });
  }
});
