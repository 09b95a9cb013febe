/** Test helpers of commerce: a sandbox card token, a checkout call, a paid title with exams, a coupon. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { BuiltUser } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { coupons, courses } from "../db/schema/index";
import { buildQuizCourse } from "../quizzes/quizzes.fixtures";

export const cards = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  threeDSecure: "4000 0027 6000 3184",
  insufficient: "4000 0000 0000 9995",
} as const;

export async function cardToken(t: TestApp, number: string = cards.success): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/payments/sandbox/tokens",
    payload: {
      number,
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      cvc: "123",
      holder_name: "Ana Test",
    },
  });
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export function checkoutAs(
  t: TestApp,
  user: BuiltUser,
  payload: Record<string, unknown>,
  key: string = randomUUID(),
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/iu/checkout",
    headers: { ...user.auth, "idempotency-key": key, ...headers },
    payload,
  });
}

/** A paid title (price in pence) with a published module exam (£5) and level exam (£9). */
export async function buildPaidCourse(t: TestApp, pricePence = 2900) {
  const course = await buildQuizCourse(t);
  await t.deps.db.update(courses).set({ pricePence, isFree: false }).where(eq(courses.id, course.id));
  return course;
}

export async function buildCoupon(t: TestApp, values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await t.deps.db
    .insert(coupons)
    .values({
      code: `C${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`,
      discountType: "percentage",
      percentage: 10,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A new learner's checkout of a new paid title with the 3-D Secure card: answered `requires_action`,
 * nothing paid yet. `approve` answers the bank's page; `confirm` is the buyer's confirmation call.
 */
export async function buyWithThreeDSecure(
  t: TestApp,
  learner: BuiltUser,
  options: { pricePence?: number; couponCode?: string } = {},
) {
  const course = await buildPaidCourse(t, options.pricePence ?? 2900);
  const payload = {
    items: [{ type: "course", id: course.id }],
    ...(options.couponCode ? { coupon_code: options.couponCode } : {}),
    payment: { card_token: await cardToken(t, cards.threeDSecure) },
    return_url: "/iu/checkout",
  };
  const res = await checkoutAs(t, learner, payload);
  if (res.statusCode !== 201) throw new Error(`3-D Secure checkout: ${res.statusCode} ${res.body}`);
  const answer = res.json() as { order_id: number; next_action_url: string };
  const orderId = answer.order_id;
  return {
    course,
    orderId,
    answer,
    nextActionUrl: answer.next_action_url,
    approve: (decision: "approve" | "fail" = "approve") =>
      t.app.inject({
        method: "POST",
        url: answer.next_action_url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `decision=${decision}`,
      }),
    confirm: (user: BuiltUser = learner) =>
      t.app.inject({ method: "POST", url: `/api/iu/checkout/${orderId}/confirm`, headers: user.auth }),
  };
}
