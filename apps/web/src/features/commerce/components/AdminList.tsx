/**
 * The commerce back-office lists (orders, transactions, refunds, coupons, sponsorships): the shared
 * list page with a search box first in the filters, the commerce words for its states and paging,
 * and the server's page size.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  type AdminColumn,
  AdminListPage,
  type ListSort,
  SearchFilter,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { EmptyState } from "../../../components/ui";
import { adminPerPage } from "../api";

/**
 * A commerce list's place in the address (search, page, order and the page's own filters) and the
 * query parameters the API takes for it: empty values are left out.
 */
export function useAdminListState<Extra extends Record<string, string>>(extra: Extra) {
  const [state, update] = useUrlState({ search: "", page: "1", sort: "", ...extra });
  const page = Math.max(1, Number(state.page) || 1);
  const filled = Object.fromEntries(
    Object.entries(state).filter(([key, value]) => key !== "page" && value !== ""),
  );
  const params = { ...filled, page } as Partial<Record<Exclude<keyof typeof state, "page">, string>> & {
    page: number;
  };
  return {
    state,
    update,
    page,
    // A generic page's own filters hide from TypeScript that `sort` is one of its keys.
    sort: urlSort(state, (patch) => update(patch as Partial<typeof state>)),
    params,
  };
}

export function AdminList<Row>({
  title,
  subtitle,
  actions,
  search,
  onSearch,
  filters,
  query,
  rows,
  total,
  page,
  onPage,
  emptyIcon,
  emptyTitle,
  columns,
  cells,
  rowActions,
  testId,
  sort,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  search: string;
  onSearch: (value: string) => void;
  filters?: ReactNode;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  rows: readonly Row[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  emptyIcon: ReactNode;
  emptyTitle: string;
  /** Columns with a `sortKey` sort by their header on wide screens, by a select on phones. */
  columns: readonly AdminColumn[];
  cells: (row: Row) => ReactNode;
  rowActions?: (row: Row) => ReactNode;
  testId?: string;
  sort?: ListSort;
  /** Other things of the page (a detail dialog...), drawn after the list. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("commerce");
  return (
    <AdminListPage
      title={title}
      subtitle={subtitle}
      actions={actions}
      filters={
        <>
          <SearchFilter label={t("admin.search")} value={search} onSearch={onSearch} />
          {filters}
        </>
      }
      query={query}
      rows={rows}
      testId={testId}
      columns={columns}
      cells={cells}
      rowActions={rowActions}
      sort={sort}
      texts={{
        loading: t("loading"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        actions: t("admin.actions"),
      }}
      empty={<EmptyState icon={emptyIcon} title={search ? t("admin.noMatch") : emptyTitle} />}
      paging={{
        page,
        total,
        perPage: adminPerPage,
        onPageChange: onPage,
        texts: {
          label: t("pagination.label"),
          previous: t("pagination.previous"),
          next: t("pagination.next"),
          pageOf: (p, n) => t("pagination.page", { page: p, count: n }),
        },
      }}
    >
      {children}
    </AdminListPage>
  );
}
