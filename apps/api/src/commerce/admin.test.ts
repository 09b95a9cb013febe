import type { PermissionName } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { salaryScaleOf } from "./salary-scales.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Call = [
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  allowed: PermissionName,
  payload?: object,
];
const calls: Call[] = [
  ["GET", "/api/af/coupons", "isCouponManager"],
  ["POST", "/api/af/coupons", "isCouponManager", { code: "PERM1", discount_type: "percentage", value: 10 }],
  ["GET", "/api/af/coupons/999999", "isCouponManager"],
  ["PUT", "/api/af/coupons/999999", "isCouponManager", { code: "PERM2", discount_type: "flat", value: 5 }],
  ["DELETE", "/api/af/coupons/999999", "isCouponManager"],
  ["GET", "/api/af/salary-scales", "isSalaryScaleManager"],
  [
    "POST",
    "/api/af/salary-scales",
    "isSalaryScaleManager",
    { country: "PT", name: "Portugal", discount_percentage: 10 },
  ],
  ["GET", "/api/af/salary-scales/999999", "isSalaryScaleManager"],
  [
    "PUT",
    "/api/af/salary-scales/999999",
    "isSalaryScaleManager",
    { country: "PT", name: "Portugal", discount_percentage: 10 },
  ],
  ["DELETE", "/api/af/salary-scales/999999", "isSalaryScaleManager"],
  ["GET", "/api/af/household-income-categories", "isSalaryScaleManager"],
  [
    "POST",
    "/api/af/household-income-categories",
    "isSalaryScaleManager",
    { name_en: "Low", name_es: "Bajo" },
  ],
  [
    "PUT",
    "/api/af/household-income-categories/999999",
    "isSalaryScaleManager",
    { name_en: "Low", name_es: "Bajo" },
  ],
  ["DELETE", "/api/af/household-income-categories/999999", "isSalaryScaleManager"],
  ["GET", "/api/af/transactions", "isOrderManager"],
  ["GET", "/api/af/orders", "isOrderManager"],
  ["GET", "/api/af/orders/999999", "isOrderManager"],
  ["GET", "/api/af/refunds", "isAbleToViewRefunds"],
  ["POST", "/api/af/refunds", "isRefundsManager", { order_id: 999999, reason: "Checking" }],
  ["GET", "/api/af/sponsorships", "isSponsorshipManager"],
  ["GET", "/api/af/users/999999/purchases", "isAbleToViewUserPurchaseHistory"],
];

describe("back-office permissions", () => {
  it("refuses guests, learners and administrators without the flag on every call, and admits the flag", async () => {
    const learner = await buildLearner(t);
    const other = await buildAdmin(t, ["isFaqManager"]);
    for (const [method, url, flag, payload] of calls) {
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect((await call({})).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await call(learner.auth)).statusCode, `${method} ${url} learner`).toBe(403);
      expect((await call(other.auth)).statusCode, `${method} ${url} other admin`).toBe(403);
      const allowed = await buildAdmin(t, [flag]);
      expect([200, 201, 404, 422], `${method} ${url} with ${flag}`).toContain(
        (await call(allowed.auth)).statusCode,
      );
    }
  });
});

