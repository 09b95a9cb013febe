import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildHeadAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let manager: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  manager = await buildAdmin(t, ["isSalaryScaleManager"]);
});
afterAll(() => t.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const as = (who: BuiltUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

async function category(name: string, qualifies = true) {
  const res = await as(manager, "POST", "/af/household-income-categories", {
    name_en: name,
    name_es: name,
    qualifies,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

describe("salary scales by country, with effective dates", () => {
  it("validates a scale: country code, percentage bounds, dates in order, one scale per country", async () => {
    const post = (body: object) => as(manager, "POST", "/af/salary-scales", body);
    const base = { country: "KE", name: "Kenya", discount_percentage: 40, effective_from: day(0) };
    const bad = await post({ ...base, country: "KEN", discount_percentage: 95 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["country", "discount_percentage"]);
    const order = await post({ ...base, effective_from: day(5), effective_until: day(1) });
    expect(order.json().errors.effective_until).toEqual(["The last day must be on or after the first day"]);
    const made = await post({ ...base, effective_until: day(30) });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      country: "KE",
      discount_percentage: 40,
      effective_from: day(0),
      effective_until: day(30),
      in_effect: true,
      declarations_count: 0,
    });
    const again = await post({ ...base, country: "ke" });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.country).toHaveLength(1);
    // Without a first day, a scale applies from today.
    const open = await post({ country: "GH", name: "Ghana", discount_percentage: 20 });
    expect(open.json()).toMatchObject({ effective_from: day(0), effective_until: null, in_effect: true });
  });

  it("offers and applies a country's discount only inside its effective dates", async () => {
    const low = await category("Under 5,000");
    const scale = (
      await as(manager, "POST", "/af/salary-scales", {
        country: "NG",
        name: "Nigeria",
        discount_percentage: 30,
        effective_from: day(10),
      })
    ).json();
    expect(scale.in_effect).toBe(false);
    const ana = await buildLearner(t);
    const mine = async () => (await as(ana, "GET", "/iu/salary-scale")).json();
    expect((await mine()).countries.map((c: { country: string }) => c.country)).not.toContain("NG");
    const early = await as(ana, "POST", "/iu/salary-scale", {
      country: "NG",
      household_income_category_id: low,
      declaration: true,
    });
    expect(early.statusCode).toBe(422);

    await as(manager, "PUT", `/af/salary-scales/${scale.id}`, {
      country: "NG",
      name: "Nigeria",
      discount_percentage: 30,
      effective_from: day(-1),
      effective_until: day(0),
    });
    expect(
      (
        await as(ana, "POST", "/iu/salary-scale", {
          country: "NG",
          household_income_category_id: low,
          declaration: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await mine()).discounted_country_range).toEqual({ discount_percentage: 30 });
    expect((await as(ana, "GET", "/auth/me")).json().salary_scale).toMatchObject({
      discounted_country_range: { discount_percentage: 30 },
    });
    // The range ended yesterday: no discount any more.
    await as(manager, "PUT", `/af/salary-scales/${scale.id}`, {
      country: "NG",
      name: "Nigeria",
      discount_percentage: 30,
      effective_from: day(-5),
      effective_until: day(-1),
    });
    expect((await mine()).discounted_country_range).toBeNull();
    expect((await as(manager, "GET", `/af/salary-scales/${scale.id}`)).json()).toMatchObject({
      in_effect: false,
      declarations_count: 1,
    });
  });
});

describe("reviewing learners' declarations", () => {
  it("lists a declaration with its statement, rejects it with a reason (no discount) until the learner declares again, and confirms it", async () => {
    const low = await category("Under 10,000");
    await as(manager, "POST", "/af/salary-scales", { country: "IN", name: "India", discount_percentage: 50 });
    const ana = await buildLearner(t);
    const declare = () =>
      as(ana, "POST", "/iu/salary-scale", {
        country: "IN",
        household_income_category_id: low,
        declaration: true,
      });
    expect((await declare()).statusCode).toBe(200);

    const listed = (await as(manager, "GET", "/af/salary-scale-declarations?status=declared")).json();
    const row = listed.data.find((d: { user: { id: number } }) => d.user.id === ana.id);
    expect(row).toMatchObject({
      country: "IN",
      scale: { name: "India", discount_percentage: 50, in_effect: true },
      household_income_category: { id: low, qualifies: true },
      statement_true: true,
      review_status: "declared",
      reviewed_by: null,
      discount_percentage: 50,
    });
    const found = (await as(manager, "GET", `/af/salary-scale-declarations?search=${ana.username}`)).json();
    expect(found.data.map((d: { user: { id: number } }) => d.user.id)).toEqual([ana.id]);

    const review = (body: object) => as(manager, "POST", `/af/users/${ana.id}/salary-scale/review`, body);
    expect((await review({ decision: "reject" })).statusCode).toBe(422);
    const rejected = await review({
      decision: "reject",
      reason: "The household income is above the category",
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: "Declaration rejected: the learner no longer gets the discount",
      data: {
        review_status: "rejected",
        reviewed_by: { username: manager.username },
        discount_percentage: null,
      },
    });
    const mine = (await as(ana, "GET", "/iu/salary-scale")).json();
    expect(mine.discounted_country_range).toBeNull();
    expect(mine.application).toMatchObject({
      review_status: "rejected",
      review_reason: "The household income is above the category",
    });

    // Declaring again is a new statement: trusted until reviewed again.
    await declare();
    const user = (await as(manager, "GET", `/af/users/${ana.id}/salary-scale`)).json();
    expect(user.data).toMatchObject({
      review_status: "declared",
      review_reason: null,
      discount_percentage: 50,
    });
    const confirmed = await review({ decision: "confirm" });
    expect(confirmed.json().data).toMatchObject({ review_status: "confirmed", discount_percentage: 50 });

    const head = await buildHeadAdmin(t);
    const log = (await as(head, "GET", `/ha/audit-log?entity=user&entity_id=${ana.id}`)).json().data;
    expect(log.map((r: { action: string }) => r.action)).toEqual([
      "salary_scale_declaration.confirm",
      "salary_scale_declaration.reject",
    ]);
    expect(log[1]).toMatchObject({
      before: { review_status: "declared", discount_percentage: 50 },
      after: { review_status: "rejected", discount_percentage: null },
    });
  });

  it("answers a learner without a declaration, an unknown one, and refuses other administrators", async () => {
    const bob = await buildLearner(t);
    expect((await as(manager, "GET", `/af/users/${bob.id}/salary-scale`)).json()).toEqual({ data: null });
    const missing = await as(manager, "POST", `/af/users/${bob.id}/salary-scale/review`, {
      decision: "confirm",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("This learner has not declared a salary scale");
    const users = await buildAdmin(t, ["isUserManager"]);
    expect((await as(users, "GET", `/af/users/${bob.id}/salary-scale`)).statusCode).toBe(403);
    expect((await as(users, "GET", "/af/salary-scale-declarations")).statusCode).toBe(403);
  });

  it("writes scale and category changes to the audit log", async () => {
    const head = await buildHeadAdmin(t);
    const made = (
      await as(manager, "POST", "/af/salary-scales", {
        country: "BO",
        name: "Bolivia",
        discount_percentage: 25,
      })
    ).json();
    await as(manager, "DELETE", `/af/salary-scales/${made.id}`);
    const id = await category("Audited");
    await as(manager, "PUT", `/af/household-income-categories/${id}`, {
      name_en: "Audited 2",
      name_es: "Auditada",
    });
    await as(manager, "DELETE", `/af/household-income-categories/${id}`);
    const scaleLog = (await as(head, "GET", `/ha/audit-log?entity=salary_scale&entity_id=${made.id}`)).json()
      .data;
    expect(scaleLog.map((r: { action: string }) => r.action)).toEqual([
      "salary_scale.delete",
      "salary_scale.create",
    ]);
    const categoryLog = (
      await as(head, "GET", `/ha/audit-log?entity=household_income_category&entity_id=${id}`)
    ).json().data;
    expect(categoryLog.map((r: { action: string }) => r.action)).toEqual([
      "income_category.delete",
      "income_category.update",
      "income_category.create",
    ]);
    expect(categoryLog[1]).toMatchObject({ before: { name_en: "Audited" }, after: { name_en: "Audited 2" } });
  });
});
