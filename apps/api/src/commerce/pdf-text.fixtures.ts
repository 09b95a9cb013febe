/** Test helper: the text of a PDF, line by line (pdf.js, as a reader's viewer extracts it). */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Each page's text items grouped into lines by their baseline, left to right. */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const rows = new Map<number, Array<{ x: number; s: string }>>();
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const y = Math.round(item.transform[5] as number);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4] as number, s: item.str });
      rows.set(y, row);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a))
      out.push(
        rows
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((r) => r.s)
          .join(" | "),
      );
  }
  await task.destroy();
  return out;
}
