/**
 * The frame of every catalogue list page (all, mine, top, coming soon, a category): header, the
 * catalogue's section tabs, search and category filters kept in the address, and the grid.
 */
import { BookOpen, SearchX } from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button, Container, PageHeader } from "../../../components/ui";
import { AdvertSlot } from "../../adverts/components/AdvertSlot";
import { PER_PAGE, useCourseList } from "../api";
import { type CourseScope, positiveInt } from "../logic";
import { CatalogNav } from "./CatalogNav";
import { CategoryFilter } from "./CategoryFilter";
import { CourseGrid } from "./CourseGrid";
import { SearchField } from "./SearchField";

export function CourseListPage({
  scope,
  title,
  subtitle,
  categoryId,
  empty,
  above,
  ranked,
  showNav = true,
}: {
  scope: CourseScope;
  title: ReactNode;
  subtitle?: ReactNode;
  categoryId?: number;
  empty: { icon: ReactNode; title: string; text: string; action?: ReactNode };
  above?: ReactNode;
  ranked?: boolean;
  showNav?: boolean;
}) {
  const { t } = useTranslation("catalog");
  // Filters start from the address (`?q=&category=&page=`, e.g. a shared link) and then live in the
  // page: the kept-alive pages are keyed by address, so rewriting it on every keystroke would keep
  // one copy of the page per search.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState(() => ({
    page: positiveInt(params.get("page"), 1),
    q: (params.get("q") ?? "").trim(),
    category: scope === "all" ? positiveInt(params.get("category"), 0) || undefined : undefined,
  }));
  const { page, q, category: filterCategory } = filters;
  const query = useCourseList(scope, { page, q, categoryId: categoryId ?? filterCategory });

  const update = useCallback(
    (changes: Partial<typeof filters>) => setFilters((current) => ({ ...current, page: 1, ...changes })),
    [],
  );
  const onSearch = useCallback((value: string) => update({ q: value }), [update]);

  const filtered = q !== "" || filterCategory !== undefined;
  const emptyState = filtered
    ? {
        icon: <SearchX />,
        title: q ? t("empty.searchTitle", { q }) : t("empty.categoryTitle"),
        text: t("empty.searchText"),
        action: (
          <Button variant="secondary" onClick={() => update({ q: "", category: undefined })}>
            {t("empty.clearFilters")}
          </Button>
        ),
      }
    : empty;

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={title} subtitle={subtitle} above={above} className="pb-4" />
      {showNav && <CatalogNav className="mb-6" />}
      <AdvertSlot placement="course_list_top" className="mb-6" />
      <div className="mb-6 flex flex-col gap-4">
        <SearchField value={q} onChange={onSearch} className="w-full sm:max-w-md" />
        {scope === "all" && (
          <CategoryFilter value={filterCategory} onChange={(id) => update({ category: id })} />
        )}
      </div>
      {query.data && (q || filterCategory) && query.data.total > 0 && (
        <p className="mb-4 text-sm text-fg-muted" role="status">
          {t("results", { count: query.data.total })}
        </p>
      )}
      <CourseGrid
        query={query}
        page={page}
        perPage={PER_PAGE}
        onPageChange={(next) => {
          update({ page: next });
          window.scrollTo({ top: 0 });
        }}
        empty={emptyState}
        ranked={ranked}
        label={typeof title === "string" ? title : t("nav.all")}
      />
    </Container>
  );
}

/** The usual "browse the catalogue" button of empty states. */
export function BrowseButton() {
  const { t } = useTranslation("catalog");
  return (
    <Button asChild>
      <Link to="/iu/courses">
        <BookOpen aria-hidden="true" className="size-4" />
        {t("empty.browse")}
      </Link>
    </Button>
  );
}
