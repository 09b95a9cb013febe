/** The certificate PDF (A4 landscape): learner, item, date, unique code and a QR code to the public check. */
import { messageKey, messages, translate } from "@aprendo/contract";
import { PDFDocument, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { embedUnicodeFonts } from "../pdf/fonts";

export type PdfInput = {
  brand: string;
  learner: string;
  item: string;
  kind: "title" | "module" | "level";
  issuedAt: Date;
  code: string;
  url: string;
  lang: "en" | "es";
  revoked: boolean;
};

export function formatDate(date: Date, lang: "en" | "es") {
  return new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

export async function certificatePdf(input: PdfInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  // DejaVu Sans (subset): names such as "Łukasz Żółć" or "Nguyễn" are drawn as written.
  const { regular, bold, safe } = await embedUnicodeFonts(pdf);
  const t = (key: string, params?: Record<string, string>) =>
    safe(translate(messages, input.lang, messageKey(key, params)));
  pdf.setTitle(`${translate(messages, input.lang, messageKey("certificates.pdfTitle"))} - ${input.item}`);
  pdf.setAuthor(input.brand);
  pdf.setSubject(input.learner);
  const page = pdf.addPage([842, 595]);
  const { width, height } = page.getSize();
  const ink = rgb(0.12, 0.16, 0.22);
  const muted = rgb(0.42, 0.45, 0.5);
  const accent = rgb(0.15, 0.39, 0.92);
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: accent,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: width - 68,
    height: height - 68,
    borderColor: accent,
    borderWidth: 0.75,
  });
  const center = (text: string, y: number, size: number, font = regular, color = ink) => {
    let s = size;
    while (font.widthOfTextAtSize(text, s) > width - 140 && s > 10) s -= 1;
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, s)) / 2, y, size: s, font, color });
  };
  center(safe(input.brand), height - 90, 18, bold, accent);
  center(t("certificates.pdfTitle"), height - 150, 34, bold);
  center(t("certificates.pdfCertifies"), height - 200, 14, regular, muted);
  center(safe(input.learner), height - 250, 32, bold);
  // A short accent rule under the name, the certificate's one ornament.
  page.drawLine({
    start: { x: width / 2 - 130, y: height - 266 },
    end: { x: width / 2 + 130, y: height - 266 },
    thickness: 1.25,
    color: accent,
  });
  center(
    t("certificates.pdfCompleted", { kind: t(`certificates.kind.${input.kind}`) }),
    height - 290,
    14,
    regular,
    muted,
  );
  center(safe(input.item), height - 330, 22, bold);
  center(
    t("certificates.pdfDate", { date: formatDate(input.issuedAt, input.lang) }),
    height - 375,
    12,
    regular,
    muted,
  );
  const qr = await QRCode.toBuffer(input.url, {
    type: "png",
    margin: 1,
    width: 240,
    errorCorrectionLevel: "M",
  });
  const image = await pdf.embedPng(qr);
  page.drawImage(image, { x: width - 60 - 100, y: 60, width: 100, height: 100 });
  page.drawText(t("certificates.pdfCode", { code: input.code }), {
    x: 60,
    y: 90,
    size: 11,
    font: bold,
    color: ink,
  });
  page.drawText(t("certificates.pdfVerify", { url: input.url }), {
    x: 60,
    y: 72,
    size: 9,
    font: regular,
    color: muted,
  });
  if (input.revoked)
    center(t("certificates.revoked").toUpperCase(), height / 2, 60, bold, rgb(0.8, 0.1, 0.1));
  return Buffer.from(await pdf.save());
}
