import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { enrolments, examAccesses, notifications, orders } from "../db/schema/index";
import { buildPaidCourse, cardToken, checkoutAs } from "./commerce.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const enrolled = async (userId: number, courseId: number) =>
  (
    await t.deps.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
  )[0];

async function buyTitleAndExam(user: Awaited<ReturnType<typeof buildLearner>>) {
  const course = await buildPaidCourse(t, 2900);
  const res = await checkoutAs(t, user, {
    items: [{ type: "course", id: course.id, items: [{ type: "exam_accesses", id: course.moduleExamId }] }],
    payment: { card_token: await cardToken(t) },
  });
  expect(res.statusCode).toBe(201);
  return { course, orderId: res.json().order_id as number };
}

describe("purchase history and receipts", () => {
  it("lists what was bought with its order, transaction and status, and serves the receipt to its owner only", async () => {
    const ana = await buildLearner(t);
    const { orderId } = await buyTitleAndExam(ana);
    const list = await t.app.inject({ url: "/api/iu/purchases", headers: ana.auth });
    expect(list.statusCode).toBe(200);
    const [entry] = list.json().data;
    expect(entry).toMatchObject({
      order: orderId,
      amount: 34,
      payment_type: "course",
      type: "course",
      number_of_items: 2,
      status: "paid",
      shipping_address: null,
    });
    expect(entry.transaction_id).toMatch(/^pi_sandbox_/);
    expect(entry.items).toEqual([expect.objectContaining({ type: "exam_accesses", amount: 5 })]);

    const pdf = await t.app.inject({ url: `/api/iu/purchases/${orderId}/receipt`, headers: ana.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const leo = await buildLearner(t);
    expect(
      (await t.app.inject({ url: `/api/iu/purchases/${orderId}/receipt`, headers: leo.auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: "/api/iu/purchases", headers: leo.auth })).json().data).toEqual([]);
  });
});

describe("refunds", () => {
  it("takes back exactly what a partial refund refunds, then the rest on a full refund", async () => {
    const ana = await buildLearner(t);
    const { course, orderId } = await buyTitleAndExam(ana);
    const manager = await buildAdmin(t, ["isRefundsManager"]);
    const order = (
      await t.app.inject({
        url: `/api/af/orders/${orderId}`,
        headers: (await buildAdmin(t, ["isOrderManager"])).auth,
      })
    ).json();
    const examLine = order.lines.find((l: { type: string }) => l.type === "exam_accesses");

    const partial = await t.app.inject({
      method: "POST",
      url: "/api/af/refunds",
      headers: manager.auth,
      payload: { order_id: orderId, line_ids: [examLine.id], reason: "Bought by mistake" },
    });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({
      message: "Refund of £5.00 made",
      refund: { amount: 5, order_status: "partially_refunded" },
    });
    const [access] = await t.deps.db.select().from(examAccesses).where(eq(examAccesses.userId, ana.id));
    expect(access!.revokedAt).not.toBeNull();
    expect((await enrolled(ana.id, course.id))?.source).toBe("purchase");

    const full = await t.app.inject({
      method: "POST",
      url: "/api/af/refunds",
      headers: manager.auth,
      payload: { order_id: orderId, reason: "Customer request" },
    });
    expect(full.json().refund).toMatchObject({ amount: 29, order_status: "refunded" });
    expect(await enrolled(ana.id, course.id)).toBeUndefined();
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: "refunded", refundedPence: 3400 });
    const history = (await t.app.inject({ url: "/api/iu/purchases", headers: ana.auth })).json();
    expect(history.data[0].status).toBe("refunded");

    const again = await t.app.inject({
      method: "POST",
      url: "/api/af/refunds",
      headers: manager.auth,
      payload: { order_id: orderId, reason: "Twice" },
    });
    expect(again.statusCode).toBe(409);
    const viewer = await buildAdmin(t, ["isAbleToViewRefunds"]);
    const list = await t.app.inject({ url: "/api/af/refunds", headers: viewer.auth });
    expect(list.json().data.filter((r: { order_id: number }) => r.order_id === orderId)).toHaveLength(2);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/af/refunds",
          headers: viewer.auth,
          payload: { order_id: orderId, reason: "No right" },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("sponsorship", () => {
  it("lets a guest sponsor a learner by amount, who is notified and spends the credit at checkout", async () => {
    const ana = await buildLearner(t);
    const draft = await t.app.inject({
      method: "POST",
      url: "/api/sponsorships",
      payload: { recipient: ana.username, kind: "amount", amount: 50, email: "Giver@Example.test" },
    });
    expect(draft.statusCode).toBe(201);
    const item = draft.json().cart_item;
    expect(item).toMatchObject({ type: "sponsorship", price: 50 });
    const guestKey = "guest-sponsor-0001";
    const paid = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: { "idempotency-key": guestKey },
      payload: {
        email: "giver@example.test",
        items: [{ ...item, price: 30 }],
        payment: { card_token: await cardToken(t) },
      },
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().total).toBe(30);
    const mine = (await t.app.inject({ url: "/api/iu/sponsorships", headers: ana.auth })).json();
    expect(mine.credit_balance).toBe(30);
    expect(mine.received[0]).toMatchObject({ kind: "amount", amount: 30, status: "paid" });
    const [note] = await t.deps.db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(note!.title.en).toBe("A sponsor sponsored your education");
    expect(note!.description.es).toContain("30.00");

    // Guests may only pay sponsorships.
    const course = await buildPaidCourse(t, 2900);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: { "idempotency-key": "guest-course-0001" },
      payload: {
        email: "giver@example.test",
        items: [{ type: "course", id: course.id }],
        payment: { card_token: await cardToken(t) },
      },
    });
    expect(refused.statusCode).toBe(403);

    // The credit pays a title without a card.
    const cheap = await buildPaidCourse(t, 2000);
    const spent = await checkoutAs(t, ana, { items: [{ type: "course", id: cheap.id }] });
    expect(spent.statusCode).toBe(201);
    expect(spent.json()).toMatchObject({ status: "succeeded", total: 0, transaction_id: null });
    expect((await enrolled(ana.id, cheap.id))?.source).toBe("purchase");
    expect(
      (await t.app.inject({ url: "/api/iu/sponsorships", headers: ana.auth })).json().credit_balance,
    ).toBe(10);
  });

  it("pays a title for a named learner, who gets it as a sponsorship; admins see it", async () => {
    const ana = await buildLearner(t);
    const leo = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const draft = await t.app.inject({
      method: "POST",
      url: "/api/iu/sponsorships",
      headers: ana.auth,
      payload: { recipient: leo.email, kind: "course", course_id: course.id, message: "Enjoy!" },
    });
    expect(draft.statusCode).toBe(201);
    const res = await checkoutAs(t, ana, {
      items: [draft.json().cart_item],
      payment: { card_token: await cardToken(t) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBe(29);
    expect((await enrolled(leo.id, course.id))?.source).toBe("sponsorship");
    expect(await enrolled(ana.id, course.id)).toBeUndefined();

    const missing = await t.app.inject({
      method: "POST",
      url: "/api/iu/sponsorships",
      headers: ana.auth,
      payload: { recipient: "nobody-here", kind: "amount", amount: 10 },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.recipient).toEqual(["There is no learner with this email or username"]);

    const admin = await buildAdmin(t, ["isSponsorshipManager"]);
    const list = (
      await t.app.inject({ url: `/api/af/sponsorships?search=${leo.username}`, headers: admin.auth })
    ).json();
    expect(list.data[0]).toMatchObject({
      kind: "course",
      recipient: { id: leo.id },
      sponsor: { username: ana.username },
      message: "Enjoy!",
    });
  });
});
