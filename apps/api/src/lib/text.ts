/** Texts in the request language, display names, ISO dates and the URLs of stored covers. */
import type { LanguageCode } from "@aprendo/contract";

/** The Spanish text when asked for and present; English otherwise (Spanish may lag behind). */
export function localized(language: LanguageCode, en: string, es: string): string {
  return language === "es" && es.trim() !== "" ? es : en;
}

/**
 * The language `localized` text is written in, when it is not the interface language (else
 * undefined, the page's own `lang` applies; WCAG 3.1.2): English when a Spanish field was empty, and
 * the title's taught language when both fields hold the same words (not a translation: "Buenos días"
 * in a Spanish course).
 */
export function textLanguage(
  language: LanguageCode,
  en: string,
  es: string,
  taught?: LanguageCode,
): LanguageCode | undefined {
  const written: LanguageCode =
    taught && en.trim() === es.trim() && en.trim() !== ""
      ? taught
      : language === "es" && es.trim() !== ""
        ? "es"
        : "en";
  return written === language ? undefined : written;
}

/** A title in the reader's language, the other language's when that one is empty. */
export const titleIn = (language: LanguageCode, titles: { en: string; es: string }) =>
  language === "es" ? titles.es || titles.en : titles.en || titles.es;

/**
 * A title quoted inside interface words ("Exam access: Buenos días", "New answer in Saludos") and
 * its language, when not the reader's (WCAG 3.1.2): the page marks that part of the text alone.
 * Nothing when the text does not hold the title, or the title is in the reader's language. Cart and
 * order lines (commerce/line-names.ts) and notifications quote titles this way.
 */
export function quotedTitle(
  language: LanguageCode,
  text: string,
  titles: { en: string; es: string; taught?: LanguageCode | undefined },
): { title: string; lang: LanguageCode } | undefined {
  const title = titleIn(language, titles);
  const lang = textLanguage(language, titles.en, titles.es, titles.taught);
  return lang && title && text.includes(title) ? { title, lang } : undefined;
}

/**
 * A name (level, module, lecture, e-book...) in the reader's language with its `title_lang`, the
 * language it is written in when not the reader's (textLanguage), so the page can mark it (WCAG 3.1.2).
 */
export const named = (language: LanguageCode, en: string, es: string, taught?: LanguageCode) => ({
  title: localized(language, en, es),
  title_lang: textLanguage(language, en, es, taught),
});

/** The language a title is taught in (the catalogue's two; anything else reads as English). */
export const taughtIn = (row: { teachingLanguage: string }): LanguageCode =>
  row.teachingLanguage === "es" ? "es" : "en";

export function coverUrl(course: {
  id: number;
  coverImageKey: string | null;
  updatedAt: Date;
}): string | null {
  return course.coverImageKey ? `/api/courses/${course.id}/cover?v=${course.updatedAt.getTime()}` : null;
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** A learner's display name for administrators. */
export function fullName(user: { firstName: string; lastName: string; username: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username;
}
