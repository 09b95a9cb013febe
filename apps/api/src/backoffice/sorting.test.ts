/**
 * Every back-office list sorts on the server by a whitelisted `sort` (`key`
 * ascending, `-key` descending), with the row id as tie-break so equal values keep one order across
 * pages; an unknown key is a translated 422. A few representative lists (coupons, FAQ entries,
 * permission groups, the audit log); the users list has its own keyset test (users.admin.test.ts).
 */
import {
  adminCourseSortKeys,
  administratorSortKeys,
  adminProductSortKeys,
  adminReviewSortKeys,
  advertSortKeys,
  certificateSortKeys,
  classSortKeys,
  couponSortKeys,
  creationRequestSortKeys,
  eventSortKeys,
  faqEntrySortKeys,
  globalNotificationSortKeys,
  institutionSortKeys,
  loginIssueSortKeys,
  orderSortKeys,
  outboxSortKeys,
  permissionGroupSortKeys,
  permissionNames,
  privacyExportSortKeys,
  qaSortKeys,
  refundSortKeys,
  salaryScaleDeclarationSortKeys,
  shipmentSortKeys,
  sponsorshipSortKeys,
  transactionSortKeys,
} from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildHeadAdmin, buildMasterAdmin, buildUser } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { faqCategories, faqEntries, institutions, permissionGroups } from "../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
async function list<T>(auth: Auth, url: string): Promise<T[]> {
  const res = await t.app.inject({ method: "GET", url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T[] }).data;
}

describe("coupons", () => {
  it("sort by a column both ways, equal values in id order, the default newest first", async () => {
    const admin = await buildAdmin(t, ["isCouponManager"]);
    const made: { code: string; value: number }[] = [
      { code: "SRTB", value: 20 },
      { code: "SRTA", value: 5 },
      { code: "SRTC", value: 20 },
    ];
    const ids: number[] = [];
    for (const coupon of made) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/af/coupons",
        headers: admin.auth,
        payload: { ...coupon, discount_type: "percentage" },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { id: number }).id);
    }
    const codes = async (sort: string) =>
      (await list<{ code: string }>(admin.auth, `/api/af/coupons?search=SRT${sort}`)).map((c) => c.code);

    expect(await codes("")).toEqual(["SRTC", "SRTA", "SRTB"]);
    expect(await codes("&sort=code")).toEqual(["SRTA", "SRTB", "SRTC"]);
    expect(await codes("&sort=-code")).toEqual(["SRTC", "SRTB", "SRTA"]);
    // SRTB and SRTC are both 20 %: the older first ascending, the newer first descending.
    expect(await codes("&sort=value")).toEqual(["SRTA", "SRTB", "SRTC"]);
    expect(await codes("&sort=-value")).toEqual(["SRTC", "SRTB", "SRTA"]);
    // Paging keeps the order: page 2 of one row each is the second row.
    expect(await codes("&sort=value&per_page=1&page=2")).toEqual(["SRTB"]);
    expect(ids).toHaveLength(3);
  });

  it("refuse a key the list does not sort by, in the caller's language", async () => {
    const admin = await buildAdmin(t, ["isCouponManager"]);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/af/coupons?sort=-percentage",
      headers: { ...admin.auth, "accept-language": "es" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sort).toEqual(["Elige uno de los valores de la lista"]);
  });
});

