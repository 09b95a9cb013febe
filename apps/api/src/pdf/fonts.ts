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

/**
 * fontkit, parsing each font file once per process. pdf-lib asks fontkit to parse the file for every
 * document, and the parsed font is where fontkit keeps the tables and glyphs it decoded: parsed
 * afresh, every receipt decoded them again (about 90 ms of CPU a receipt; 20 ms with the font
 * kept). Each document still takes its own subset (`createSubset`), so sharing the parsed font
 * shares no document's glyphs with another; the fonts are only read.
 */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const sharedFontkit: typeof fontkit = {
  ...fontkit,
  create(data, postscriptName) {
    const bytes = data as Uint8Array;
    // A font collection's member is chosen by name: only whole files are kept.
    if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(data);
      parsed.set(bytes, font);
    }
    return font;
  },
};

/** The characters both weights can draw, worked out once per process (the fonts never change). */
let drawable: Set<number> | null = null;

/** Embeds DejaVu Sans (regular and bold, subset) into a document. */
export async function embedUnicodeFonts(pdf: PDFDocument): Promise<PdfFonts> {
  pdf.registerFontkit(sharedFontkit);
  const [regularBytes, boldBytes] = await Promise.all([fontBytes("regular"), fontBytes("bold")]);
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  if (!drawable) {
    const inBold = new Set(bold.getCharacterSet());
    drawable = new Set(regular.getCharacterSet().filter((code) => inBold.has(code)));
  }
  const canDraw = drawable;
  const safe = (text: string) =>
    Array.from(text.normalize("NFC").replace(/[\t\n\r]+/g, " "))
      .map((ch) => (canDraw.has(ch.codePointAt(0) ?? 0) ? ch : "?"))
      .join("");
  return { regular, bold, safe };
}
