/**
 * The name of a cart or order line in the reader's language. An order line stores its kind (its
 * type) and the product's names in both languages (`meta.label`), never a sentence in the buyer's
 * language only, so the history and the receipt read "Acceso al examen: Hola y adiós" to a Spanish
 * learner of an order placed in English. Lines written before labels were stored keep their name.
 */
import { type LanguageCode, messageKey, messages, translate } from "@aprendo/contract";
import { quotedTitle, titleIn } from "../lib/text";

export { titleIn };

export type Titles = { en: string; es: string };

/** What a line's name is made of, stored in `order_lines.meta.label`. */
export type LineLabel = {
  titles?: Titles;
  /** A sponsorship's recipient. */
  username?: string;
  /** A printed book's binding (`paperback`...). */
  binding?: string;
  /** The title's taught language: a name written the same in both languages is read in it. */
  taught?: LanguageCode;
};

const t = (language: LanguageCode, key: string, params?: Record<string, string | number>) =>
  translate(messages, language, messageKey(key, params));

/** The line's name for this reader; null when the label cannot make one (then the stored name stands). */
export function lineName(
  type: string,
  label: LineLabel | undefined,
  language: LanguageCode,
  kind?: string,
): string | null {
  if (type === "shipping") return t(language, "commerce.shippingName");
  const title = label?.titles ? titleIn(language, label.titles) : "";
  switch (type) {
    case "course":
      return title || null;
    case "exam_accesses":
      return t(language, "commerce.examAccessName", { title });
    case "ebook":
      // The shop's product kind: an e-book is "E-book: …", e-notes (or an offer sold alone) "E-notes: …".
      return t(language, kind === "ebook" ? "commerce.ebookName" : "commerce.notesName", { title });
    case "sponsorship":
      if (label?.username === undefined) return null;
      return kind === "course" && title
        ? t(language, "commerce.sponsorshipTitleName", { title, username: label.username })
        : t(language, "commerce.sponsorshipName", { username: label.username });
    case "physical_product":
      if (!title) return null;
      return label?.binding
        ? `${title} (${translate(messages, language, `shop.binding.${label.binding}`)})`
        : title;
    default:
      return null;
  }
}

/**
 * How a line's name is marked when its title is not in the reader's language (WCAG 3.1.2):
 * `name_lang` is the title's language; when the name has the interface's words around the title
 * ("Exam access: Buenos días", a printed book with its binding), `name_title` is the title inside it,
 * so the page marks that part alone. Nothing for a name without a title or with one in the reader's
 * language (the page's `lang` applies).
 */
export function lineNameParts(
  name: string,
  label: LineLabel | undefined,
  language: LanguageCode,
): { name_lang?: LanguageCode; name_title?: string } {
  if (!label?.titles) return {};
  const quoted = quotedTitle(language, name, { ...label.titles, taught: label.taught });
  if (!quoted) return {};
  return name === quoted.title
    ? { name_lang: quoted.lang }
    : { name_lang: quoted.lang, name_title: quoted.title };
}

/** A stored order line's name for this reader. */
export function storedLineName(
  line: { type: string; name: string; meta: Record<string, unknown> },
  language: LanguageCode,
): string {
  const label = line.meta.label as LineLabel | undefined;
  if (!label && line.type !== "shipping") return line.name;
  return lineName(line.type, label, language, line.meta.kind as string | undefined) ?? line.name;
}

/** A stored order line's name for this reader, with how its title is marked (lineNameParts). */
export function storedLineNaming(
  line: { type: string; name: string; meta: Record<string, unknown> },
  language: LanguageCode,
) {
  const name = storedLineName(line, language);
  return { name, ...lineNameParts(name, line.meta.label as LineLabel | undefined, language) };
}
