/** /faqs/{id} and /iu/faqs/{id}: one question with its answer and others of its category. */
import { ArrowLeft, ChevronRight, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import {
  Badge,
  Card,
  Container,
  EmptyState,
  ErrorState,
  SkeletonText,
  Translated,
} from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { useFaq } from "../api";
import { ContactCard } from "../components/ContactCard";
import { faqArea } from "../logic";

export default function FaqPage() {
  const { t, i18n } = useTranslation("faqs");
  const area = faqArea(useLocation().pathname);
  const base = area === "learner" ? "/iu/faqs" : "/faqs";
  const param = useParams().id ?? "";
  const id = /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : null;
  const faq = useFaq(area, id);
  const language = i18n.language;

  const back = (
    <Link
      to={base}
      className="inline-flex min-h-11 w-fit items-center gap-1.5 rounded-sm text-sm text-fg-muted hover:text-fg focus-ring sm:min-h-8"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("back")}
    </Link>
  );

  let body: ReactNode;
  if (id === null || (faq.error instanceof ApiError && faq.error.status === 404))
    body = <EmptyState icon={<SearchX />} title={t("notFound")} text={t("notFoundText")} />;
  else if (faq.isPending)
    body = (
      <div aria-busy="true" className="flex flex-col gap-4">
        <SkeletonText lines={1} className="w-3/4" />
        <SkeletonText lines={5} />
      </div>
    );
  else if (faq.isError)
    body = (
      <ErrorState
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void faq.refetch()}
        retrying={faq.isFetching}
      />
    );
  else {
    const entry = faq.data.data;
    body = (
      <article className="flex flex-col gap-6">
        <header className="flex flex-col gap-3">
          <Badge tone="primary" className="w-fit">
            <Translated text={entry.category.name} />
          </Badge>
          <Translated
            as="h1"
            text={entry.question}
            className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl"
          />
          <p className="text-sm text-fg-muted">
            {t("updated", { date: formatDate(entry.updated_at, dateLanguage(language)) })}
          </p>
        </header>
        <Card className="p-6">
          <Translated
            as="p"
            text={entry.answer}
            className="text-base leading-relaxed whitespace-pre-line text-fg"
          />
        </Card>
        {faq.data.related.length > 0 && (
          <section aria-labelledby="related" className="flex flex-col gap-3">
            <h2 id="related" className="text-xl font-semibold text-fg">
              {t("related")}
            </h2>
            <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface">
              {faq.data.related.map((other) => (
                <li key={other.id}>
                  <Link
                    to={`${base}/${other.id}`}
                    className="flex min-h-12 items-center gap-3 px-4 py-3 text-sm font-medium text-fg hover:bg-surface-muted focus-ring"
                  >
                    <Translated text={other.question} className="flex-1" />
                    <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    );
  }

  return (
    <Container size="reading" className="flex flex-col gap-6 py-6 sm:py-10">
      {back}
      {body}
      <ContactCard area={area} />
    </Container>
  );
}
