import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { enrol } from "../catalog/catalog.fixtures";
import {
  checkoutRequests,
  coupons,
  courses,
  enrolments,
  examAccesses,
  orderLines,
  orders,
  payments,
  savedCards,
} from "../db/schema/index";
import {
  buildCoupon,
  buildPaidCourse,
  buyWithThreeDSecure,
  cards,
  cardToken,
  checkoutAs,
} from "./commerce.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const enrolmentOf = async (userId: number, courseId: number) =>
  (
    await t.deps.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
  )[0];
const ordersOf = (userId: number) => t.deps.db.select().from(orders).where(eq(orders.userId, userId));

describe("server pricing", () => {
  it("prices every line from the catalogue and ignores the browser's prices", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/iu/cart/price",
      headers: ana.auth,
      payload: {
        items: [
          { type: "course", id: course.id, name: "Cheap!", price: 0.01 },
          { type: "exam_accesses", id: course.levelExamId, price: 0 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lines[0]).toMatchObject({ type: "course", unit_price: 29, price: 29, problem: null });
    expect(body.lines[0].name).not.toBe("Cheap!");
    expect(body.lines[1]).toMatchObject({ type: "exam_accesses", unit_price: 9, quantity: 1, price: 9 });
    expect(body).toMatchObject({
      subtotal: 38,
      total: 38,
      total_pence: 3800,
      item_count: 2,
      has_problems: false,
    });
    expect(body.coupon.status).toBe("emptyCoupon");
  });

  it("applies a coupon to the lines it covers and says when a code is invalid or expired", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2999);
    const coupon = await buildCoupon(t, { percentage: 20, itemTypes: ["course"] });
    const price = (code: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/iu/cart/price",
        headers: ana.auth,
        payload: {
          items: [
            { type: "course", id: course.id },
            { type: "exam_accesses", id: course.moduleExamId },
          ],
          coupon_code: code,
        },
      });
    const applied = (await price(coupon.code.toLowerCase())).json();
    expect(applied.coupon).toMatchObject({
      status: "applied",
      value: 20,
      discount_type: "percentage",
      total_discounted_amount: 6,
    });
    expect(applied.lines[0]).toMatchObject({
      code: coupon.code,
      discountedAmount: 6,
      discountedPrice: 23.99,
      price: 23.99,
    });
    expect(applied.lines[1]).toMatchObject({ code: null, price: 5 });
    expect(applied.total).toBe(28.99);

    const expired = await buildCoupon(t, { validTo: new Date(Date.now() - 86_400_000) });
    const body = (await price(expired.code)).json();
    expect(body.coupon).toMatchObject({
      status: "invalid",
      message: "Invalid or expired coupon for this value",
    });
    expect(body.total).toBe(34.99);
    // A flat coupon worth more than what it covers is refused "for this value".
    const big = await buildCoupon(t, { discountType: "flat", percentage: null, amountPence: 10_000 });
    expect((await price(big.code)).json().coupon.status).toBe("invalid");
  });

  it("prices a title's module exams in one item, and only the exams when the title is owned", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    await enrol(t, ana.id, course.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/iu/cart/price",
      headers: ana.auth,
      payload: {
        items: [
          {
            type: "course",
            id: course.id,
            items: [
              { type: "exam_accesses", id: course.moduleExamId },
              { type: "exam_accesses", id: course.levelExamId },
            ],
          },
        ],
      },
    });
    const body = res.json();
    expect(body.lines[0]).toMatchObject({ price: 0, problem: null });
    expect(body.lines[0].items.map((i: { price: number }) => i.price)).toEqual([5, 9]);
    expect(body).toMatchObject({ total: 14, item_count: 3 });
  });
});

