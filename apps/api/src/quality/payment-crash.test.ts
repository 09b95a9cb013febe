/**
 * Failure: the server dies between taking the payment and writing the order.
 * The checkout's transaction never commits, so no order exists, but the provider holds the money.
 * When the provider reports the payment (its webhook, retried until we answer, so also after a
 * restart), the payment is recognised as having no order and refunded in full, once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildPaidCourse, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import { enrolments, orders } from "../db/schema/index";
import type { PaymentResult } from "../payments/payments.port";
import { paymentProvider } from "../payments/payments.service";
import type { SandboxProvider } from "../payments/sandbox.provider";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sandbox = () => paymentProvider(t.deps) as SandboxProvider;

/** The provider's signed event, as its webhook would deliver it. */
function reportPayment(providerRef: string) {
  const body = JSON.stringify({ type: "payment_succeeded", ref: providerRef });
  return t.app.inject({
    method: "POST",
    url: "/api/payments/sandbox/webhook",
    headers: { "content-type": "application/json", "sandbox-signature": sandbox().signEvent(body) },
    payload: body,
  });
}

describe("a crash between the payment and the order", () => {
  it("refunds the money that no order holds, once", async () => {
    const course = await buildPaidCourse(t, 2900);
    const learner = await buildLearner(t);
    const provider = sandbox();
    const realCreate = provider.createPayment.bind(provider);
    let charged: PaymentResult | undefined;
    // The provider takes the money; then the process dies before its transaction commits, so
    // nothing in this process learns of the charge (no in-process compensation can run).
    vi.spyOn(provider, "createPayment").mockImplementationOnce(async (input) => {
      charged = await realCreate(input);
      throw new Error("the process died here");
    });
    const refund = vi.spyOn(provider, "refund");

    const died = await checkoutAs(t, learner, {
      items: [{ type: "course", id: course.id }],
      payment: { card_token: await cardToken(t) },
    });
    expect(died.statusCode).toBe(500);
    expect(charged?.status).toBe("succeeded");
    // Its transaction was rolled back: no order, yet the provider holds the money.
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, learner.id))).toHaveLength(0);
    expect(refund).not.toHaveBeenCalled();

    // The provider reports the payment; nothing holds it, so it is given back in full.
    expect((await reportPayment(charged!.providerRef!)).statusCode).toBe(200);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith(charged!.providerRef!, 2900, `orphan:${charged!.providerRef!}`);
    // A repeated event asks for the same refund (same key): the provider never refunds twice.
    await reportPayment(charged!.providerRef!);
    expect(new Set(refund.mock.calls.map((call) => call[2]))).toEqual(
      new Set([`orphan:${charged!.providerRef!}`]),
    );
    // And nothing was granted.
    const access = await t.deps.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, learner.id), eq(enrolments.courseId, course.id)));
    expect(access).toHaveLength(0);
    refund.mockRestore();
  });

  it("leaves a payment alone when its order was written", async () => {
    const course = await buildPaidCourse(t, 2900);
    const learner = await buildLearner(t);
    const paid = await checkoutAs(t, learner, {
      items: [{ type: "course", id: course.id }],
      payment: { card_token: await cardToken(t) },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const refund = vi.spyOn(sandbox(), "refund");
    expect((await reportPayment(paid.json().transaction_id)).statusCode).toBe(200);
    expect(refund).not.toHaveBeenCalled();
    refund.mockRestore();
  });
});
