/**
 * /faqs (public) and /iu/faqs (learners): questions grouped by category, a search over questions and
 * answers in both languages, category filters, and a way to contact support when nothing helps.
 */
import { ChevronDown, CircleHelp, Link2, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { SearchInput, usePageState } from "../../../components/admin";
import { Button, Container, EmptyState, ErrorState, Skeleton, Translated } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { useFaqCategoriesPublic, useFaqs } from "../api";
import { ContactCard } from "../components/ContactCard";
import { Highlight } from "../components/Highlight";
import { faqArea, inLanguage } from "../logic";

const defaults = { search: "", category: "" };

function FaqSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-8">
      {[0, 1].map((g) => (
        <div key={g} className="flex flex-col gap-3">
          <Skeleton className="h-6 w-48" />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}

export default function FaqsPage() {
  const { t, i18n } = useTranslation("faqs");
  const area = faqArea(useLocation().pathname);
  const base = area === "learner" ? "/iu/faqs" : "/faqs";
  const [state, update] = usePageState(defaults);
  const faqs = useFaqs(area, state);
  const categories = useFaqCategoriesPublic();
  const groups = (faqs.data?.data ?? []).filter((g) => g.entries.length > 0);
  const allCount = (categories.data ?? []).reduce((sum, c) => sum + c.entries_count, 0);
  const chips = [
    { id: "", label: t("all"), count: allCount },
    ...(categories.data ?? [])
      .filter((c) => c.entries_count > 0)
      .map((c) => ({ id: String(c.id), label: inLanguage(c.name, i18n.language), count: c.entries_count })),
  ];

  return (
    <div className={area === "public" ? "bg-background" : undefined}>
      <div className="border-b border-border bg-surface">
        <Container size="reading" className="flex flex-col gap-4 py-8 sm:py-12">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary"
          >
            <CircleHelp className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{t("title")}</h1>
          <p className="text-base text-fg-muted">{t("subtitle")}</p>
          <search className="mt-2">
            <SearchInput
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("search")}
              placeholder={t("searchPlaceholder")}
            />
          </search>
          {chips.length > 1 && (
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">{t("categoryFilter")}</legend>
              {chips.map((chip) => {
                const active = state.category === chip.id;
                return (
                  <button
                    key={chip.id || "all"}
                    type="button"
                    aria-pressed={active}
                    onClick={() => update({ category: chip.id })}
                    className={cn(
                      "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors duration-150 focus-ring sm:min-h-9",
                      active
                        ? "border-primary bg-primary text-primary-fg"
                        : "border-border-strong bg-surface text-fg hover:bg-surface-muted",
                    )}
                  >
                    {chip.label}
                    <span className={cn("text-xs tabular-nums", active ? "opacity-90" : "text-fg-muted")}>
                      {chip.count}
                    </span>
                  </button>
                );
              })}
            </fieldset>
          )}
        </Container>
      </div>
      <Container size="reading" className="flex flex-col gap-10 py-8 sm:py-10">
        {faqs.isPending ? (
          <FaqSkeleton />
        ) : faqs.isError ? (
          <ErrorState
            message={t("loadFailed")}
            retryLabel={t("retry")}
            onRetry={() => void faqs.refetch()}
            retrying={faqs.isFetching}
          />
        ) : groups.length === 0 ? (
          <EmptyState
            icon={<SearchX />}
            title={state.search ? t("noMatch", { search: state.search }) : t("empty")}
            text={state.search ? t("noMatchText") : t("emptyText")}
            action={
              state.search || state.category ? (
                <Button variant="secondary" onClick={() => update({ search: "", category: "" })}>
                  {t("clear")}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <div
            className="flex flex-col gap-10"
            aria-busy={faqs.isFetching || undefined}
            data-testid="faq-groups"
          >
            {state.search && (
              <p className="text-sm text-fg-muted" role="status">
                {/* While the previous answers stay on screen, their count is not the new search's:
                    the status (read out as it changes) waits for this search's answers. */}
                {faqs.isPlaceholderData
                  ? null
                  : t("results", { count: faqs.data.total, search: state.search })}
              </p>
            )}
            {groups.map((group) => (
              <section
                key={group.id}
                aria-labelledby={`faq-category-${group.id}`}
                className="flex flex-col gap-3"
              >
                <Translated
                  as="h2"
                  id={`faq-category-${group.id}`}
                  text={group.name}
                  className="text-xl font-semibold text-fg"
                />
                <ul className="flex flex-col gap-2">
                  {group.entries.map((entry) => (
                    <li key={entry.id}>
                      <details
                        className="group rounded-lg border border-border bg-surface shadow-sm open:shadow-md"
                        open={state.search !== "" && group.entries.length <= 3}
                      >
                        <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-lg px-4 py-3 font-medium text-fg focus-ring [&::-webkit-details-marker]:hidden">
                          <Translated text={entry.question} className="flex-1">
                            {(question) => <Highlight text={question} search={state.search} />}
                          </Translated>
                          <ChevronDown
                            aria-hidden="true"
                            className="size-5 shrink-0 text-fg-muted transition-transform duration-150 group-open:rotate-180"
                          />
                        </summary>
                        <div className="flex flex-col gap-3 border-t border-border px-4 pt-3 pb-4">
                          <Translated
                            as="p"
                            text={entry.answer}
                            className="text-sm leading-relaxed whitespace-pre-line text-fg"
                          >
                            {(answer) => <Highlight text={answer} search={state.search} />}
                          </Translated>
                          <Link
                            to={`${base}/${entry.id}`}
                            className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-ring"
                          >
                            <Link2 aria-hidden="true" className="size-4" />
                            {t("openEntry")}
                          </Link>
                        </div>
                      </details>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <ContactCard area={area} />
      </Container>
    </div>
  );
}
