/**
 * The frame of every catalogue list page (all, mine, top, coming soon, a category): header, the
 * catalogue's section tabs, search and category filters kept in the address, and the grid.
 */
import { BookOpen, SearchX } from "lucide-react";
import { type ReactNode, useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button, Container, PageHeader } from "../../../components/ui";
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
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get("page"), 1);
  const q = (params.get("q") ?? "").trim();
  const filterCategory = scope === "all" ? positiveInt(params.get("category"), 0) || undefined : undefined;
  const query = useCourseList(scope, { page, q, categoryId: categoryId ?? filterCategory });

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback(
    (value: string) => update({ q: value || undefined, page: undefined }),
    [update],
  );

  const filtered = q !== "" || filterCategory !== undefined;
  const emptyState = filtered
    ? {
        icon: <SearchX />,
        title: q ? t("empty.searchTitle", { q }) : t("empty.categoryTitle"),
        text: t("empty.searchText"),
        action: (
          <Button
            variant="secondary"
            onClick={() => update({ q: undefined, category: undefined, page: undefined })}
          >
            {t("empty.clearFilters")}
          </Button>
        ),
      }
    : empty;

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={title} subtitle={subtitle} above={above} className="pb-4" />
      {showNav && <CatalogNav className="mb-6" />}
      <div className="mb-6 flex flex-col gap-4">
        <SearchField value={q} onChange={onSearch} className="w-full sm:max-w-md" />
        {scope === "all" && (
          <CategoryFilter
            value={filterCategory}
            onChange={(id) => update({ category: id ? String(id) : undefined, page: undefined })}
          />
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
          update({ page: next > 1 ? String(next) : undefined });
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
