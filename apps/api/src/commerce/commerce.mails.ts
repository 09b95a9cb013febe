/**
 * What the buyer hears about an order once its transaction has committed: paid (receipt PDF
 * attached, rendered at delivery), refunded (full or partial, with the amount), printed books shipped. Each is a panel
 * notice plus a mail in the buyer's language; a guest buyer gets the mail only. Never throws.
 */
import { messageKey } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { orders } from "../db/schema/index";
import { type NoticeMail, type Telling, tellAddress, tellMany, tellUser } from "../profile/notices.service";
import type { PaidNoticeOrder } from "./commerce.sql";
import { formatPounds } from "./money";
import { receiptAttachment } from "./receipts";

/** `db` may be a transaction (the paid-notice drain writes through its own). */
type MailDeps = Pick<Deps, "mail" | "config" | "log"> & { db: DbOrTx };
type OrderRow = typeof orders.$inferSelect;

const historyLink = (deps: MailDeps) => ({
  url: `${deps.config.publicUrl}/iu/profile/history`,
  label: "mail.orderPaid.action",
});

/** An order's public number; `#id` only for an order that was never paid (it has none). */
const numberOf = (order: Pick<OrderRow, "publicNumber" | "id">) => order.publicNumber ?? `#${order.id}`;

/** Loads the order and hands it on; a failure is logged, never thrown at the paying request. */
async function withOrder(deps: MailDeps, orderId: number, then: (order: OrderRow) => Promise<void>) {
  try {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (order) await then(order);
  } catch (error) {
    deps.log.error({ err: error, orderId }, "order notice not sent");
  }
}

/**
 * Paid: a "thank you" notice, and the mail with the receipt PDF in the recipient's language, for
 * each order of a drain's batch (paid-notice.ts), never inside the paying request: every notice in
 * one statement, every mail in one (`tellMany`). Throws when the batch could not be written.
 */
export function tellOrdersPaid(deps: MailDeps, paid: PaidNoticeOrder[]): Promise<void> {
  return tellMany(
    deps,
    paid.flatMap((order) => orderPaidTelling(deps, order) ?? []),
  );
}

/** What the buyer of a paid order is told; null for a guest order with no address. */
function orderPaidTelling(deps: MailDeps, order: PaidNoticeOrder): Telling | null {
  const params = { order: numberOf(order), total: formatPounds(order.totalPence) };
  const mail: NoticeMail = {
    kind: "order.paid",
    subject: messageKey("mail.orderPaid.subject", params),
    paragraphs: [
      messageKey(order.userId !== null ? "mail.orderPaid.body" : "mail.orderPaid.bodyGuest", params),
    ],
    date: order.paidAt ?? order.createdAt,
    meta: { orderId: order.id, orderNumber: order.publicNumber },
  };
  const userId = order.userId;
  // A guest (a sponsorship paid without an account) has no history to open and no receipt page.
  if (userId === null)
    return order.email
      ? { address: order.email, language: order.language === "es" ? "es" : "en", mail }
      : null;
  return {
    userId,
    recipient: order.buyer,
    notice: {
      title: messageKey("notice.orderPaid.title", params),
      description: messageKey("notice.orderPaid.description", params),
    },
    mail: {
      ...mail,
      link: historyLink(deps),
      // Rendered when the mail is delivered (receipts.ts `receiptRenderers`), never here.
      attachments: (language) => [
        receiptAttachment({ id: order.id, number: numberOf(order), userId }, language),
      ],
    },
  };
}

/**
 * A refund with the amount given back: "Full refund" (one refund of the whole order), "Partial
 * refund", or, for the refund that gives back the rest of an order refunded in part before, "now
 * refunded in full" (the buyer's question is whether everything came back, not how many steps).
 */
export function tellRefund(
  deps: MailDeps,
  refund: { orderId: number; amountPence: number; kind: "full" | "partial" | "rest" },
): Promise<void> {
  return withOrder(deps, refund.orderId, async (order) => {
    const params = { order: numberOf(order), amount: formatPounds(refund.amountPence) };
    const mail: NoticeMail = {
      kind: `order.refund.${refund.kind}`,
      subject: messageKey(`mail.refund.${refund.kind}.subject`, params),
      paragraphs: [messageKey(`mail.refund.${refund.kind}.body`, params)],
      meta: { orderId: order.id, orderNumber: order.publicNumber, amount: params.amount },
    };
    if (order.userId === null) {
      if (order.email) await tellAddress(deps, order.email, order.language === "es" ? "es" : "en", mail);
      return;
    }
    await tellUser(deps, order.userId, {
      notice: {
        title: messageKey(`notice.refund.${refund.kind}.title`, params),
        description: messageKey("notice.refund.description", params),
      },
      mail: { ...mail, link: historyLink(deps) },
    });
  });
}

/**
 * Printed books shipped: the mail beside the notice fulfilment already stores with the change, with
 * the carrier and tracking reference when staff gave them.
 */
export function mailShipped(
  deps: MailDeps,
  shipment: { orderId: number; carrier: string | null; tracking: string | null },
): Promise<void> {
  return withOrder(deps, shipment.orderId, async (order) => {
    if (order.userId === null) return;
    const params = { order: numberOf(order) };
    const { carrier, tracking } = shipment;
    const trackingLine = tracking
      ? carrier
        ? [messageKey("mail.shipped.tracking", { carrier, tracking })]
        : [messageKey("mail.shipped.trackingOnly", { tracking })]
      : [];
    await tellUser(deps, order.userId, {
      notice: null,
      mail: {
        kind: "order.shipped",
        subject: messageKey("mail.shipped.subject", params),
        paragraphs: [messageKey("mail.shipped.body", params), ...trackingLine],
        link: { ...historyLink(deps), label: "mail.shipped.action" },
        meta: { orderId: order.id, orderNumber: order.publicNumber },
      },
    });
  });
}