describe("FAQ entries", () => {
  it("sort by question, category and position", async () => {
    const admin = await buildAdmin(t, ["isFaqManager"]);
    const db = t.deps.db;
    const [zeta, alpha] = await db
      .insert(faqCategories)
      .values([
        { nameEn: "Zeta", nameEs: "Zeta" },
        { nameEn: "Alpha", nameEs: "Alfa" },
      ])
      .returning();
    await db.insert(faqEntries).values([
      {
        categoryId: zeta!.id,
        questionEn: "srtq Bravo?",
        questionEs: "srtq Bravo?",
        answerEn: "A.",
        answerEs: "A.",
        position: 1,
      },
      {
        categoryId: alpha!.id,
        questionEn: "srtq Charlie?",
        questionEs: "srtq Charlie?",
        answerEn: "A.",
        answerEs: "A.",
        position: 3,
      },
      {
        categoryId: zeta!.id,
        questionEn: "srtq alpha?",
        questionEs: "srtq alpha?",
        answerEn: "A.",
        answerEs: "A.",
        position: 2,
      },
    ]);
    const questions = async (sort: string) =>
      (
        await list<{ question: { en: string } }>(admin.auth, `/api/af/faqs/entries?search=srtq&sort=${sort}`)
      ).map((e) => e.question.en.replace("srtq ", ""));

    expect(await questions("question")).toEqual(["alpha?", "Bravo?", "Charlie?"]);
    expect(await questions("-question")).toEqual(["Charlie?", "Bravo?", "alpha?"]);
    expect(await questions("category")).toEqual(["Charlie?", "Bravo?", "alpha?"]);
    expect(await questions("-position")).toEqual(["Charlie?", "alpha?", "Bravo?"]);
  });
});

describe("permission groups", () => {
  it("sort by name both ways", async () => {
    const head = await buildHeadAdmin(t);
    await t.deps.db
      .insert(permissionGroups)
      .values([{ name: "srtg Mentors" }, { name: "srtg auditors" }, { name: "srtg Shop" }]);
    const names = async (sort: string) =>
      (await list<{ name: string }>(head.auth, `/api/ha/permission-groups?search=srtg&sort=${sort}`)).map(
        (g) => g.name,
      );
    expect(await names("name")).toEqual(["srtg auditors", "srtg Mentors", "srtg Shop"]);
    expect(await names("-name")).toEqual(["srtg Shop", "srtg Mentors", "srtg auditors"]);
  });
});

