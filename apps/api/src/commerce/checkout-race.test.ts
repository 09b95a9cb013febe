/**
 * One charge per purchase: one learner's concurrent checkouts for something
 * they can own once, each with its own Idempotency-Key, make exactly one paid order; the others are
 * refused with 409 before the payment provider is called.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { enrol } from "../catalog/catalog.fixtures";
import {
  enrolments,
  examAccesses,
  lectureNotesAccess,
  notesOffers,
  orderLines,
  orders,
  payments,
} from "../db/schema/index";
import type { CreatePaymentInput } from "../payments/payments.port";
import { SandboxProvider } from "../payments/sandbox.provider";
import { giveExamAccess } from "../quizzes/quizzes.fixtures";
import { buildPaidCourse, cards, cardToken, checkoutAs } from "./commerce.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** Every call the app makes to the sandbox provider to take money, by buyer. */
function watchCharges() {
  const spy = vi.spyOn(SandboxProvider.prototype, "createPayment");
  return (userId: number) =>
    spy.mock.calls.filter(([input]) => (input as CreatePaymentInput).customer.userId === userId).length;
}

/** `n` checkouts of the same cart by one learner at once, each with its own Idempotency-Key. */
async function race(user: BuiltUser, n: number, payload: Record<string, unknown>) {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) => checkoutAs(t, user, payload, `race-${user.id}-${n}-${i}`)),
  );
  return {
    answers,
    won: answers.filter((a) => a.statusCode === 201),
    lost: answers.filter((a) => a.statusCode === 409),
  };
}

const paidOrdersOf = async (userId: number) =>
  (await t.deps.db.select().from(orders).where(eq(orders.userId, userId))).filter((o) => o.status === "paid");

async function paymentsOf(userId: number) {
  return t.deps.db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.userId, userId));
}

