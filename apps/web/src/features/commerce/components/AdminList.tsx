/** The frame the commerce back-office lists share: header, filters, list states, table and paging. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FiltersBar, type ListSort, ListStates, SearchInput, SortSelect } from "../../../components/admin";
import { Container, EmptyState, Field, PageHeader, Pagination, Table } from "../../../components/ui";
import { adminPerPage } from "../api";

export function AdminList({
  title,
  subtitle,
  actions,
  search,
  onSearch,
  filters,
  query,
  total,
  page,
  onPage,
  emptyIcon,
  emptyTitle,
  head,
  children,
  testId,
  sort,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  search: string;
  onSearch: (value: string) => void;
  filters?: ReactNode;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  total: number;
  page: number;
  onPage: (page: number) => void;
  emptyIcon: ReactNode;
  emptyTitle: string;
  head: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The list's order and its sortable columns: headers sort on wide screens, a select on phones (cards). */
  sort?: { order: ListSort; columns: readonly { key: string; label: string }[] };
}) {
  const { t } = useTranslation("commerce");
  const pageCount = Math.max(1, Math.ceil(total / adminPerPage));
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <FiltersBar>
        <Field label={t("admin.search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput id={control.id} value={search} onSearch={onSearch} label={t("admin.search")} />
          )}
        </Field>
        {filters}
      </FiltersBar>
      <ListStates
        query={query}
        isEmpty={total === 0}
        loadingLabel={t("loading")}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={<EmptyState icon={emptyIcon} title={search ? t("admin.noMatch") : emptyTitle} />}
      >
        {sort && <SortSelect sort={sort.order} columns={sort.columns} className="mb-3 md:hidden" />}
        <Table caption={title} aria-busy={query.isFetching || undefined} data-testid={testId}>
          {head}
          {children}
        </Table>
        {pageCount > 1 && (
          <Pagination
            className="mt-4"
            page={page}
            pageCount={pageCount}
            onPageChange={onPage}
            label={t("pagination.label")}
            previousLabel={t("pagination.previous")}
            nextLabel={t("pagination.next")}
            pageLabel={(p, n) => t("pagination.page", { page: p, count: n })}
          />
        )}
      </ListStates>
    </Container>
  );
}
