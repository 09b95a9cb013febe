/**
 * Unicode fonts for pdf-lib documents (certificates, receipts). The standard PDF fonts speak
 * WinAnsi only, so "Łukasz Żółć" or "Nguyễn" could not be drawn; DejaVu Sans covers Latin,
 * Greek and Cyrillic with every accent. The fonts are embedded as subsets (only the glyphs used).
 *
 * The API is bundled with esbuild with npm packages external, so the TTF files are read from
 * node_modules at run time, resolved from this module (works from src/ and from dist/server.js).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

const require = createRequire(import.meta.url);

export const fontFiles = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
} as const;
export type FontWeight = keyof typeof fontFiles;

const loaded = new Map<FontWeight, Promise<Uint8Array>>();

/** The font file's bytes, read once per process. */
export function fontBytes(weight: FontWeight): Promise<Uint8Array> {
  let bytes = loaded.get(weight);
  if (!bytes) {
    bytes = readFile(require.resolve(fontFiles[weight])).then((b) => new Uint8Array(b));
    // A failed read is not cached, so a later document tries again.
    bytes.catch(() => loaded.delete(weight));
    loaded.set(weight, bytes);
  }
  return bytes;
}

export type PdfFonts = {
  regular: PDFFont;
  bold: PDFFont;
  /** The text with what the font cannot draw replaced by "?" (never throws while drawing). */
  safe: (text: string) => string;
};

/** Embeds DejaVu Sans (regular and bold, subset) into a document. */
export async function embedUnicodeFonts(pdf: PDFDocument): Promise<PdfFonts> {
  pdf.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await Promise.all([fontBytes("regular"), fontBytes("bold")]);
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  // Characters both weights can draw.
  const inBold = new Set(bold.getCharacterSet());
  const drawable = new Set(regular.getCharacterSet().filter((code) => inBold.has(code)));
  const safe = (text: string) =>
    Array.from(text.normalize("NFC").replace(/[\t\n\r]+/g, " "))
      .map((ch) => (drawable.has(ch.codePointAt(0) ?? 0) ? ch : "?"))
      .join("");
  return { regular, bold, safe };
}
