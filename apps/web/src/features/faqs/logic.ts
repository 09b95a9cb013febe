/** Pure rules of the FAQ pages. */
import { type Bilingual, pickText } from "../../lib/contentLanguage";

/** The reader's side of a text written in both languages (English when the other is empty; lib/contentLanguage). */
export const inLanguage = (text: Bilingual, language: string | undefined): string =>
  pickText(text, language).text;

/** Which FAQ pages the address belongs to: the learner's (/iu/faqs) or the public ones (/faqs). */
export function faqArea(pathname: string): "learner" | "public" {
  return pathname.startsWith("/iu/") ? "learner" : "public";
}

/**
 * Splits a text around the words searched for, so the page can mark them: case and accents do not
 * matter ("camara" finds "Cámara"). Returns the parts with `match` set on the found ones.
 */
export function highlightParts(text: string, search: string): { text: string; match: boolean }[] {
  const words = search
    .trim()
    .split(/\s+/)
    .filter((w) => w.length >= 2);
  if (words.length === 0 || text === "") return [{ text, match: false }];
  const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  // Folding removes combining marks only, so each original character keeps its index when it had none.
  const folded = Array.from(text, (ch) => fold(ch) || ch);
  const haystack = folded.join("");
  const marks = new Array<boolean>(folded.length).fill(false);
  const starts: number[] = [];
  let offset = 0;
  for (const part of folded) {
    starts.push(offset);
    offset += part.length;
  }
  for (const word of words.map(fold)) {
    let from = haystack.indexOf(word);
    while (from >= 0) {
      const end = from + word.length;
      starts.forEach((start, i) => {
        if (start < end && start + (folded[i]?.length ?? 0) > from) marks[i] = true;
      });
      from = haystack.indexOf(word, end);
    }
  }
  const chars = Array.from(text);
  const parts: { text: string; match: boolean }[] = [];
  chars.forEach((ch, i) => {
    const match = marks[i] ?? false;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += ch;
    else parts.push({ text: ch, match });
  });
  return parts;
}
