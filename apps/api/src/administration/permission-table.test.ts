/**
 * The page table and the 30 flags of spec section 6, against the API. Built from the contract's
 * `adminPagePermissions` and `Permission`, so a page or flag added there without an endpoint probe
 * here fails to compile: for every area, an administrator holding every flag but the area's is
 * refused (403), and one holding only one of the area's flags gets through the guard.
 */
import {
  type AdminPage,
  adminPagePermissions,
  type PermissionName,
  permissionNames,
} from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

type Probe = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  /** Flags the endpoint also accepts beyond the page's (documented, deliberate differences). */
  alsoAllowedBy?: PermissionName[];
  why?: string;
};

const missing = 999_999;

/** One endpoint per admin page of the table (the list the page loads first). */
const pageProbes: Record<AdminPage, Probe> = {
  tickets: { method: "GET", url: "/af/tickets" },
  ticketSubjects: { method: "GET", url: "/af/tickets/subjects" },
  lessonQas: { method: "GET", url: "/af/lesson/qas" },
  events: { method: "GET", url: "/af/events" },
  config: { method: "GET", url: "/af/configurations" },
  faqCategories: {
    method: "GET",
    url: "/af/faqs/categories",
    alsoAllowedBy: ["isFaqManager"],
    why: "FAQ managers pick an entry's category from the list",
  },
  faqEntries: { method: "GET", url: "/af/faqs/entries" },
  courses: {
    method: "GET",
    url: "/af/courses",
    alsoAllowedBy: ["isAbleToUpdateCourseStatus"],
    why: "whoever may change a title's status must be able to list the titles",
  },
  categories: {
    method: "GET",
    url: "/af/categories",
    alsoAllowedBy: ["isCourseManager"],
    why: "course managers pick a category when they write a title",
  },
  products: { method: "GET", url: "/af/products" },
  users: { method: "GET", url: "/af/users" },
  refunds: { method: "GET", url: "/af/refunds" },
  globalNotifications: { method: "GET", url: "/af/global-notifications" },
  adverts: { method: "GET", url: "/af/adverts" },
  coupons: { method: "GET", url: "/af/coupons" },
  sponsorships: { method: "GET", url: "/af/sponsorships" },
  orders: { method: "GET", url: "/af/orders" },
  transactions: { method: "GET", url: "/af/transactions" },
  accessManagement: { method: "GET", url: "/af/course-access-management" },
  privacyRequests: { method: "GET", url: "/af/privacy/exports" },
  ebooks: { method: "GET", url: "/af/ebooks" },
  salaryScales: { method: "GET", url: "/af/salary-scales" },
  // The list of report areas; each area's own flags are checked in reports/reports.test.ts.
  reports: { method: "GET", url: "/af/reports" },
};

/**
 * Every flag: the page it opens, an endpoint of its own, or why it has no guard of its own yet.
 * A string is a reason (reported, not silently skipped).
 */
const flagProbes: Record<PermissionName, AdminPage | Probe | string> = {
  isFaqManager: "faqEntries",
  isTicketSubjectManager: "ticketSubjects",
  isTicketContentManager: "tickets",
  isTicketSystemManager: "tickets",
  isFaqCategoryManager: "faqCategories",
  isUserManager: "users",
  isAbleToDeleteUsers: { method: "DELETE", url: `/af/users/${missing}` },
  isAbleToViewUserPurchaseHistory: { method: "GET", url: `/af/users/${missing}/purchases` },
  // Also widens the desk to refund-routed tickets (privacy.test.ts).
  isTicketRefundManager: { method: "GET", url: `/af/tickets/${missing}/purchases` },
  isRefundsManager: { method: "POST", url: "/af/refunds" },
  isAbleToViewRefunds: "refunds",
  // Also acts on others' claimed tickets inside the desk policy (tickets.test.ts).
  isTicketTeamLeadership: { method: "GET", url: "/af/tickets/workload" },
  isGlobalNotificationsManager: "globalNotifications",
  // Also widens the desk to privacy-routed tickets (privacy.test.ts).
  isTicketGDPRManager: { method: "GET", url: "/af/privacy/tickets" },
  isGDPRManager: "privacyRequests",
  isAdvertManager: "adverts",
  isCategoryManager: "categories",
  isEventManager: "events",
  isCourseManager: "courses",
  isAbleToUpdateCourseStatus: { method: "PUT", url: `/af/courses/${missing}/status` },
  isAbleToBulkUploadQuizzes: { method: "POST", url: "/af/quizzes/bulk-upload" },
  isEbookManager: "ebooks",
  isCouponManager: "coupons",
  isTicketLessonQAManager: "lessonQas",
  isPhysicalProductManager: "products",
  isSponsorshipManager: "sponsorships",
  isSalaryScaleManager: "salaryScales",
  isUserExportManager: { method: "GET", url: "/af/users/export.csv" },
  isOrderManager: "orders",
  isConfigManager: "config",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function statusFor(probe: Probe, flags: readonly PermissionName[]): Promise<number> {
  const admin = await buildAdmin(t, flags);
  const res = await t.app.inject({
    method: probe.method,
    url: `/api${probe.url}`,
    headers: admin.auth,
    ...(probe.method === "GET" || probe.method === "DELETE" ? {} : { payload: {} }),
  });
  return res.statusCode;
}

/** Through the guard: anything but 401/403 (a missing record or an empty body answers 404/4xx after it). */
const passedGuard = (status: number) => status !== 401 && status !== 403;

function checkArea(probe: Probe, granting: readonly PermissionName[]) {
  const accepted = [...granting, ...(probe.alsoAllowedBy ?? [])];
  it(`${probe.method} ${probe.url}: refused with every flag but ${accepted.join(" / ")}`, async () => {
    const others = permissionNames.filter((flag) => !accepted.includes(flag));
    expect(await statusFor(probe, others)).toBe(403);
    expect(await statusFor(probe, [])).toBe(403);
  });
  for (const flag of granting) {
    it(`${probe.method} ${probe.url}: allowed with only ${flag}`, async () => {
      expect(passedGuard(await statusFor(probe, [flag]))).toBe(true);
    });
  }
}

describe("the admin page table of spec section 6", () => {
  for (const page of Object.keys(adminPagePermissions) as AdminPage[]) {
    describe(page, () => checkArea(pageProbes[page], adminPagePermissions[page]));
  }
});

describe("all 30 permission flags", () => {
  it("names every flag exactly once", () => {
    expect(Object.keys(flagProbes).sort()).toEqual([...permissionNames].sort());
  });
  for (const flag of permissionNames) {
    const entry = flagProbes[flag];
    if (typeof entry === "string" && entry in adminPagePermissions) {
      it(`${flag} opens ${entry}`, () => {
        const page = entry as AdminPage;
        expect([...adminPagePermissions[page], ...(pageProbes[page].alsoAllowedBy ?? [])]).toContain(flag);
      });
    } else if (typeof entry === "string") {
      it.todo(`${flag}: ${entry}`);
    } else {
      describe(flag, () => checkArea(entry, [flag]));
    }
  }
});
