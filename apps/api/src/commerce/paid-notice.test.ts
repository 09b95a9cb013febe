/**
 * The paid-order notice and mail (receipt PDF attached) are a job of their own, run by pg-boss after
 * the paying request has answered: the buyer never waits. The job renders no PDF: the outbox row
 * names the receipt, and the delivery renders it (mail/attachments.ts), the same document as the
 * owner's download; a receipt that cannot be rendered then fails that attempt, logged and retried.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildLearner } from "../../test/factories";
import { createProductionJobsApp, type ProductionJobsApp } from "../../test/production-jobs";
import { notifications, outbox } from "../db/schema/index";
import { deliverRow } from "../mail/delivery";
import type { OutboxRow } from "../mail/drivers";
import { buildPaidCourse, cards, cardToken, checkoutAs } from "./commerce.fixtures";
import { ORDER_PAID_NOTICE_JOB } from "./paid-notice";
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
    // Answered, and the mail not written yet: the notice was not made in the request.
    expect(await paidMails(ana.email)).toEqual([]);
    await noticeDone(orderId);
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
    expect(await t.jobsOf(ORDER_PAID_NOTICE_JOB)).toHaveLength(1);
  });

  it("the delivered receipt is the document the owner downloads", async () => {
    const { ana, orderId } = await buy();
    await noticeDone(orderId);
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
      await noticeDone(orderId);
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
});
