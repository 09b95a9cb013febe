/**
 * The paid-order notice and mail (receipt PDF attached) are a job of their own, run by pg-boss after
 * the paying request has answered: the buyer never waits for the PDF, and a PDF that cannot be
 * rendered fails neither the payment nor the notice, and is logged with the order id.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildLearner } from "../../test/factories";
import { createProductionJobsApp, type ProductionJobsApp } from "../../test/production-jobs";
import { notifications, outbox } from "../db/schema/index";
import { buildPaidCourse, cards, cardToken, checkoutAs } from "./commerce.fixtures";
import { ORDER_PAID_NOTICE_JOB } from "./paid-notice";

// A receipt that cannot be rendered (a font missing on the server, say), only while a test asks.
const render = vi.hoisted(() => ({ fails: false }));
vi.mock("./receipts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./receipts")>();
  return {
    ...real,
    receiptPdf: (...args: Parameters<typeof real.receiptPdf>) =>
      render.fails ? Promise.reject(new Error("receipt could not be rendered")) : real.receiptPdf(...args),
  };
});

let t: ProductionJobsApp;
let token: string;
beforeAll(async () => {
  t = await createProductionJobsApp();
  token = await cardToken(t, cards.success);
});
afterAll(() => t.close());

const paidMails = (to: string) =>
  t.deps.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), sql`${outbox.meta}->>'kind' = 'order.paid'`));

async function buy() {
  const ana = await buildLearner(t);
  const course = await buildPaidCourse(t, 2900);
  const res = await checkoutAs(t, ana, {
    items: [{ type: "course", id: course.id }],
    payment: { card_token: token },
    return_url: "/iu/checkout",
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ana, orderId: (res.json() as { order_id: number }).order_id };
}

const noticeDone = (orderId: number) =>
  t.until("the paid-order notice job", async () =>
    (await t.jobsOf(ORDER_PAID_NOTICE_JOB)).find(
      (j) => j.state === "completed" && (j.data as { orderId?: number }).orderId === orderId,
    ),
  );

describe("the paid-order notice", () => {
  it("is sent by a job after the checkout answered, once, with the receipt", async () => {
    const { ana, orderId } = await buy();
    // Answered, and the mail not written yet: the PDF was not rendered in the request.
    expect(await paidMails(ana.email)).toEqual([]);
    await noticeDone(orderId);
    const mails = await paidMails(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toHaveLength(1);
    expect(await t.jobsOf(ORDER_PAID_NOTICE_JOB)).toHaveLength(1);
  });

  it("a receipt that cannot be rendered fails neither the checkout nor the notice, and is logged", async () => {
    const logged = vi.spyOn(t.deps.log, "error");
    render.fails = true;
    try {
      const { ana, orderId } = await buy();
      await noticeDone(orderId);
      expect(await paidMails(ana.email)).toEqual([]);
      const notices = await t.deps.db.select().from(notifications).where(eq(notifications.userId, ana.id));
      expect(notices).toHaveLength(1);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ orderId, kind: "order.paid", err: expect.any(Error) }),
        "notice mail not sent",
      );
    } finally {
      render.fails = false;
      logged.mockRestore();
    }
  });
});
