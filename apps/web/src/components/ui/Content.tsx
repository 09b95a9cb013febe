/**
 * Course or user content in the language it is written in (WCAG 3.1.2 Language of parts): `lang`
 * is set only when it differs from the interface language, so a screen reader switches voice for
 * "Buenos días" inside the English interface and the page's own `lang` applies otherwise. Use it for
 * any text whose language the API states (a bilingual field's `lang`, a ticket's language, the
 * author's language of a question or review), and `<Translated>` for a field sent in both languages.
 */
import type { ElementType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Bilingual, langAttribute, pickText } from "../../lib/contentLanguage";

export function Content({
  lang,
  as: Tag = "span",
  id,
  className,
  children,
}: {
  lang?: string | null;
  as?: ElementType;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Tag id={id} lang={langAttribute(lang, i18n.language)} className={className}>
      {children}
    </Tag>
  );
}

/**
 * A field sent in both languages, shown in the interface language (English when the Spanish side is
 * empty, then marked `lang="en"`). `children` may render the picked text differently (highlighted).
 */
export function Translated({
  text,
  as,
  id,
  className,
  children,
}: {
  text: Bilingual;
  as?: ElementType;
  id?: string;
  className?: string;
  children?: (text: string) => ReactNode;
}) {
  const { i18n } = useTranslation();
  const picked = pickText(text, i18n.language);
  return (
    <Content lang={picked.lang} as={as} id={id} className={className}>
      {children ? children(picked.text) : picked.text}
    </Content>
  );
}

/**
 * A text in the interface language that quotes a title ("Exam access: Buenos días", a notification
 * naming a lecture): only the quoted part carries the title's `lang`, the interface's words keep the
 * page's. Without `quote` the whole text is the title (a line named by its title alone).
 */
export function Quoting({
  text,
  quote,
  lang,
  as: Tag = "span",
  className,
}: {
  text: string;
  quote?: string | null;
  lang?: string | null;
  as?: ElementType;
  className?: string;
}) {
  const at = quote ? text.indexOf(quote) : -1;
  if (!quote || at < 0)
    return (
      <Content lang={quote ? undefined : lang} as={Tag} className={className}>
        {text}
      </Content>
    );
  return (
    <Tag className={className}>
      {text.slice(0, at)}
      <Content lang={lang}>{quote}</Content>
      {text.slice(at + quote.length)}
    </Tag>
  );
}
