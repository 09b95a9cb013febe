/**
 * A tiny, real PDF writer for the demo e-books: A4 pages of text in Helvetica (WinAnsi, so Spanish
 * accents print), a title per page, wrapped paragraphs. Enough for pdf.js, browsers and printers.
 */
export type PdfPage = { title: string; paragraphs: string[] };

const pdfString = (s: string) => s.replace(/[\\()]/g, "\\$&").replace(/[^\x20-\xff]/g, "?");

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line ? `${line} ${word}` : word).length > width) {
      if (line) lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function pageStream(page: PdfPage, number: number, total: number, footer: string): string {
  const out = ["BT", "/F2 20 Tf", "72 770 Td", `(${pdfString(page.title)}) Tj`, "/F1 12 Tf", "0 -34 Td"];
  for (const paragraph of page.paragraphs) {
    for (const line of wrap(paragraph, 86)) out.push(`(${pdfString(line)}) Tj`, "0 -17 Td");
    out.push("0 -10 Td");
  }
  out.push(
    "ET",
    "BT",
    "/F1 9 Tf",
    "72 40 Td",
    `(${pdfString(`${footer}  -  ${number} / ${total}`)}) Tj`,
    "ET",
  );
  return out.join("\n");
}

export function buildPdf(pages: PdfPage[], meta: { title: string; footer: string }): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info; then a page and its content per page.
  const first = 6;
  pages.forEach((page, i) => {
    const pageId = first + i * 2;
    const contentId = pageId + 1;
    pageIds.push(pageId);
    const stream = pageStream(page, i + 1, pages.length, meta.footer);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`;
  });
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = `<< /Title (${pdfString(meta.title)}) /Producer (Aprendo) >>`;

  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, "latin1");
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