describe("checkout", () => {
  it("charges the server's price, enrols the learner and replays the same answer for the same key", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const token = await cardToken(t);
    const payload = {
      items: [{ type: "course", id: course.id, price: 0.01 }],
      payment: { card_token: token },
    };
    const first = await checkoutAs(t, ana, payload, "key-ana-0001");
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: "succeeded", order_status: "paid", total: 29 });
    expect(first.json().message).toBe("Payment successful. Thank you for your purchase!");
    const again = await checkoutAs(t, ana, payload, "key-ana-0001");
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const mine = await ordersOf(ana.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.totalPence).toBe(2900);
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, mine[0]!.id))).toHaveLength(1);
    expect((await enrolmentOf(ana.id, course.id))?.source).toBe("purchase");

    const other = await checkoutAs(t, ana, { ...payload, coupon_code: "OTHER" }, "key-ana-0001");
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe("This checkout key was already used for a different cart");
  });

  it("makes one order and one charge when the same request arrives twice at once", async () => {
    const leo = await buildLearner(t);
    const course = await buildPaidCourse(t, 1500);
    const token = await cardToken(t);
    const payload = { items: [{ type: "course", id: course.id }], payment: { card_token: token } };
    const [a, b] = await Promise.all([
      checkoutAs(t, leo, payload, "double-click-1"),
      checkoutAs(t, leo, payload, "double-click-1"),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().order_id).toBe(b.json().order_id);
    expect(await ordersOf(leo.id)).toHaveLength(1);
  });

  it("requires an Idempotency-Key header", async () => {
    const ana = await buildLearner(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/iu/checkout",
      headers: ana.auth,
      payload: { items: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Idempotency-Key");
  });

  it("changes nothing when the card is declined", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const coupon = await buildCoupon(t, { maxUses: 3 });
    const res = await checkoutAs(t, ana, {
      items: [{ type: "course", id: course.id }],
      coupon_code: coupon.code,
      payment: { card_token: await cardToken(t, cards.declined) },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: "Your card was declined." });
    const es = await checkoutAs(
      t,
      ana,
      {
        items: [{ type: "course", id: course.id }],
        payment: { card_token: await cardToken(t, cards.insufficient) },
      },
      undefined,
      { "x-language-id": "2" },
    );
    expect(es.json().message).toBe("Tu tarjeta no tiene fondos suficientes.");
    expect(await ordersOf(ana.id)).toHaveLength(0);
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
    expect(await enrolmentOf(ana.id, course.id)).toBeUndefined();
    expect(
      await t.deps.db
        .select()
        .from(checkoutRequests)
        .where(eq(checkoutRequests.scope, `u:${ana.id}`)),
    ).toHaveLength(0);
  });

  it("never lets 20 concurrent checkouts use a coupon more than its limit", async () => {
    const course = await buildPaidCourse(t, 2000);
    const coupon = await buildCoupon(t, { maxUses: 5 });
    const token = await cardToken(t);
    const learners = await Promise.all(Array.from({ length: 20 }, () => buildLearner(t)));
    const answers = await Promise.all(
      learners.map((l) =>
        checkoutAs(t, l, {
          items: [{ type: "course", id: course.id }],
          coupon_code: coupon.code,
          payment: { card_token: token },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(15);
    expect(answers.find((a) => a.statusCode === 422)!.json().errors.coupon_code).toEqual([
      "Invalid or expired coupon for this value",
    ]);
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(5);
    const paid = await t.deps.db.select().from(orders).where(eq(orders.couponId, coupon.id));
    expect(paid).toHaveLength(5);
    expect(paid.every((o) => o.totalPence === 1800)).toBe(true);
  });

  it("holds a 3-D Secure payment until it is confirmed, then grants", async () => {
    const ana = await buildLearner(t);
    const { course, answer, nextActionUrl, approve, confirm } = await buyWithThreeDSecure(t, ana);
    expect(answer).toMatchObject({ status: "requires_action", order_status: "requires_action" });
    expect(nextActionUrl).toMatch(/^\/api\/payments\/sandbox\/authenticate\//);
    expect(await enrolmentOf(ana.id, course.id)).toBeUndefined();

    expect((await confirm()).json().status).toBe("requires_action");
    const page = await t.app.inject({ url: nextActionUrl });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("29.00");
    const approved = await approve();
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe("/iu/checkout");
    const done = await confirm();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: "succeeded", order_status: "paid" });
    expect((await enrolmentOf(ana.id, course.id))?.source).toBe("purchase");
    // Another learner cannot confirm it.
    expect((await confirm(await buildLearner(t))).statusCode).toBe(404);
  });

  it("gives the coupon use back when the extra confirmation fails", async () => {
    const ana = await buildLearner(t);
    const coupon = await buildCoupon(t, { maxUses: 1 });
    const { course, orderId, approve, confirm } = await buyWithThreeDSecure(t, ana, {
      couponCode: coupon.code,
    });
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(1);
    await approve("fail");
    const res = await confirm();
    expect(res.statusCode).toBe(402);
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe("failed");
    expect(await enrolmentOf(ana.id, course.id)).toBeUndefined();
  });

  it("buys exam accesses for several modules in one item, through the quizzes' exam accesses", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    await enrol(t, ana.id, course.id);
    const res = await checkoutAs(t, ana, {
      items: [
        {
          type: "course",
          id: course.id,
          items: [
            { type: "exam_accesses", id: course.moduleExamId },
            { type: "exam_accesses", id: course.levelExamId },
          ],
        },
      ],
      payment: { card_token: await cardToken(t) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBe(14);
    const accesses = await t.deps.db.select().from(examAccesses).where(eq(examAccesses.userId, ana.id));
    expect(accesses.map((a) => [a.quizId, a.source]).sort()).toEqual(
      [
        [course.moduleExamId, "purchase"],
        [course.levelExamId, "purchase"],
      ].sort(),
    );
    expect(accesses.every((a) => a.orderLineId !== null)).toBe(true);
  });

  it("records each line's grant and the paid order in the one write of an exam-only checkout", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    await t.app.inject({
      method: "PUT",
      url: "/api/iu/cart",
      headers: ana.auth,
      payload: { items: [{ type: "exam_accesses", id: course.moduleExamId }], updated_at: 1 },
    });
    const key = "exam-only-checkout-1";
    const payload = {
      items: [{ type: "exam_accesses", id: course.moduleExamId }],
      payment: { card_token: await cardToken(t) },
    };
    const res = await checkoutAs(t, ana, payload, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: "succeeded", order_status: "paid", total: 5 });
    const [order] = await ordersOf(ana.id);
    expect(order).toMatchObject({ status: "paid", totalPence: 500, subtotalPence: 500 });
    expect(order!.paidAt).not.toBeNull();
    const lines = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toHaveLength(1);
    const accesses = await t.deps.db.select().from(examAccesses).where(eq(examAccesses.userId, ana.id));
    expect(accesses).toHaveLength(1);
    expect(accesses.every((a) => a.orderLineId === lines[0]!.id && a.source === "purchase")).toBe(true);
    expect(lines[0]).toMatchObject({
      quantity: 1,
      paidPence: 500,
      grant: {
        examAccessIds: accesses.map((a) => a.id).sort((a, b) => a - b),
      },
    });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment).toMatchObject({ status: "succeeded", amountPence: 500 });
    const [request] = await t.deps.db.select().from(checkoutRequests).where(eq(checkoutRequests.key, key));
    // The public number is given at commit, after the answer was stored; a replay adds it.
    expect(request).toMatchObject({
      statusCode: 201,
      orderId: order!.id,
      response: { ...res.json(), order_number: null },
    });
    expect(res.json().order_number).toMatch(/^A-\d{6}$/);
    const cart = await t.app.inject({ url: "/api/iu/cart", headers: ana.auth });
    expect(cart.json().items).toEqual([]);
    const again = await checkoutAs(t, ana, payload, key);
    expect(again.json()).toEqual(res.json());
    expect(await ordersOf(ana.id)).toHaveLength(1);
  });

  it("records a title's enrolment grant and pays with a saved card of the buyer's only", async () => {
    const ana = await buildLearner(t);
    const bob = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const countOf = async () =>
      (await t.deps.db.select().from(courses).where(eq(courses.id, course.id)))[0]!.enrolmentCount;
    const before = await countOf();
    const bought = await checkoutAs(t, ana, {
      items: [{ type: "course", id: course.id }],
      payment: { card_token: await cardToken(t), save_card: true },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await enrolmentOf(ana.id, course.id))?.source).toBe("purchase");
    expect(await countOf()).toBe(before + 1);
    const [line] = await t.deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, bought.json().order_id));
    expect(line!.grant).toEqual({ enrolmentCreated: true, courseId: course.id, userId: ana.id });
    const [card] = await t.deps.db.select().from(savedCards).where(eq(savedCards.userId, ana.id));
    expect(card).toMatchObject({ brand: "visa", last4: "4242" });

    const exam = { items: [{ type: "exam_accesses", id: course.moduleExamId }] };
    const withCard = await checkoutAs(t, ana, { ...exam, payment: { saved_card_id: card!.id } });
    expect(withCard.statusCode, withCard.body).toBe(201);
    const notHers = await checkoutAs(t, bob, { ...exam, payment: { saved_card_id: card!.id } });
    expect(notHers.statusCode).toBe(422);
    expect(Object.keys(notHers.json().errors)).toEqual(["payment.saved_card_id"]);
    expect(await ordersOf(bob.id)).toHaveLength(0);
  });

  it("refuses a cart with an item that cannot be bought", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    await t.deps.db.update(courses).set({ status: "draft" }).where(eq(courses.id, course.id));
    const res = await checkoutAs(t, ana, {
      items: [{ type: "course", id: course.id }],
      payment: { card_token: await cardToken(t) },
    });
    expect(res.statusCode).toBe(422);
    expect(await ordersOf(ana.id)).toHaveLength(0);
  });
});
