/**
 * Reports over real data: orders paid through checkout (one with a coupon), a
 * line refunded through the refunds route, a certificate, a class, graded exams and answered tickets;
 * the figures, the CSV and who may read which area.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildAdmin,
  buildHeadAdmin,
  buildLearner,
  buildMasterAdmin,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCoupon, buildPaidCourse, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import {
  certificates,
  classCourses,
  classMembers,
  institutions,
  learnerClasses,
  quizAttempts,
  ticketMessages,
  tickets,
} from "../db/schema/index";

let t: TestApp;
let ana: BuiltUser;
let leo: BuiltUser;
let titleA: Awaited<ReturnType<typeof buildPaidCourse>>;
let titleB: Awaited<ReturnType<typeof buildPaidCourse>>;
let couponCode: string;
const hours = (n: number) => new Date(Date.now() - n * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  ana = await buildLearner(t);
  leo = await buildLearner(t);
  titleA = await buildPaidCourse(t, 2900);
  titleB = await buildPaidCourse(t, 2900);
  couponCode = (await buildCoupon(t, { percentage: 10, itemTypes: ["course"] })).code;

  // Ana: title A with 10 % off (£26.10). Leo: title B and its module exam (£34), the exam refunded.
  const paidA = await checkoutAs(t, ana, {
    items: [{ type: "course", id: titleA.id }],
    coupon_code: couponCode,
    payment: { card_token: await cardToken(t) },
  });
  expect(paidA.statusCode).toBe(201);
  const paidB = await checkoutAs(t, leo, {
    items: [{ type: "course", id: titleB.id, items: [{ type: "exam_accesses", id: titleB.moduleExamId }] }],
    payment: { card_token: await cardToken(t) },
  });
  expect(paidB.statusCode).toBe(201);
  const orderB = paidB.json().order_id as number;
  const orders = await buildAdmin(t, ["isOrderManager"]);
  const lines = (await t.app.inject({ url: `/api/af/orders/${orderB}`, headers: orders.auth })).json().lines;
  const examLine = lines.find((l: { type: string }) => l.type === "exam_accesses");
  const refund = await t.app.inject({
    method: "POST",
    url: "/api/af/refunds",
    headers: (await buildAdmin(t, ["isRefundsManager"])).auth,
    payload: { order_id: orderB, line_ids: [examLine.id], reason: "Bought by mistake" },
  });
  expect(refund.statusCode).toBe(201);

  // Learning: Ana completed title A (its certificate); Leo sat the module exam of B twice, passing once.
  const db = t.deps.db;
  await db.insert(certificates).values({
    userId: ana.id,
    kind: "title",
    courseId: titleA.id,
    itemId: titleA.id,
    itemTitleEn: "A",
    itemTitleEs: "A",
    code: `R${ana.id}`.padEnd(16, "X"),
  });
  for (const passed of [false, true]) {
    await db.insert(quizAttempts).values({
      userId: leo.id,
      quizId: titleB.moduleExamId,
      questionIds: [],
      deadlineAt: new Date(),
      submittedAt: new Date(),
      status: "submitted",
      scorePercent: passed ? 80 : 40,
      passed,
    });
  }
  const [school] = await db
    .insert(institutions)
    .values({ name: "Colegio Norte", kind: "school" })
    .returning();
  const [klass] = await db
    .insert(learnerClasses)
    .values({ institutionId: school!.id, name: "5B" })
    .returning();
  await db.insert(classMembers).values([
    { classId: klass!.id, userId: ana.id },
    { classId: klass!.id, userId: leo.id },
  ]);
  await db.insert(classCourses).values({ classId: klass!.id, courseId: titleA.id });

  // Support: one ticket answered after 1 h and resolved after 3 h, one still waiting.
  const [answered] = await db
    .insert(tickets)
    .values({
      userId: ana.id,
      description: "Video",
      status: "resolved",
      createdAt: hours(4),
      resolvedAt: hours(1),
    })
    .returning();
  await db.insert(ticketMessages).values([
    {
      ticketId: answered!.id,
      authorId: ana.id,
      authorKind: "requester",
      body: "Hello",
      createdAt: hours(3.5),
    },
    { ticketId: answered!.id, authorKind: "staff", body: "Fixed", createdAt: hours(3) },
  ]);
  await db.insert(tickets).values({ userId: leo.id, description: "Exam", createdAt: hours(2) });
});
afterAll(() => t.close());

const month = new Date().toISOString().slice(0, 7);
const read = (user: BuiltUser, url: string, language = "en") =>
  t.app.inject({ url: `/api${url}`, headers: { ...user.auth, "accept-language": language } });

describe("the sales report", () => {
  it("adds up what was paid by month, title and product, net of the refunded line", async () => {
    const res = await read(await buildAdmin(t, ["isOrderManager"]), "/af/reports/sales");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual([
      { currency: "GBP", orders: 2, gross_pence: 6010, refunded_pence: 500, net_pence: 5510 },
    ]);
    // The last twelve calendar months, this one last, empty months as zeros.
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)).toEqual({
      month,
      currency: "GBP",
      orders: 2,
      gross_pence: 6010,
      refunded_pence: 500,
      net_pence: 5510,
    });
    expect(body.months[0]).toMatchObject({ orders: 0, net_pence: 0 });
    expect(body.titles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ course_id: titleA.id, sold: 1, gross_pence: 2610, net_pence: 2610 }),
        expect.objectContaining({ course_id: titleB.id, sold: 1, gross_pence: 2900, refunded_pence: 0 }),
      ]),
    );
    expect(body.products).toEqual([
      expect.objectContaining({
        type: "exam_accesses",
        item_id: titleB.moduleExamId,
        sold: 1,
        gross_pence: 500,
        refunded_pence: 500,
        net_pence: 0,
      }),
    ]);
  });

  it("exports a table as CSV with a byte-order mark, a header row, decimal amounts and their currency", async () => {
    const res = await read(
      await buildAdmin(t, ["isOrderManager"]),
      "/af/reports/sales/export.csv?view=titles",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="sales-titles-\d{4}-\d{2}-01-/);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = res.body.slice(1).trimEnd().split("\r\n");
    expect(rows[0]).toBe("course_id,title,sold,currency,gross,refunded,net");
    const rowA = rows.find((row) => row.startsWith(`${titleA.id},`));
    expect(rowA).toMatch(/,1,GBP,26\.10,0\.00,26\.10$/);
  });

  it("counts only the days asked for, and refuses a period that ends before it starts", async () => {
    const admin = await buildAdmin(t, ["isOrderManager"]);
    const past = (await read(admin, "/af/reports/sales?from=2020-01-01&to=2020-03-31")).json();
    expect(past.range).toEqual({ from: "2020-01-01", to: "2020-03-31" });
    expect(past.months.map((m: { month: string }) => m.month)).toEqual(["2020-01", "2020-02", "2020-03"]);
    expect(past.titles).toEqual([]);
    const wrong = await read(admin, "/af/reports/sales?from=2026-05-01&to=2026-04-01", "es");
    expect(wrong.statusCode).toBe(422);
    expect(JSON.stringify(wrong.json())).toContain("La fecha final debe ser igual o posterior a la inicial");
    expect((await read(admin, "/af/reports/sales?from=2026-02-30")).statusCode).toBe(422);
    expect((await read(admin, "/af/reports/sales/export.csv?view=nope")).statusCode).toBe(422);
  });
});

describe("refunds and coupons", () => {
  it("counts the refund in its month and the coupon's uses, discount and what its orders brought in", async () => {
    const refunds = (await read(await buildAdmin(t, ["isAbleToViewRefunds"]), "/af/reports/refunds")).json();
    expect(refunds.totals).toEqual([{ currency: "GBP", refunds: 1, amount_pence: 500, credit_pence: 0 }]);
    expect(refunds.months.at(-1)).toMatchObject({ month, refunds: 1, amount_pence: 500 });
    const coupons = (await read(await buildAdmin(t, ["isCouponManager"]), "/af/reports/coupons")).json();
    expect(coupons.coupons).toEqual([
      expect.objectContaining({ code: couponCode, uses: 1, buyers: 1, discount_pence: 290, net_pence: 2610 }),
    ]);
  });
});

describe("the learning report", () => {
  it("gives completion and exam pass rates per title and per class", async () => {
    const body = (await read(await buildAdmin(t, ["isCourseManager"]), "/af/reports/learning")).json();
    const byId = (id: number) => body.titles.find((row: { course_id: number }) => row.course_id === id);
    expect(byId(titleA.id)).toMatchObject({
      enrolled: 1,
      completed: 1,
      completion_rate: 100,
      pass_rate: null,
    });
    expect(byId(titleB.id)).toMatchObject({
      enrolled: 1,
      completed: 0,
      completion_rate: 0,
      exam_attempts: 2,
      exams_passed: 1,
      pass_rate: 50,
    });
    expect(body.classes).toEqual([
      expect.objectContaining({
        name: "5B",
        institution: "Colegio Norte",
        members: 2,
        enrolled: 1,
        completed: 1,
        completion_rate: 100,
        exam_attempts: 0,
        pass_rate: null,
      }),
    ]);
  });
});

describe("the support report", () => {
  it("counts tickets and the median times to the first staff reply and to resolution", async () => {
    const body = (
      await read(await buildAdmin(t, ["isTicketSystemManager"]), "/af/reports/support", "es")
    ).json();
    expect(body.totals).toEqual({
      opened: 2,
      resolved: 1,
      answered: 1,
      first_response_median_seconds: 3600,
      resolution_median_seconds: 10_800,
    });
    expect(body.months.at(-1)).toMatchObject({ month, opened: 2 });
    expect(body.subjects).toEqual([
      expect.objectContaining({ subject_id: null, name: "Sin asunto", opened: 2 }),
    ]);
    const csv = await read(await buildAdmin(t, ["isTicketTeamLeadership"]), "/af/reports/support/export.csv");
    expect(csv.body).toContain(`${month},2,1,1,1.00,3.00`);
  });
});

describe("who reads which report", () => {
  it("opens each area to its flags only, and lists the areas the caller may open", async () => {
    const coupons = await buildAdmin(t, ["isCouponManager"]);
    expect((await read(coupons, "/af/reports")).json()).toEqual({ areas: ["coupons"] });
    expect((await read(coupons, "/af/reports/coupons")).statusCode).toBe(200);
    for (const area of ["sales", "refunds", "learning", "support"]) {
      expect((await read(coupons, `/af/reports/${area}`)).statusCode, area).toBe(403);
      expect((await read(coupons, `/af/reports/${area}/export.csv`)).statusCode, area).toBe(403);
    }
    const faqs = await buildAdmin(t, ["isFaqManager"]);
    expect((await read(faqs, "/af/reports")).statusCode).toBe(403);
    expect((await read(ana, "/af/reports/sales")).statusCode).toBe(403);
  });

  it("lets head and master administrators read every area in their own area, with the same figures", async () => {
    const head = await buildHeadAdmin(t);
    const master = await buildMasterAdmin(t);
    const all = ["sales", "refunds", "coupons", "learning", "support"];
    expect((await read(head, "/ha/reports")).json()).toEqual({ areas: all });
    expect((await read(master, "/ma/reports")).json()).toEqual({ areas: all });
    expect((await read(head, "/ha/reports/sales")).json().totals[0].net_pence).toBe(5510);
    expect((await read(master, "/ma/reports/coupons/export.csv")).body).toContain(
      `${couponCode},1,1,GBP,2.90,26.10`,
    );
    expect((await read(head, "/af/reports/sales")).statusCode).toBe(403);
    expect((await read(head, "/ma/reports/sales")).statusCode).toBe(403);
  });
});
