/**
 * The receipt PDF of an order (pdf-lib): brand, order, lines, totals, the VAT-free note. Owner only.
 * Line names render in the reader's language from what the line stored (line-names.ts); the figures
 * are the money model's (domain/money.ts), the same as the history and the back office show.
 */
import { type LanguageCode, messageKey, messages, translate } from "@aprendo/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { orderLines, orders, payments, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import type { AttachmentRenderers } from "../mail/attachments";
import type { MailAttachment } from "../mail/outbox";
import { embedUnicodeFonts } from "../pdf/fonts";
import { wrapText } from "../pdf/wrap";
import { formatAddress } from "./address";
import { storedLineName } from "./line-names";
import { discountPence, formatMoney, listPence, moneyLineOf, orderRowFigures, paidPence } from "./money";

/** The kind of attachment that is an order's receipt (mail/attachments.ts). */
export const RECEIPT_ATTACHMENT = "commerce.receipt";

/** A paid order's receipt as a mail attachment: the ids to render it from at delivery, no bytes. */
export function receiptAttachment(
  order: { id: number; number: string; userId: number },
  language: LanguageCode,
): MailAttachment {
  return {
    filename: `receipt-${order.number}.pdf`,
    contentType: "application/pdf",
    source: { kind: RECEIPT_ATTACHMENT, orderId: order.id, userId: order.userId, language },
  };
}

/**
 * Renders a receipt attachment when its mail is delivered: the same document as the owner's download
 * (GET /iu/purchases/:orderId/receipt), drawn from the order as it is at delivery.
 */
export function receiptRenderers(deps: Pick<Deps, "db" | "config">): AttachmentRenderers {
  return {
    [RECEIPT_ATTACHMENT]: (source) =>
      receiptPdf(deps.db, {
        orderId: Number(source.orderId),
        userId: Number(source.userId),
        language: source.language === "es" ? "es" : "en",
        brand: deps.config.brandName,
      }),
  };
}

