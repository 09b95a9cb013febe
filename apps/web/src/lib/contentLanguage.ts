/**
 * The one rule for the language of bilingual content (WCAG 3.1.2 Language of parts): a field written
 * in both languages is read in the interface language, or in English when its Spanish side is empty,
 * and says which one it is, so `<Content>` / `<Translated>` (components/ui/Content.tsx) can mark an
 * English fallback inside the Spanish interface with `lang="en"`.
 */
export type ContentLanguage = "en" | "es";
export type Bilingual = { en: string; es: string };

/** The interface language as a content language (anything but Spanish reads as English). */
export const interfaceLanguage = (language: string | undefined): ContentLanguage =>
  language === "es" ? "es" : "en";

/** The `lang` attribute a text needs: its language when not the interface's, else none (the page's applies). */
export const langAttribute = (lang: string | null | undefined, language: string | undefined) =>
  lang && lang !== interfaceLanguage(language) ? lang : undefined;

/** The reader's side of a bilingual text and the language it is written in. */
export function pickText(
  text: Bilingual,
  language: string | undefined,
): { text: string; lang: ContentLanguage } {
  if (interfaceLanguage(language) === "es" && text.es.trim() !== "") return { text: text.es, lang: "es" };
  return { text: text.en, lang: "en" };
}

/** The same rule for a pair of optional settings (the promotion bar's texts). */
export function pickOptional(
  language: string | undefined,
  en: string | undefined,
  es: string | undefined,
): { text: string; lang: ContentLanguage } | undefined {
  if (interfaceLanguage(language) === "es" && es?.trim()) return { text: es, lang: "es" };
  return en ? { text: en, lang: "en" } : undefined;
}
