/**
 * /courses: every listed title for guests and learners. Search with suggestions,
 * filters and order live in the address (`?q=&category=&price=&level=&language=&length=&min_rating=
 * &sort=&page=`), so a filtered list can be shared and the back button undoes a filter. Paging is
 * the server's. Cards open the public title page, which sends a learner on to their own.
 */
import { courseLengthBands, courseLevels, courseSorts } from "@aprendo/contract";
import { SearchX, SlidersHorizontal } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAddressChange } from "../../../components/admin/url-state";
import { Button, Container, Field, PageHeader, Select } from "../../../components/ui";
import { type CatalogueFilters as Filters, PER_PAGE, useCatalogue } from "../api";
import { CatalogueFilters, filterKeys } from "../components/CatalogueFilters";
import { CourseGrid } from "../components/CourseGrid";
import { SuggestSearch } from "../components/SuggestSearch";
import { positiveInt } from "../logic";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The filters written in the address; anything unknown is left out. */
export function filtersFrom(params: URLSearchParams): Filters {
  return {
    page: positiveInt(params.get("page"), 1),
    q: (params.get("q") ?? "").trim(),
    category: positiveInt(params.get("category"), 0) || undefined,
    price: oneOf(["free", "paid"], params.get("price")),
    level: oneOf(courseLevels, params.get("level")),
    language: oneOf(["en", "es"], params.get("language")),
    length: oneOf(courseLengthBands, params.get("length")),
    min_rating: oneOf(["3", "3.5", "4", "4.5"], params.get("min_rating")),
    sort: oneOf(courseSorts, params.get("sort")),
  };
}

export default function CataloguePage() {
  const { t } = useTranslation("catalog");
  const navigate = useNavigate();
  const [params, changeAddress] = useAddressChange();
  const filters = filtersFrom(params);
  const query = useCatalogue(filters);
  const [showFilters, setShowFilters] = useState(false);
  const panelId = useId();

  const update = useCallback(
    (changes: Partial<Filters>) =>
      changeAddress(
        (next) => {
          for (const [key, value] of Object.entries({ page: undefined, ...changes })) {
            if (value === undefined || value === "" || value === null) next.delete(key);
            else next.set(key, String(value));
          }
        },
        { replace: false },
      ),
    [changeAddress],
  );

  const activeFilters = filterKeys.filter((key) => filters[key] !== undefined).length;
  const filtered = filters.q !== "" || activeFilters > 0;
  const sorts = courseSorts.filter((sort) => sort !== "relevance" || filters.q);
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("catalogue.title")} subtitle={t("catalogue.subtitle")} className="pb-4" />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SuggestSearch
          value={filters.q}
          onSearch={(q) => update({ q: q || undefined, sort: undefined })}
          onOpen={(id) => navigate(`/courses/${id}`)}
          className="w-full sm:max-w-lg"
        />
        <div className="flex items-end gap-3 sm:ml-auto">
          <Button
            variant="secondary"
            className="lg:hidden"
            aria-expanded={showFilters}
            aria-controls={panelId}
            onClick={() => setShowFilters((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {/* On phones the panel is folded away: the button says how many filters apply. */}
            {activeFilters > 0
              ? t("catalogue.showFiltersActive", { count: activeFilters })
              : t("catalogue.showFilters")}
          </Button>
          <Field label={t("catalogue.sort")} className="min-w-0 flex-1 sm:w-56 sm:flex-none">
            <Select
              value={filters.sort ?? (filters.q ? "relevance" : "")}
              onChange={(event) => update({ sort: (event.target.value || undefined) as Filters["sort"] })}
              placeholder={filters.q ? undefined : t("catalogue.sorts.default")}
              options={sorts.map((sort) => ({ value: sort, label: t(`catalogue.sorts.${sort}`) }))}
            />
          </Field>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <aside
          id={panelId}
          aria-label={t("catalogue.filters")}
          className={showFilters ? "block" : "hidden lg:block"}
        >
          <h2 className="mb-3 hidden text-sm font-semibold tracking-wide text-fg-muted uppercase lg:block">
            {t("catalogue.filters")}
          </h2>
          <CatalogueFilters filters={filters} onChange={update} />
        </aside>
        <div className="flex min-w-0 flex-col gap-4">
          {query.data && (
            <p className="text-sm text-fg-muted" role="status">
              {t("results", { count: query.data.total })}
            </p>
          )}
          <CourseGrid
            query={query}
            page={filters.page}
            perPage={PER_PAGE}
            onPageChange={(page) => {
              update({ ...filters, page });
              window.scrollTo({ top: 0 });
            }}
            empty={
              filtered
                ? {
                    icon: <SearchX />,
                    title: filters.q
                      ? t("empty.searchTitle", { q: filters.q })
                      : t("catalogue.emptyFiltered"),
                    text: t("empty.searchText"),
                    action: (
                      <Button
                        variant="secondary"
                        onClick={() => changeAddress(new URLSearchParams(), { replace: false })}
                      >
                        {t("empty.clearFilters")}
                      </Button>
                    ),
                  }
                : { icon: <SearchX />, title: t("catalogue.emptyFiltered"), text: t("empty.searchText") }
            }
            label={t("catalogue.title")}
            linkTo={(id) => `/courses/${id}`}
          />
        </div>
      </div>
    </Container>
  );
}