describe("institutions", () => {
  it("sort by a count both ways, equal counts in id order, the default by name", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const [bravo, alpha, charlie] = await t.deps.db
      .insert(institutions)
      .values([
        { name: "srti Bravo", kind: "school", city: "Leeds" },
        { name: "srti alpha", kind: "company", city: "York" },
        { name: "srti Charlie", kind: "school", city: "Bath" },
      ])
      .returning();
    for (const [institution, name] of [
      [charlie, "srti C1"],
      [charlie, "srti C2"],
      [bravo, "srti B1"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/af/classes",
        headers: admin.auth,
        payload: { name, institution_id: institution!.id },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const names = async (sort: string) =>
      (await list<{ name: string }>(admin.auth, `/api/af/institutions?search=srti${sort}`)).map((i) =>
        i.name.replace("srti ", ""),
      );
    expect(await names("")).toEqual(["alpha", "Bravo", "Charlie"]);
    expect(await names("&sort=classes")).toEqual(["alpha", "Bravo", "Charlie"]);
    expect(await names("&sort=-classes")).toEqual(["Charlie", "Bravo", "alpha"]);
    expect(await names("&sort=city")).toEqual(["Charlie", "Bravo", "alpha"]);
    // Bravo and Charlie are both schools: the older (Bravo) first ascending, last descending.
    expect(await names("&sort=kind")).toEqual(["alpha", "Bravo", "Charlie"]);
    expect(await names("&sort=-kind")).toEqual(["Charlie", "Bravo", "alpha"]);
    expect(alpha).toBeDefined();

    const classes = async (sort: string) =>
      (await list<{ name: string }>(admin.auth, `/api/af/classes?search=srti&sort=${sort}`)).map((c) =>
        c.name.replace("srti ", ""),
      );
    expect(await classes("name")).toEqual(["B1", "C1", "C2"]);
    expect(await classes("-name")).toEqual(["C2", "C1", "B1"]);
  });
});

describe("the head administrator's list of administrators", () => {
  it("sorts by username both ways", async () => {
    const head = await buildHeadAdmin(t);
    for (const name of ["srtb", "srta", "srtc"])
      await buildUser(t, { roleId: 3, overrides: { username: `${name}_admin` } });
    const usernames = async (sort: string) =>
      (
        await list<{ username: string }>(head.auth, `/api/ha/administrator-users?search=srt&sort=${sort}`)
      ).map((a) => a.username);
    expect(await usernames("username")).toEqual(["srta_admin", "srtb_admin", "srtc_admin"]);
    expect(await usernames("-username")).toEqual(["srtc_admin", "srtb_admin", "srta_admin"]);
  });
});

describe("the audit log", () => {
  it("is newest first, oldest first with sort=created_at, and sorts by nothing else", async () => {
    const head = await buildHeadAdmin(t);
    const newest = await list<{ id: number }>(head.auth, "/api/ha/audit-log?action=coupons.");
    const oldest = await list<{ id: number }>(head.auth, "/api/ha/audit-log?action=coupons.&sort=created_at");
    expect(newest.length).toBeGreaterThanOrEqual(3);
    expect(oldest.map((e) => e.id)).toEqual([...newest.map((e) => e.id)].reverse());
    const res = await t.app.inject({
      method: "GET",
      url: "/api/ha/audit-log?sort=actor",
      headers: head.auth,
    });
    expect(res.statusCode).toBe(422);
  });
});

describe("every server-sorted list", () => {
  const adminLists: [string, readonly string[]][] = [
    ["/api/af/courses", adminCourseSortKeys],
    ["/api/af/coupons", couponSortKeys],
    ["/api/af/orders", orderSortKeys],
    ["/api/af/transactions", transactionSortKeys],
    ["/api/af/refunds", refundSortKeys],
    ["/api/af/certificates", certificateSortKeys],
    ["/api/af/products", adminProductSortKeys],
    ["/api/af/faqs/entries", faqEntrySortKeys],
    ["/api/af/events", eventSortKeys],
    ["/api/af/global-notifications", globalNotificationSortKeys],
    ["/api/af/adverts", advertSortKeys],
    ["/api/af/salary-scale-declarations", salaryScaleDeclarationSortKeys],
    ["/api/af/institutions", institutionSortKeys],
    ["/api/af/classes", classSortKeys],
    ["/api/af/external-login-issues", loginIssueSortKeys],
    ["/api/af/sponsorships", sponsorshipSortKeys],
    ["/api/af/outbox", outboxSortKeys],
    ["/api/af/lesson/qas", qaSortKeys],
    ["/api/af/reviews", adminReviewSortKeys],
    ["/api/af/shipments", shipmentSortKeys],
    ["/api/af/privacy/exports", privacyExportSortKeys],
  ];
  const headLists: [string, readonly string[]][] = [
    ["/api/ha/permission-groups", permissionGroupSortKeys],
    ["/api/ha/administrator-users", administratorSortKeys],
    ["/api/ha/creation-requests", creationRequestSortKeys],
  ];
  const masterLists: [string, readonly string[]][] = [["/api/ma/creation-requests", creationRequestSortKeys]];

  it("answers each of its keys in both directions", async () => {
    const admin = await buildAdmin(t, permissionNames);
    const head = await buildHeadAdmin(t);
    const master = await buildMasterAdmin(t);
    for (const [lists, auth] of [
      [adminLists, admin.auth],
      [headLists, head.auth],
      [masterLists, master.auth],
    ] as const) {
      for (const [url, keys] of lists) {
        for (const key of keys) {
          for (const sort of [key, `-${key}`]) {
            const res = await t.app.inject({ method: "GET", url: `${url}?sort=${sort}`, headers: auth });
            expect(res.statusCode, `${url}?sort=${sort}: ${res.body}`).toBe(200);
          }
        }
        const bad = await t.app.inject({ method: "GET", url: `${url}?sort=id;drop`, headers: auth });
        expect(bad.statusCode, url).toBe(422);
      }
    }
  });
});
