/**
 * The demo e-books ("Lecture notes"): A4 pages of real text drawn with pdf-lib and DejaVu Sans
 * (pdf/fonts.ts), so the e-book viewer's pdf.js text layer can select and search every word,
 * accents included. The first page is the lecture's own (its summary in English and Spanish); the
 * next are the title's study notes from seed/content/ebook-notes.ts, in Spanish too where the title
 * teaches Spanish. Made at seed time from that text: the repository holds no PDF.
 */
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import { embedUnicodeFonts } from "../pdf/fonts";
import { wrapText } from "../pdf/wrap";
import { type NotesPage, titleNotes } from "./content/ebook-notes";

const A4 = [595, 842] as const;
const MARGIN = 64;
const ink = rgb(0.12, 0.13, 0.16);
const muted = rgb(0.4, 0.42, 0.47);

/**
 * Lines already wrapped, by font, size and text. Every lecture of a title repeats the title's notes
 * pages, and measuring a line shapes it with the font's OpenType tables (pdf-lib over fontkit): the
 * wrapping, redone for each of a title's lectures, was about half of the catalogue seed's CPU. Kept,
 * 82 % of the wrapped text is found here, and the catalogue seed took 2.6-3.1 instead of 5.1 CPU-s
 * (27 Nov, under load). Line breaks depend only on the text and the font's metrics, never on the
 * document, so the lines are shared; the demo's text is fixed, so the map stays small.
 */
const wrapped = new Map<string, string[]>();
function wrappedLines(text: string, font: PDFFont, size: number, width: number): string[] {
  const key = `${font.name} ${size} ${width} ${text}`;
  let lines = wrapped.get(key);
  if (!lines) {
    lines = wrapText(text, font, size, width);
    wrapped.set(key, lines);
  }
  return lines;
}

export async function lectureNotesPdf(input: {
  courseTitle: string;
  lectureTitle: [en: string, es: string];
  about: [en: string, es: string];
  number: number;
}): Promise<{ data: Buffer; pages: number }> {
  const pdf = await PDFDocument.create();
  const fonts = await embedUnicodeFonts(pdf);
  const { regular, bold, safe } = fonts;
  const [titleEn, titleEs] = input.lectureTitle;
  pdf.setTitle(safe(`${input.number}. ${titleEn} / ${titleEs}`));
  pdf.setAuthor("Aprendo");
  pdf.setLanguage("en");
  const notes = titleNotes[input.courseTitle];
  const pages: NotesPage[] = [
    {
      heading: `${input.number}. ${titleEn}`,
      paragraphs: [
        input.about[0],
        `${titleEs}: ${input.about[1]}`,
        "Before the next lecture: summarise its key idea in one sentence, give two examples of your own, and note one question to ask in the lecture's Q&A. The pages that follow are the title's study notes.",
        "Antes de la próxima lección: resume su idea clave en una frase, da dos ejemplos propios y anota una pregunta para el apartado de preguntas. Las páginas siguientes son los apuntes del curso.",
      ],
    },
    ...(notes?.en ?? []),
    ...(notes?.es ?? []),
  ];
  const width = A4[0] - 2 * MARGIN;
  pages.forEach((content, index) => {
    const page = pdf.addPage([...A4]);
    let y = A4[1] - MARGIN;
    for (const line of wrappedLines(safe(content.heading), bold, 18, width)) {
      page.drawText(line, { x: MARGIN, y, size: 18, font: bold, color: ink });
      y -= 24;
    }
    y -= 10;
    for (const paragraph of content.paragraphs) {
      for (const line of wrappedLines(safe(paragraph), regular, 11.5, width)) {
        page.drawText(line, { x: MARGIN, y, size: 11.5, font: regular, color: ink });
        y -= 17;
      }
      y -= 9;
    }
    const footer = safe(`Aprendo · ${input.courseTitle} · ${index + 1} / ${pages.length}`);
    page.drawText(footer, { x: MARGIN, y: 36, size: 9, font: regular, color: muted });
  });
  return { data: Buffer.from(await pdf.save()), pages: pages.length };
}