describe("coupons", () => {
  it("creates, reads, updates and deletes a coupon, with a unique code and sane values", async () => {
    const admin = await buildAdmin(t, ["isCouponManager"]);
    const create = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/af/coupons", headers: admin.auth, payload });
    const made = await create({
      code: "spring-25",
      discount_type: "flat",
      value: 7.5,
      valid_from: "2030-01-01",
      valid_to: "2030-01-31",
      max_uses: 100,
      per_user_limit: 1,
      item_types: ["course"],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ code: "SPRING-25", value: 7.5, valid_to: "2030-01-31", uses: 0 });
    expect(
      (await create({ code: "SPRING-25", discount_type: "percentage", value: 10 })).json().errors.code,
    ).toEqual(["A coupon with this code already exists"]);
    expect((await create({ code: "TOOMUCH", discount_type: "percentage", value: 120 })).statusCode).toBe(422);
    const id = made.json().id;
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/af/coupons/${id}`,
      headers: admin.auth,
      payload: { code: "SPRING-25", discount_type: "percentage", value: 15, active: false },
    });
    expect(updated.json()).toMatchObject({ discount_type: "percentage", value: 15, active: false });
    const list = await t.app.inject({ url: "/api/af/coupons?search=spring", headers: admin.auth });
    expect(list.json().data.map((c: { id: number }) => c.id)).toContain(id);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/af/coupons/${id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(200);
  });
});

describe("salary scale", () => {
  it("gives a learner who declared a qualifying household income their country's percentage", async () => {
    const admin = await buildAdmin(t, ["isSalaryScaleManager"]);
    await t.app.inject({
      method: "POST",
      url: "/api/af/salary-scales",
      headers: admin.auth,
      payload: { country: "in", name: "India", discount_percentage: 50 },
    });
    const category = (
      await t.app.inject({
        method: "POST",
        url: "/api/af/household-income-categories",
        headers: admin.auth,
        payload: { name_en: "Under £10,000", name_es: "Menos de 10.000 £", qualifies: true },
      })
    ).json();
    const ana = await buildLearner(t);
    const apply = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url: "/api/iu/salary-scale",
        headers: { ...ana.auth, ...headers },
        payload,
      });
    const missing = await apply({ country: "IN", household_income_category_id: category.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.declaration).toEqual(["This field is required"]);
    expect(
      (
        await apply(
          { country: "IN", household_income_category_id: category.id, declaration: false },
          { "x-language-id": "2" },
        )
      ).json().errors.declaration,
    ).toEqual(["Este campo es obligatorio"]);
    expect(
      (await apply({ country: "FR", household_income_category_id: category.id, declaration: true }))
        .statusCode,
    ).toBe(422);
    const ok = await apply({ country: "IN", household_income_category_id: category.id, declaration: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ discounted_country_range: { discount_percentage: 50 } });
    expect(await salaryScaleOf(t.deps.db, ana.id)).toEqual({ discountPercentage: 50 });

    const { buildPaidCourse, buildCoupon } = await import("./commerce.fixtures");
    const course = await buildPaidCourse(t, 3000);
    const coupon = await buildCoupon(t, { percentage: 10, itemTypes: ["exam_accesses"] });
    const priced = (
      await t.app.inject({
        method: "POST",
        url: "/api/iu/cart/price",
        headers: ana.auth,
        payload: {
          items: [
            { type: "course", id: course.id },
            { type: "exam_accesses", id: course.moduleExamId },
          ],
          coupon_code: coupon.code,
        },
      })
    ).json();
    // The percentage applies to discounted items without a coupon.
    expect(priced.lines[0]).toMatchObject({
      is_discounted: true,
      salaryScaleDiscount: 15,
      price: 15,
      code: null,
    });
    expect(priced.lines[1]).toMatchObject({ salaryScaleDiscount: 0, discountedAmount: 0.5, price: 4.5 });
    expect(priced.salary_scale).toEqual({ discount_percentage: 50, total_discounted_amount: 15 });
    expect(priced.total).toBe(19.5);

    await t.app.inject({ method: "DELETE", url: "/api/iu/salary-scale", headers: ana.auth });
    expect(await salaryScaleOf(t.deps.db, ana.id)).toBeNull();
  });
});

describe("server cart", () => {
  it("keeps the newer cart", async () => {
    const ana = await buildLearner(t);
    const put = (updated_at: number, id: number) =>
      t.app.inject({
        method: "PUT",
        url: "/api/iu/cart",
        headers: ana.auth,
        payload: { items: [{ type: "course", id }], updated_at },
      });
    expect((await t.app.inject({ url: "/api/iu/cart", headers: ana.auth })).json()).toEqual({
      items: [],
      updated_at: 0,
    });
    await put(2000, 1);
    const stale = await put(1000, 2);
    expect(stale.json()).toEqual({ items: [{ type: "course", id: 1 }], updated_at: 2000 });
  });
});
