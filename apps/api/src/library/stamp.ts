/**
 * The licence line publishers print on a sold e-book: every page of the downloaded PDF carries
 * "Licensed to <buyer> · Order <number>" in small grey type along its bottom edge, so a copy passed
 * on names its buyer. Drawn with DejaVu Sans (pdf/fonts.ts) so any name prints as typed.
 */
import { degrees, PDFDocument, rgb } from "pdf-lib";
import { embedUnicodeFonts } from "../pdf/fonts";

const SIZE = 7;
const MARGIN = 10;

export async function stampPdf(
  bytes: Uint8Array,
  line: string,
  meta: { title: string; producer: string },
): Promise<Uint8Array> {
  // Authors' files may carry an owner password (printing or copying limits): the stamp is drawn
  // all the same, as the viewer reads them.
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const { regular, safe } = await embedUnicodeFonts(pdf);
  const text = safe(line);
  for (const page of pdf.getPages()) {
    const { width } = page.getSize();
    // A rotated page shows its bottom edge elsewhere: draw along what the reader sees as the bottom.
    const rotation = ((page.getRotation().angle % 360) + 360) % 360;
    const textWidth = regular.widthOfTextAtSize(text, SIZE);
    const { height } = page.getSize();
    const place =
      rotation === 90
        ? { x: MARGIN + SIZE, y: (height - textWidth) / 2, rotate: degrees(90) }
        : rotation === 180
          ? { x: (width + textWidth) / 2, y: height - MARGIN, rotate: degrees(180) }
          : rotation === 270
            ? { x: width - MARGIN - SIZE, y: (height + textWidth) / 2, rotate: degrees(270) }
            : { x: (width - textWidth) / 2, y: MARGIN, rotate: degrees(0) };
    page.drawText(text, { ...place, size: SIZE, font: regular, color: rgb(0.45, 0.47, 0.52) });
  }
  pdf.setTitle(meta.title);
  pdf.setProducer(meta.producer);
  pdf.setSubject(text);
  return pdf.save();
}
