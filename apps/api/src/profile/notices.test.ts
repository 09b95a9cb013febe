/**
 * A paid order, a refund, a shipment, a password change or reset and a support
 * reply each reach the learner as a panel notice and a mail in their language (a child's mail goes
 * to the guardian); a mail that cannot be sent never fails the request.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildPaidCourse, cards, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import { receiptRenderers } from "../commerce/receipts";
import { notifications, outbox, ticketSubjects, users } from "../db/schema/index";
import { renderAttachments } from "../mail/attachments";
import { multipart } from "../tickets/test-support";
import { longDate } from "./notices.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The mails of one kind sent to an address, oldest first. */
async function mailsTo(to: string, kind: string) {
  return t.deps.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), sql`${outbox.meta}->>'kind' = ${kind}`))
    .orderBy(outbox.id);
}

async function latestNotice(userId: number) {
  const [row] = await t.deps.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
}

async function speaksSpanish(user: BuiltUser) {
  await t.deps.db.update(users).set({ languageId: 2 }).where(eq(users.id, user.id));
}

// The sandbox token endpoint is rate limited: one token per card, reused (tokens are self-describing).
const tokens = new Map<string, Promise<string>>();
const tokenFor = (card: string = cards.success) => {
  if (!tokens.has(card)) tokens.set(card, cardToken(t, card));
  return tokens.get(card)!;
};

