/** The receipt PDF of an order (pdf-lib): brand, order, lines, totals, the VAT-free note. Owner only. */
import { type LanguageCode, messageKey, messages, translate } from "@aprendo/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import type { Db } from "../db/client";
import { orderLines, orders, payments, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { embedUnicodeFonts } from "../pdf/fonts";
import { formatAddress } from "./history.service";
import { formatPounds } from "./money";

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
  const money = (pence: number) => `£${formatPounds(pence)}`;
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
  page.drawRectangle({ x: 56, y: y - 6, width: 483, height: 22, color: rgb(0.94, 0.95, 0.97) });
  y += 2;
  text(t("commerce.receiptItem"), 64, { font: bold });
  right(t("commerce.receiptQuantity"), 430, bold);
  right(t("commerce.receiptAmount"), 531, bold);
  y -= 26;
  for (const line of lines) {
    if (y < 140) {
      page = pdf.addPage([595.28, 841.89]);
      y = 780;
    }
    const indent = line.parentId !== null ? 80 : 64;
    const name = line.name.length > 70 ? `${line.name.slice(0, 69)}…` : line.name;
    text(`${line.parentId !== null ? "- " : ""}${name}`, indent);
    right(String(line.quantity), 430);
    right(money(line.paidPence), 531);
    if (line.refundedAt) {
      y -= 12;
      text(t("commerce.receiptRefunded"), indent, { size: 8, color: muted });
    }
    y -= 18;
  }
  y -= 6;
  page.drawLine({ start: { x: 56, y: y + 8 }, end: { x: 539, y: y + 8 }, thickness: 0.5, color: muted });
  y -= 8;
  const totals: Array<[string, string, boolean]> = [
    [t("commerce.receiptSubtotal"), money(order.subtotalPence), false],
  ];
  if (order.discountPence > 0)
    totals.push([t("commerce.receiptDiscount"), `-${money(order.discountPence)}`, false]);
  if (order.creditPence > 0)
    totals.push([t("commerce.receiptCredit"), `-${money(order.creditPence)}`, false]);
  totals.push([t("commerce.receiptTotal"), money(order.totalPence), true]);
  if (order.refundedPence > 0)
    totals.push([t("commerce.receiptRefunded"), `-${money(order.refundedPence)}`, false]);
  for (const [label, value, strong] of totals) {
    right(label, 430, strong ? bold : regular, strong ? 12 : 10);
    right(value, 531, strong ? bold : regular, strong ? 12 : 10);
    y -= strong ? 20 : 16;
  }
  y -= 24;
  text(t("commerce.receiptVatFree"), 56, { color: muted });
  y -= 16;
  text(t("commerce.receiptThanks", { brand: input.brand }), 56, { color: muted });
  return Buffer.from(await pdf.save());
}
