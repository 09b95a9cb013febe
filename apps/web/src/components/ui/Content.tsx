/**
 * Course or user content in the language it is written in (WCAG 3.1.2 Language of parts): `lang`
 * is set only when it differs from the interface language, so a screen reader switches voice for
 * "Buenos días" inside the English interface and the page's own `lang` applies otherwise. Use it for
 * any text whose language the API states (a bilingual field's `lang`, a ticket's language).
 */
import type { ElementType, ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function Content({
  lang,
  as: Tag = "span",
  className,
  children,
}: {
  lang?: string | null;
  as?: ElementType;
  className?: string;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const interfaceLanguage = i18n.language === "es" ? "es" : "en";
  const own = lang && lang !== interfaceLanguage ? lang : undefined;
  return (
    <Tag lang={own} className={className}>
      {children}
    </Tag>
  );
}
