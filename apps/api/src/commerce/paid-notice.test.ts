/**
 * The paid-order notice and mail (receipt PDF attached) leave the paying request: the order's
 * statement puts the notice in its outbox (`order_paid_notices`), and a pg-boss job drains it after
 * the answer, so the buyer never waits and is told exactly once per paid order (checkout,
 * settlement after 3-D Secure, a replayed request, drains at once). The drain renders no PDF: the
 * mail's row names the receipt, and the delivery renders it (mail/attachments.ts), the same document
 * as the owner's download; a receipt that cannot be rendered then fails that attempt, logged and
 * retried. Real PostgreSQL and real pg-boss (its clock moved by the test).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildLearner } from "../../test/factories";
import { createProductionJobsApp, type ProductionJobsApp } from "../../test/production-jobs";
import { notifications, orderPaidNotices, outbox, users } from "../db/schema/index";
import { deliverRow } from "../mail/delivery";
import type { OutboxRow } from "../mail/drivers";
import { buildPaidCourse, buyWithThreeDSecure, cards, cardToken, checkoutAs } from "./commerce.fixtures";
import { drainOrderPaidNotices, ORDER_PAID_NOTICE_JOB } from "./paid-notice";
import { pdfLines } from "./pdf-text.fixtures";
import { RECEIPT_ATTACHMENT, receiptRenderers } from "./receipts";

// Counts the receipts rendered, and makes rendering fail (a font missing on the server, say) while a
// test asks.
const render = vi.hoisted(() => ({ fails: false, count: 0 }));
vi.mock("./receipts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./receipts")>();
  return {
    ...real,
    receiptRenderers: (deps: Parameters<typeof real.receiptRenderers>[0]) => {
      const renderer = real.receiptRenderers(deps)[real.RECEIPT_ATTACHMENT]!;
      return {
        [real.RECEIPT_ATTACHMENT]: (source: Parameters<typeof renderer>[0]) => {
          render.count += 1;
          return render.fails ? Promise.reject(new Error("receipt could not be rendered")) : renderer(source);
        },
      };
    },
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

/** A new learner buys a new paid title with the accepted card. */
async function buy(key: string = randomUUID()) {
  const ana = await buildLearner(t);
  const course = await buildPaidCourse(t, 2900);
  const payload = {
    items: [{ type: "course", id: course.id }],
    payment: { card_token: token },
    return_url: "/iu/checkout",
  };
  const res = await checkoutAs(t, ana, payload, key);
  expect(res.statusCode, res.body).toBe(201);
  return { ana, orderId: (res.json() as { order_id: number }).order_id, payload, key };
}

/** The orders among `orderIds` whose notice is still in the outbox. */
const due = async (orderIds: number[]) =>
  (
    await t.deps.db
      .select({ orderId: orderPaidNotices.orderId })
      .from(orderPaidNotices)
      .where(inArray(orderPaidNotices.orderId, orderIds))
  ).map((r) => r.orderId);

/** Until the order's notice left the outbox and its mail was written (pg-boss time moves meanwhile). */
const noticeDone = (orderId: number, to: string) =>
  t.until(
    "the paid-order notice",
    async () => (await due([orderId])).length === 0 && (await paidMails(to)).length > 0,
  );

/** Until no paid-notice job is waiting or running: every wake-up and schedule of the drain ran. */
const drainsSettled = () =>
  t.until("the paid-notice drains", async () =>
    (await t.jobsOf(ORDER_PAID_NOTICE_JOB)).every((j) => j.state === "completed"),
  );

/** Delivers the paid mail's row as a driver that keeps what it was given (the row marked queued first). */
async function deliver(mailId: number) {
  await t.deps.db.update(outbox).set({ status: "queued" }).where(eq(outbox.id, mailId));
  const delivered: OutboxRow[] = [];
  const driver = { name: "smtp" as const, deliver: async (row: OutboxRow) => void delivered.push(row) };
  await deliverRow(t.deps, { mail: driver }, receiptRenderers(t.deps), t.deps.log, mailId, { retries: true });
  return delivered;
}

