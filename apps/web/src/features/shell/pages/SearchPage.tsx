/** /iu/search?q=&source= : the global search results (titles and products fill it as their issues land). */
import { BookOpen, SearchX, ShoppingBag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Badge, Card, Container, EmptyState, ErrorState, PageHeader, Skeleton } from "../../../components/ui";
import { useSearch } from "../api";
import { normalizeSource } from "../logic";

export default function SearchPage() {
  const { t } = useTranslation("shell");
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const source = normalizeSource(params.get("source"));
  const results = useSearch(q, source);
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={q ? t("search.resultsFor", { q }) : t("titles.search")}
        subtitle={t(`search.in.${source}`)}
      />
      {!q ? (
        <EmptyState icon={<SearchX />} title={t("search.emptyQuery")} text={t("search.emptyQueryText")} />
      ) : results.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : results.isError ? (
        <ErrorState
          message={t("search.failed")}
          retryLabel={t("retry")}
          onRetry={() => void results.refetch()}
        />
      ) : results.data.data.length === 0 ? (
        <EmptyState
          icon={<SearchX />}
          title={t("search.none", { q })}
          text={t("search.noneText")}
          action={
            <Link className="font-medium text-primary underline" to="/iu/courses">
              {t("search.browse")}
            </Link>
          }
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {results.data.data.map((hit) => (
            <li key={`${hit.source}-${hit.id}`}>
              <Card interactive className="relative flex-row items-start gap-4 p-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
                >
                  {hit.source === "courses" ? (
                    <BookOpen className="size-5" />
                  ) : (
                    <ShoppingBag className="size-5" />
                  )}
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link to={hit.url} className="font-semibold text-fg after:absolute after:inset-0">
                    {hit.title}
                  </Link>
                  <span className="line-clamp-2 text-sm text-fg-muted">{hit.description}</span>
                </span>
                <Badge tone={hit.source === "courses" ? "primary" : "accent"}>
                  {t(`search.${hit.source}`)}
                </Badge>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
