import type { PDFFont } from "pdf-lib";

/** Breaks a text into lines no wider than `width` (a word longer than the width is cut with "…"). */
export function wrapText(value: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let current = "";
  for (const word of value.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (fits(next)) current = next;
    else {
      if (current) lines.push(current);
      let cut = word;
      while (!fits(cut) && cut.length > 1) cut = cut.slice(0, -1);
      current = cut === word ? word : `${cut.slice(0, -1)}…`;
    }
  }
  if (current) lines.push(current);
  return lines;
}
