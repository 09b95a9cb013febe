/** The lecture's description, e-books and FAQs tabs. */
import type { LectureDetail } from "@aprendo/contract";
import { BookOpenText, CircleHelp, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card, Content, EmptyState } from "../../../components/ui";
import { paragraphs } from "../../catalog/logic";
import { useLearnerPaths } from "../paths";

export function LectureDescription({ text, lang }: { text: string; lang?: string | undefined }) {
  const { t } = useTranslation("learning");
  const list = paragraphs(text);
  if (list.length === 0) return <p className="text-sm text-fg-muted">{t("about.empty")}</p>;
  return (
    <Content
      as="div"
      lang={lang}
      className="flex max-w-reading flex-col gap-3 text-base leading-relaxed text-fg"
    >
      {list.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
        <p key={i}>{p}</p>
      ))}
    </Content>
  );
}

const megabytes = (bytes: number) => Math.max(0.1, Math.round((bytes / 1024 / 1024) * 10) / 10);

export function EbookList({ lecture }: { lecture: LectureDetail }) {
  const { t } = useTranslation("learning");
  const paths = useLearnerPaths();
  if (lecture.ebooks.length === 0)
    return <EmptyState icon={<BookOpenText />} title={t("ebooks.emptyTitle")} text={t("ebooks.emptyText")} />;
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {lecture.ebooks.map((ebook) => (
        <li key={ebook.id}>
          <Card className="h-full flex-row items-center gap-4 p-4">
            <span
              aria-hidden="true"
              className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent"
            >
              <FileText className="size-6" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <Content lang={ebook.title_lang} className="font-medium text-fg">
                {ebook.title}
              </Content>
              <span className="text-xs text-fg-muted">
                {t("ebooks.facts", { count: ebook.pages, size: megabytes(ebook.size_bytes) })}
                {ebook.last_page > 1 && ` · ${t("ebooks.lastPage", { page: ebook.last_page })}`}
              </span>
            </span>
            <Button asChild size="sm">
              <Link to={paths.ebook(lecture.course_id, lecture.id, ebook.id)}>
                {ebook.last_page > 1 ? t("ebooks.continue") : t("ebooks.open")}
                <span className="sr-only">
                  : <Content lang={ebook.title_lang}>{ebook.title}</Content>
                </span>
              </Link>
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function FaqList({ faqs }: { faqs: LectureDetail["faqs"] }) {
  const { t } = useTranslation("learning");
  if (faqs.length === 0)
    return <EmptyState icon={<CircleHelp />} title={t("faqs.emptyTitle")} text={t("faqs.emptyText")} />;
  return (
    <div className="flex flex-col gap-2">
      {faqs.map((faq) => (
        <details key={faq.id} className="group rounded-lg border border-border bg-surface">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-medium text-fg focus-ring [&::-webkit-details-marker]:hidden">
            <Content lang={faq.question_lang}>{faq.question}</Content>
            <span
              aria-hidden="true"
              className="text-xl text-fg-muted transition-transform duration-150 group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <Content
            as="p"
            lang={faq.answer_lang}
            className="border-t border-border px-4 py-3 text-sm whitespace-pre-line text-fg"
          >
            {faq.answer}
          </Content>
        </details>
      ))}
    </div>
  );
}