export async function receiptPdf(
  db: Db,
  input: { orderId: number; userId: number; language: LanguageCode; brand: string },
): Promise<Buffer> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, input.orderId),
        eq(orders.userId, input.userId),
        inArray(orders.status, ["paid", "refunded", "partially_refunded"]),
      ),
    );
  if (!order) throw new AppError("not_found", "commerce.orderNotFound");
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  const [buyer] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, input.userId));
  const pdf = await PDFDocument.create();
  // DejaVu Sans (subset) draws any buyer's name and address; what it lacks becomes "?".
  const { regular, bold, safe } = await embedUnicodeFonts(pdf);
  const t = (key: string, params?: Record<string, string | number>) =>
    safe(translate(messages, input.language, messageKey(key, params)));
  const money = (pence: number) => formatMoney(pence, input.language);
  const date = (order.paidAt ?? order.createdAt).toLocaleDateString(
    input.language === "es" ? "es-ES" : "en-GB",
    {
      day: "2-digit",
      month: "long",
      year: "numeric",
    },
  );

  pdf.setTitle(`${input.brand} - ${t("commerce.receiptTitle")} ${order.publicNumber ?? order.id}`);
  pdf.setProducer(input.brand);
  let page = pdf.addPage([595.28, 841.89]);
  const ink = rgb(0.11, 0.13, 0.17);
  const muted = rgb(0.4, 0.43, 0.48);
  const accent = rgb(0.15, 0.39, 0.92);
  let y = 780;
  const text = (s: string, x: number, options: { font?: PDFFont; size?: number; color?: typeof ink } = {}) =>
    page.drawText(safe(s), {
      x,
      y,
      size: options.size ?? 10,
      font: options.font ?? regular,
      color: options.color ?? ink,
    });
  const right = (s: string, xRight: number, font: PDFFont = regular, size = 10) =>
    page.drawText(safe(s), { x: xRight - font.widthOfTextAtSize(safe(s), size), y, size, font, color: ink });

  text(input.brand, 56, { font: bold, size: 22, color: accent });
  right(t("commerce.receiptTitle"), 539, bold, 18);
  y -= 40;
  const pairs: Array<[string, string]> = [
    [t("commerce.receiptOrder"), order.publicNumber ?? `#${order.id}`],
    [t("commerce.receiptDate"), date],
    [
      t("commerce.receiptTransaction"),
      payment?.providerRef
        ? `${payment.providerRef.slice(0, 40)}${payment.cardLabel ? `  (${payment.cardLabel})` : ""}`
        : "-",
    ],
    [
      t("commerce.receiptBilledTo"),
      buyer
        ? `${`${buyer.firstName} ${buyer.lastName}`.trim() || buyer.username}${buyer.email ? ` <${buyer.email}>` : ""}`
        : (order.email ?? ""),
    ],
  ];
  const address = formatAddress(order.shippingAddress);
  if (address) pairs.push([t("commerce.receiptShipping"), address]);
  for (const [label, value] of pairs) {
    text(label, 56, { font: bold, color: muted });
    text(value, 170);
    y -= 16;
  }
  y -= 16;
  // The money model (domain/money.ts): each line's list price × quantity, its discounts, what was
  // paid; then subtotal (Σ list) − discounts + shipping = total, and what the card was charged.
  const columns = { quantity: 318, list: 384, discount: 454, paid: 531 };
  const header = () => {
    page.drawRectangle({ x: 56, y: y - 6, width: 483, height: 22, color: rgb(0.94, 0.95, 0.97) });
    y += 2;
    text(t("commerce.receiptItem"), 64, { font: bold });
    right(t("commerce.receiptQuantity"), columns.quantity, bold);
    right(t("commerce.receiptListPrice"), columns.list, bold);
    right(t("commerce.receiptLineDiscount"), columns.discount, bold);
    right(t("commerce.receiptAmount"), columns.paid, bold);
    y -= 26;
  };
  header();
  const fallback = order.couponCode ? "coupon" : "salary_scale";
  const bought = lines.filter((l) => l.type !== "shipping");
  for (const line of bought) {
    if (y < 160) {
      page = pdf.addPage([595.28, 841.89]);
      y = 780;
      header();
    }
    const indent = line.parentId !== null ? 80 : 64;
    const m = moneyLineOf(line, fallback);
    // At most three lines per name, so one long title cannot push the totals off the page.
    const name = wrapText(
      safe(`${line.parentId !== null ? "- " : ""}${storedLineName(line, input.language)}`),
      regular,
      10,
      columns.quantity - 40 - indent,
    ).slice(0, 3);
    text(name[0] ?? "", indent);
    right(String(line.quantity), columns.quantity);
    right(money(listPence(m)), columns.list);
    right(discountPence(m) > 0 ? `-${money(discountPence(m))}` : "-", columns.discount);
    right(money(paidPence(m)), columns.paid);
    for (const more of name.slice(1)) {
      y -= 13;
      text(more, indent);
    }
    // Where the discount came from, beneath the line, in small type.
    const sources = [
      m.discounts.coupon > 0
        ? t("commerce.receiptDiscountCoupon", {
            code: order.couponCode ?? "",
            amount: money(m.discounts.coupon),
          })
        : null,
      m.discounts.salary_scale > 0
        ? t("commerce.receiptDiscountSalary", {
            percentage: order.salaryScalePercentage ?? 0,
            amount: money(m.discounts.salary_scale),
          })
        : null,
      m.discounts.binding > 0
        ? t("commerce.receiptDiscountBinding", { amount: money(m.discounts.binding) })
        : null,
      line.quantity > 1 ? t("commerce.receiptUnitPrice", { amount: money(m.listUnitPence) }) : null,
      line.refundedAt ? t("commerce.receiptRefunded") : null,
    ].filter((v): v is string => v !== null);
    if (sources.length > 0) {
      y -= 12;
      text(sources.join(" · "), indent + 8, { size: 8, color: muted });
    }
    y -= 18;
  }
  y -= 6;
  page.drawLine({ start: { x: 56, y: y + 8 }, end: { x: 539, y: y + 8 }, thickness: 0.5, color: muted });
  y -= 8;
  const figures = orderRowFigures(order);
  const totals: Array<[string, string, boolean]> = [
    [t("commerce.receiptSubtotal"), money(figures.subtotal_pence), false],
  ];
  if (figures.discount_pence > 0)
    totals.push([t("commerce.receiptDiscount"), `-${money(figures.discount_pence)}`, false]);
  if (figures.shipping_pence > 0)
    totals.push([t("commerce.receiptShippingCost"), money(figures.shipping_pence), false]);
  totals.push([t("commerce.receiptTotal"), money(figures.total_pence), true]);
  if (figures.credit_pence > 0) {
    totals.push([t("commerce.receiptCredit"), `-${money(figures.credit_pence)}`, false]);
    totals.push([t("commerce.receiptCharged"), money(figures.charged_pence), true]);
  }
  if (order.refundedPence > 0)
    totals.push([t("commerce.receiptRefunded"), `-${money(order.refundedPence)}`, false]);
  if (y < 60 + totals.length * 20) {
    page = pdf.addPage([595.28, 841.89]);
    y = 780;
  }
  for (const [label, value, strong] of totals) {
    right(label, columns.discount, strong ? bold : regular, strong ? 12 : 10);
    right(value, columns.paid, strong ? bold : regular, strong ? 12 : 10);
    y -= strong ? 20 : 16;
  }
  y -= 24;
  text(t("commerce.receiptVatFree"), 56, { color: muted });
  y -= 16;
  text(t("commerce.receiptThanks", { brand: input.brand }), 56, { color: muted });
  return Buffer.from(await pdf.save());
}