describe("the paid-order notice", () => {
  it("is sent by a job after the checkout answered, once, naming the receipt without its bytes", async () => {
    const rendered = render.count;
    const { ana, orderId } = await buy();
    // Answered, and the mail not written yet: the notice was not made in the request; it committed
    // with the order, as its outbox row.
    expect(await paidMails(ana.email)).toEqual([]);
    expect(await due([orderId])).toEqual([orderId]);
    await noticeDone(orderId, ana.email);
    const mails = await paidMails(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toEqual([
      {
        filename: expect.stringMatching(/^receipt-A-\d{6}\.pdf$/),
        contentType: "application/pdf",
        source: { kind: RECEIPT_ATTACHMENT, orderId, userId: ana.id, language: "en" },
      },
    ]);
    // No PDF in the row, and none rendered by the job: the delivery renders it.
    const [size] = await t.deps.db
      .select({ bytes: sql<number>`octet_length(${outbox.attachments}::text)` })
      .from(outbox)
      .where(eq(outbox.id, mails[0]!.id));
    expect(size!.bytes).toBeLessThan(200);
    expect(render.count).toBe(rendered);
    await drainsSettled();
    expect(await paidMails(ana.email)).toHaveLength(1);
  });

  it("the delivered receipt is the document the owner downloads", async () => {
    const { ana, orderId } = await buy();
    await noticeDone(orderId, ana.email);
    const [mail] = await paidMails(ana.email);
    const [sent] = await deliver(mail!.id);
    const [file] = sent!.files ?? [];
    expect(file).toMatchObject({ filename: mail!.attachments![0]!.filename, contentType: "application/pdf" });
    const download = await t.app.inject({ url: `/api/iu/purchases/${orderId}/receipt`, headers: ana.auth });
    expect(download.statusCode).toBe(200);
    const lines = await pdfLines(file!.content);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines).toEqual(await pdfLines(download.rawPayload));
    const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.id, mail!.id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("a receipt that cannot be rendered fails neither the checkout nor the notice; its delivery is logged and retried", async () => {
    const logged = vi.spyOn(t.deps.log, "warn");
    try {
      const { ana, orderId } = await buy();
      await noticeDone(orderId, ana.email);
      const notices = await t.deps.db.select().from(notifications).where(eq(notifications.userId, ana.id));
      expect(notices).toHaveLength(1);
      const [mail] = await paidMails(ana.email);
      render.fails = true;
      await expect(deliver(mail!.id)).rejects.toThrow("receipt could not be rendered");
      const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.id, mail!.id));
      expect(row).toMatchObject({
        status: "queued",
        attempts: 1,
        lastError: "receipt could not be rendered",
      });
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ outboxId: mail!.id, attempt: 1 }),
        "message delivery failed; will retry",
      );
    } finally {
      render.fails = false;
      logged.mockRestore();
    }
  });

  it("a replayed checkout tells nobody again", async () => {
    const { ana, orderId, payload, key } = await buy();
    await noticeDone(orderId, ana.email);
    const replay = await checkoutAs(t, ana, payload, key);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.json()).toMatchObject({ order_id: orderId, status: "succeeded" });
    expect(await due([orderId])).toEqual([]);
    await drainsSettled();
    expect(await paidMails(ana.email)).toHaveLength(1);
  });

  it("an order settled after 3-D Secure is told once, when it is paid, however often it is confirmed", async () => {
    const ana = await buildLearner(t);
    const { orderId, approve, confirm } = await buyWithThreeDSecure(t, ana);
    // Waiting for the confirmation: nothing to tell yet.
    expect(await due([orderId])).toEqual([]);
    expect((await approve()).statusCode).toBe(303);
    // Two confirmations at once (the buyer's page and a second tab): one pays, one finds it paid.
    const answers = await Promise.all([confirm(), confirm()]);
    expect(answers.map((a) => a.json().status)).toEqual(["succeeded", "succeeded"]);
    await noticeDone(orderId, ana.email);
    expect((await confirm()).json()).toMatchObject({ status: "succeeded", order_status: "paid" });
    expect(await due([orderId])).toEqual([]);
    await drainsSettled();
    expect(await paidMails(ana.email)).toHaveLength(1);
  });

  it("drains running at once tell each buyer once", async () => {
    const bought = [];
    for (let i = 0; i < 4; i++) bought.push(await buy());
    const orderIds = bought.map((b) => b.orderId);
    // Their wake-ups wait for pg-boss time, which only the test moves: all four are still due.
    expect((await due(orderIds)).sort()).toEqual([...orderIds].sort());
    const told = await Promise.all([1, 2, 3].map(() => drainOrderPaidNotices(t.deps)));
    expect(told.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await due(orderIds)).toEqual([]);
    await drainsSettled();
    for (const { ana } of bought) expect(await paidMails(ana.email)).toHaveLength(1);
  });

  it("a batch's order whose mail is refused is logged and dropped alone; the others of the batch are told", async () => {
    const bought = [];
    for (let i = 0; i < 3; i++) bought.push(await buy());
    const [first, refused, last] = bought as [(typeof bought)[0], (typeof bought)[0], (typeof bought)[0]];
    // The database refuses the second buyer's mail row (as a row that breaks a rule would be):
    // the batch's statements fail, and its orders are told one by one.
    await t.deps.db.execute(
      sql.raw(`CREATE FUNCTION refuse_test_mail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.recipient = '${refused.ana.email}' THEN RAISE EXCEPTION 'mail refused'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER refuse_test_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_test_mail()`),
    );
    const warned = vi.spyOn(t.deps.log, "warn");
    const failed = vi.spyOn(t.deps.log, "error");
    try {
      expect(await drainOrderPaidNotices(t.deps)).toBe(3);
      expect(warned).toHaveBeenCalledWith(
        expect.objectContaining({ orderIds: expect.arrayContaining(bought.map((b) => b.orderId)) }),
        "paid-order notices not sent as a batch; telling each order alone",
      );
      expect(failed).toHaveBeenCalledWith(
        expect.objectContaining({ orderId: refused.orderId }),
        "paid-order notice not sent",
      );
    } finally {
      warned.mockRestore();
      failed.mockRestore();
      await t.deps.db.execute(
        sql.raw("DROP TRIGGER refuse_test_mail ON outbox; DROP FUNCTION refuse_test_mail()"),
      );
    }
    const noticesOf = (userId: number) =>
      t.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
    for (const told of [first, last]) {
      expect(await paidMails(told.ana.email)).toHaveLength(1);
      expect(await noticesOf(told.ana.id)).toHaveLength(1);
    }
    // The refused order's notice went back with its mail (nothing half told), and it is not re-sent.
    expect(await noticesOf(refused.ana.id)).toEqual([]);
    expect(await due(bought.map((b) => b.orderId))).toEqual([]);
    expect(await drainOrderPaidNotices(t.deps)).toBe(0);
    await drainsSettled();
    expect(await paidMails(refused.ana.email)).toEqual([]);
  });

  it("tells a batch's buyers in their languages, a child's through the guardian", async () => {
    const bought = [];
    for (let i = 0; i < 2; i++) bought.push(await buy());
    const [ana, child] = bought as [(typeof bought)[0], (typeof bought)[0]];
    await t.deps.db
      .update(users)
      .set({ email: null, guardianEmail: `guardian-${child.ana.id}@example.test`, languageId: 2 })
      .where(eq(users.id, child.ana.id));
    expect(await drainOrderPaidNotices(t.deps)).toBe(2);
    const [mail] = await paidMails(ana.ana.email);
    expect(mail!.subject).toMatch(/order/i);
    const [guardianMail] = await paidMails(`guardian-${child.ana.id}@example.test`);
    expect(guardianMail!.subject).not.toBe(mail!.subject);
    expect(guardianMail!.bodyText).toContain(child.ana.username);
    expect(guardianMail!.attachments![0]!.source).toMatchObject({ orderId: child.orderId, language: "es" });
    await drainsSettled();
  });
});