async function buyTitle(user: BuiltUser, card: string = cards.success) {
  const course = await buildPaidCourse(t, 2900);
  const res = await checkoutAs(t, user, {
    items: [{ type: "course", id: course.id }],
    payment: { card_token: await tokenFor(card) },
    return_url: "/iu/checkout",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { order_id: number; order_number: string | null; next_action_url: string | null };
}

const orderNumber = /^A-\d{6}$/;

describe("a paid order", () => {
  it("mails the receipt PDF with the public order number, in English, and leaves a notice", async () => {
    const ana = await buildLearner(t);
    const paid = await buyTitle(ana);
    expect(paid.order_number).toMatch(orderNumber);
    const [mail, ...more] = await mailsTo(ana.email, "order.paid");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your Aprendo order ${paid.order_number}: receipt`);
    expect(mail!.bodyText).toContain(`Thank you for your order ${paid.order_number}.`);
    expect(mail!.bodyText).toContain("£29.00");
    expect(mail!.bodyText).toContain(`${t.config.publicUrl}/iu/profile/history`);
    const [attachment] = mail!.attachments ?? [];
    expect(attachment).toMatchObject({
      filename: `receipt-${paid.order_number}.pdf`,
      contentType: "application/pdf",
    });
    // The row names the receipt; the PDF is rendered when the mail is delivered.
    expect(attachment).not.toHaveProperty("contentBase64");
    const [file] = await renderAttachments(mail!.attachments, receiptRenderers(t.deps));
    expect(file!.content.subarray(0, 5).toString()).toBe("%PDF-");
    const notice = await latestNotice(ana.id);
    expect(notice!.title).toEqual({
      en: `Thank you for your order ${paid.order_number}`,
      es: `Gracias por tu pedido ${paid.order_number}`,
    });
  });

  it("writes to a Spanish learner in Spanish", async () => {
    const eva = await buildLearner(t);
    await speaksSpanish(eva);
    const paid = await buyTitle(eva);
    const [mail] = await mailsTo(eva.email, "order.paid");
    expect(mail!.subject).toBe(`Tu pedido ${paid.order_number} de Aprendo: recibo`);
    expect(mail!.bodyText).toMatch(/^Hola, Test User\d+:/);
    expect(mail!.attachments).toHaveLength(1);
  });

  it("after 3-D Secure, mails once when the confirmation pays the order, not again on a repeat", async () => {
    const ana = await buildLearner(t);
    const pending = await buyTitle(ana, cards.threeDSecure);
    expect(pending.next_action_url).toBeTruthy();
    expect(await mailsTo(ana.email, "order.paid")).toEqual([]);
    await t.app.inject({
      method: "POST",
      url: pending.next_action_url!,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "decision=approve",
    });
    const confirm = () =>
      t.app.inject({
        method: "POST",
        url: `/api/iu/checkout/${pending.order_id}/confirm`,
        headers: ana.auth,
      });
    const done = await confirm();
    expect(done.statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(200);
    const mails = await mailsTo(ana.email, "order.paid");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(done.json().order_number);
    expect(mails[0]!.attachments).toHaveLength(1);
  });

  it("still answers the payment when the mail cannot be sent", async () => {
    const ana = await buildLearner(t);
    const send = vi.spyOn(t.deps.mail, "send").mockRejectedValueOnce(new Error("SMTP down"));
    try {
      const paid = await buyTitle(ana);
      expect(paid.order_number).toMatch(orderNumber);
      expect((await latestNotice(ana.id))!.title.en).toBe(`Thank you for your order ${paid.order_number}`);
    } finally {
      send.mockRestore();
    }
  });
});

describe("refunds", () => {
  async function refund(payload: Record<string, unknown>) {
    const manager = await buildAdmin(t, ["isRefundsManager"]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/af/refunds",
      headers: manager.auth,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it("labels a refund of part of the order Partial, with the amount, in mail and notice", async () => {
    const ana = await buildLearner(t);
    const paid = await buyTitle(ana);
    const result = await refund({ order_id: paid.order_id, amount: 10, reason: "Goodwill" });
    expect(result.refund.kind).toBe("partial");
    const [mail] = await mailsTo(ana.email, "order.refund.partial");
    expect(mail!.subject).toBe(`Partial refund of your Aprendo order ${paid.order_number}`);
    expect(mail!.bodyText).toContain("£10.00");
    expect((await latestNotice(ana.id))!.title).toEqual({
      en: `Partial refund of order ${paid.order_number}`,
      es: `Reembolso parcial del pedido ${paid.order_number}`,
    });
  });

  it("labels a refund of the whole order Full, in Spanish for a Spanish learner", async () => {
    const eva = await buildLearner(t);
    await speaksSpanish(eva);
    const paid = await buyTitle(eva);
    const result = await refund({ order_id: paid.order_id, reason: "Course cancelled" });
    expect(result.refund.kind).toBe("full");
    expect(await mailsTo(eva.email, "order.refund.partial")).toEqual([]);
    const [mail] = await mailsTo(eva.email, "order.refund.full");
    expect(mail!.subject).toBe(`Reembolso total de tu pedido ${paid.order_number} de Aprendo`);
    expect(mail!.bodyText).toContain("29.00 £");
    expect((await latestNotice(eva.id))!.title.en).toBe(`Full refund of order ${paid.order_number}`);
  });

  it("says the order is now refunded in full when a second refund gives back the rest", async () => {
    const leo = await buildLearner(t);
    const paid = await buyTitle(leo);
    await refund({ order_id: paid.order_id, amount: 10, reason: "Goodwill" });
    const rest = await refund({ order_id: paid.order_id, reason: "Cancelled after all" });
    // The back office lists each of the two refunds as partial; the buyer hears that all came back.
    expect(rest.refund.kind).toBe("partial");
    expect(rest.refund.order_status).toBe("refunded");
    const [mail] = await mailsTo(leo.email, "order.refund.rest");
    expect(mail!.subject).toBe(`Your Aprendo order ${paid.order_number} is now refunded in full`);
    expect(mail!.bodyText).toContain("£19.00");
    expect((await latestNotice(leo.id))!.title).toEqual({
      en: `Order ${paid.order_number} now refunded in full`,
      es: `Pedido ${paid.order_number} reembolsado por completo`,
    });
  });
});

describe("a shipment of printed books", () => {
  it("mails the buyer the order number, carrier and tracking reference", async () => {
    const manager = await buildAdmin(t, ["isPhysicalProductManager"]);
    const product = await t.app.inject({
      method: "POST",
      url: "/api/af/products",
      headers: manager.auth,
      payload: {
        kind: "printed_book",
        title_en: `Book ${randomUUID().slice(0, 6)}`,
        title_es: "Libro",
        authors: "Lucía Ortega",
        price: 20,
        status: "published",
        bindings: [{ binding: "paperback", initial_stock: 3, book_binding_discount: 0 }],
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const ana = await buildLearner(t);
    const paid = await checkoutAs(t, ana, {
      items: [
        {
          type: "physical_product",
          id: product.json().id,
          quantity: 1,
          productMetas: { binding: "paperback" },
        },
      ],
      payment: { card_token: await tokenFor() },
      shipping_address: {
        name: "Ana Test",
        line1: "1 High Street",
        city: "London",
        postal_code: "SW1A 1AA",
        country: "GB",
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { order_id: orderId, order_number: number } = paid.json();
    const shipped = await t.app.inject({
      method: "PUT",
      url: `/api/af/shipments/${orderId}`,
      headers: manager.auth,
      payload: { status: "shipped", tracking_reference: "RM123456789GB", carrier: "Royal Mail" },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [mail] = await mailsTo(ana.email, "order.shipped");
    expect(mail!.subject).toBe(`Your Aprendo order ${number} is on its way`);
    expect(mail!.bodyText).toContain("Carrier: Royal Mail. Tracking reference: RM123456789GB.");
  });
});

describe("password", () => {
  const change = (user: BuiltUser) =>
    t.app.inject({
      method: "PUT",
      url: "/api/iu/change-password",
      headers: user.auth,
      payload: {
        current_password: user.password,
        password: "Other-Pass2!",
        password_confirmation: "Other-Pass2!",
      },
    });

  it("a change is mailed with the way back in, and noticed", async () => {
    const ana = await buildLearner(t);
    expect((await change(ana)).statusCode).toBe(200);
    const [mail] = await mailsTo(ana.email, "account.password_changed");
    expect(mail!.subject).toBe("Your Aprendo password was changed");
    expect(mail!.bodyText).toContain(`The password of your Aprendo account (${ana.username}) was changed on`);
    expect(mail!.bodyText).toContain(`${t.config.publicUrl}/reset-password`);
    expect((await latestNotice(ana.id))!.title.en).toBe("Your password was changed");
  });

  it("a child's mail goes to the guardian, who is told whose account it is", async () => {
    const guardian = `guardian-${randomUUID().slice(0, 8)}@example.test`;
    const kid = await buildLearner(t, {
      dateOfBirth: "2018-01-01",
      overrides: { email: null, guardianEmail: guardian, guardianVerifiedAt: new Date() },
    });
    expect((await change(kid)).statusCode).toBe(200);
    const [mail] = await mailsTo(guardian, "account.password_changed");
    expect(mail!.bodyText).toMatch(/^Hello,\n\nYou receive this message as the guardian of Test User\d+/);
  });

  it("a reset by link is mailed too", async () => {
    const ana = await buildLearner(t);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/password-reset/request",
      payload: { login: ana.email },
    });
    const [link] = await mailsTo(ana.email, "account.reset");
    const token = link!.bodyText.match(/\/reset-password\/([\w-]+)/)![1]!;
    const reset = await t.app.inject({
      method: "PUT",
      url: "/api/auth/password-reset",
      payload: { token, password: "Reset-Pass3!", password_confirmation: "Reset-Pass3!" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [mail] = await mailsTo(ana.email, "account.password_reset");
    expect(mail!.bodyText).toContain("was reset with a reset link or code");
  });
});

describe("support", () => {
  it("mails a registered learner the staff reply with a link to the ticket", async () => {
    const ana = await buildLearner(t);
    await speaksSpanish(ana);
    const desk = await buildAdmin(t, ["isTicketContentManager"]);
    const [subject] = await t.deps.db
      .insert(ticketSubjects)
      .values({ titleEn: "Technical problem", titleEs: "Problema técnico", position: 1 })
      .returning();
    const form = multipart({
      subject_id: subject!.id,
      description: "The video of lecture 3 stops after ten seconds.",
    });
    const opened = await t.app.inject({
      method: "POST",
      url: "/api/iu/tickets",
      headers: { ...ana.auth, ...form.headers },
      payload: form.payload,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().data.id as number;
    const answer = multipart({ body: "Please clear the browser cache and retry." });
    const replied = await t.app.inject({
      method: "POST",
      url: `/api/af/tickets/${id}/messages`,
      headers: { ...desk.auth, ...answer.headers },
      payload: answer.payload,
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const [mail] = await mailsTo(ana.email, "support.reply");
    expect(mail!.subject).toMatch(/^Nueva respuesta en tu ticket TCK-\d+ de Aprendo$/);
    expect(mail!.bodyText).toContain("Please clear the browser cache and retry.");
    expect(mail!.bodyText).toContain(`${t.config.publicUrl}/iu/tickets/${id}`);
  });
});

describe("a mail's long date", () => {
  it("is the day in London, written the recipient's way", () => {
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    const lateJune = new Date("2026-06-30T23:30:00Z");
    expect(longDate(lateJune, "en")).toBe("1 July 2026");
    expect(longDate(lateJune, "es")).toBe("1 de julio de 2026");
    expect(longDate(new Date("2026-11-26T23:30:00Z"), "es")).toBe("26 de noviembre de 2026");
  });
});