describe("concurrent checkouts by one learner", () => {
  for (const n of [5, 10, 20]) {
    it(`sells a title once out of ${n} concurrent checkouts with their own keys`, async () => {
      const charges = watchCharges();
      const ana = await buildLearner(t);
      const course = await buildPaidCourse(t, 2900);
      const token = await cardToken(t);
      const { answers, won, lost } = await race(ana, n, {
        items: [{ type: "course", id: course.id }],
        payment: { card_token: token },
      });
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(n - 1).fill(409)]);
      expect(won[0]!.json()).toMatchObject({ status: "succeeded", order_status: "paid", total: 29 });
      for (const answer of lost) expect(answer.json()).toEqual({ message: "You already have this title" });
      expect(charges(ana.id)).toBe(1);
      expect(await paidOrdersOf(ana.id)).toHaveLength(1);
      expect(await t.deps.db.select().from(orders).where(eq(orders.userId, ana.id))).toHaveLength(1);
      expect(await paymentsOf(ana.id)).toHaveLength(1);
      const granted = await t.deps.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, ana.id), eq(enrolments.courseId, course.id)));
      expect(granted).toHaveLength(1);
    });

    it(`sells one exam access out of ${n} concurrent checkouts with their own keys`, async () => {
      const charges = watchCharges();
      const ana = await buildLearner(t);
      const course = await buildPaidCourse(t, 2900);
      const { answers, lost } = await race(ana, n, {
        items: [{ type: "exam_accesses", id: course.moduleExamId }],
        payment: { card_token: await cardToken(t) },
      });
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(n - 1).fill(409)]);
      for (const answer of lost)
        expect(answer.json().message).toBe(
          "You still have attempts left on this exam. Buy it again once you have used them.",
        );
      expect(charges(ana.id)).toBe(1);
      expect(await paidOrdersOf(ana.id)).toHaveLength(1);
      expect(await paymentsOf(ana.id)).toHaveLength(1);
      const granted = await t.deps.db
        .select()
        .from(examAccesses)
        .where(and(eq(examAccesses.userId, ana.id), eq(examAccesses.quizId, course.moduleExamId)));
      expect(granted).toHaveLength(1);
    });
  }

  it("sells e-notes once out of 10 concurrent checkouts with their own keys", async () => {
    const charges = watchCharges();
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const [offer] = await t.deps.db
      .insert(notesOffers)
      .values({ courseId: course.id, pricePence: 700 })
      .returning();
    const { answers, lost } = await race(ana, 10, {
      items: [{ type: "ebook", id: offer!.id }],
      payment: { card_token: await cardToken(t) },
    });
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const answer of lost) expect(answer.json().message).toBe("You already have these e-notes");
    expect(charges(ana.id)).toBe(1);
    expect(await paidOrdersOf(ana.id)).toHaveLength(1);
    expect(await paymentsOf(ana.id)).toHaveLength(1);
    expect(
      await t.deps.db.select().from(lectureNotesAccess).where(eq(lectureNotesAccess.userId, ana.id)),
    ).toHaveLength(1);
  });

  it("still lets different learners buy the same title at the same time", async () => {
    const charges = watchCharges();
    const course = await buildPaidCourse(t, 1500);
    const token = await cardToken(t);
    const learners = await Promise.all(Array.from({ length: 5 }, () => buildLearner(t)));
    const answers = await Promise.all(
      learners.map((l) =>
        checkoutAs(t, l, { items: [{ type: "course", id: course.id }], payment: { card_token: token } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    for (const l of learners) expect(charges(l.id)).toBe(1);
  });
});

describe("buying what the learner already has", () => {
  it("refuses a title already owned with 409, without calling the provider", async () => {
    const charges = watchCharges();
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    await enrol(t, ana.id, course.id);
    const res = await checkoutAs(
      t,
      ana,
      { items: [{ type: "course", id: course.id }], payment: { card_token: await cardToken(t) } },
      undefined,
      { "x-language-id": "2" },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Ya tienes este título" });
    expect(charges(ana.id)).toBe(0);
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, ana.id))).toHaveLength(0);
  });

  it("sells an exam again once its attempts are used, and never while some are left", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    await giveExamAccess(t, ana.id, course.moduleExamId);
    const buy = async () =>
      checkoutAs(t, ana, {
        items: [{ type: "exam_accesses", id: course.moduleExamId }],
        payment: { card_token: await cardToken(t) },
      });
    const held = await buy();
    expect(held.statusCode).toBe(409);
    await t.deps.db.update(examAccesses).set({ attemptsUsed: 2 }).where(eq(examAccesses.userId, ana.id));
    const again = await buy();
    expect(again.statusCode, again.body).toBe(201);
    expect(await paidOrdersOf(ana.id)).toHaveLength(1);
  });

  it("shows in the cart what cannot be bought twice, and refuses two accesses or a repeated title", async () => {
    const charges = watchCharges();
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const items = [
      { type: "course", id: course.id, items: [{ type: "exam_accesses", id: course.levelExamId }] },
      { type: "course", id: course.id },
      { type: "exam_accesses", id: course.levelExamId },
      { type: "exam_accesses", id: course.moduleExamId, quantity: 2 },
    ];
    const priced = await t.app.inject({
      method: "POST",
      url: "/api/iu/cart/price",
      headers: ana.auth,
      payload: { items },
    });
    expect(priced.statusCode).toBe(200);
    expect(priced.json().lines.map((l: { problem: string | null }) => l.problem)).toEqual([
      null,
      "This item is already in your cart",
      "This item is already in your cart",
      "An exam is bought one access at a time; each access gives two attempts",
    ]);
    expect(priced.json().has_problems).toBe(true);
    const res = await checkoutAs(t, ana, { items, payment: { card_token: await cardToken(t) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Some items in your cart cannot be bought. Remove them and try again.");
    expect(charges(ana.id)).toBe(0);
    expect(
      await t.deps.db
        .select()
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orders.userId, ana.id)),
    ).toHaveLength(0);
  });

  it("refuses a second 3-D Secure checkout of a title while the first waits for confirmation", async () => {
    const charges = watchCharges();
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const payload = async () => ({
      items: [{ type: "course", id: course.id }],
      payment: { card_token: await cardToken(t, cards.threeDSecure) },
    });
    const first = await checkoutAs(t, ana, await payload());
    expect(first.json().status).toBe("requires_action");
    const second = await checkoutAs(t, ana, await payload());
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      "A payment for this item is waiting for your confirmation. Confirm or refuse it first.",
    );
    expect(charges(ana.id)).toBe(1);
  });
});
