import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, sessionToken } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { seedAccounts } from "../seed/accounts.seed";
import { seedCatalog } from "../seed/catalog.seed";
import { seedCommerce } from "../seed/commerce.seed";
import { seedQuizzes } from "../seed/quizzes.seed";

let t: TestApp;
let ana: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  const context = { db: t.deps.db, storage: t.deps.storage };
  for (const seeder of [seedAccounts, seedCatalog, seedQuizzes, seedCommerce]) await seeder(context);
  const user = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, "ana") });
  ana = {
    authorization: `Bearer ${await sessionToken(t, { id: user!.id, roleId: 1 })}`,
  };
});
afterAll(() => t.close());

describe("the demo commerce data", () => {
  it("has the two coupons, salary scales with categories, and ana's past order with a receipt", async () => {
    const admin = await buildAdmin(t, ["isCouponManager", "isSalaryScaleManager", "isRefundsManager"]);
    const codes = (await t.app.inject({ url: "/api/af/coupons", headers: admin.auth }))
      .json()
      .data.map((c: { code: string }) => c.code);
    expect(codes.sort()).toEqual(["FIVEOFF", "WEEK20"]);
    const scale = (await t.app.inject({ url: "/api/iu/salary-scale", headers: ana })).json();
    expect(scale.countries.length).toBeGreaterThanOrEqual(3);
    expect(scale.household_income_categories.length).toBe(4);

    const history = (await t.app.inject({ url: "/api/iu/purchases", headers: ana })).json();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ type: "course", amount: 23.2, status: "paid" });
    const receipt = await t.app.inject({ url: history.data[0].receipt_url, headers: ana });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");

    const refund = await t.app.inject({
      method: "POST",
      url: "/api/af/refunds",
      headers: admin.auth,
      payload: { order_id: history.data[0].order, reason: "Demo refund" },
    });
    expect(refund.statusCode).toBe(201);
  });
});
