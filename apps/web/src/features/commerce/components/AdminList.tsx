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
  StatusFilter,
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

/** What a list page hands the list: its place in the address, as `useAdminListState` returns it. */
export type AdminListState = {
  state: { search: string; status?: string };
  // A method, so that a page's state with its own filters still fits.
  update(patch: { search?: string; page?: string; status?: string }): void;
  page: number;
  sort: ListSort;
};

export function AdminList<Row>({
  title,
  subtitle,
  actions,
  list,
  statuses,
  filters,
  query,
  emptyIcon,
  emptyTitle,
  columns,
  cells,
  rowActions,
  testId,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  /** The search, page and order in the address: the search box, the pages and the sort read and set them. */
  list: AdminListState;
  /** The states of the rows: a select of them after the search, bound to the address's `status`. */
  statuses?: readonly string[];
  filters?: ReactNode;
  /** The page of rows the API answered, with the count of all that match. */
  query: {
    data?: { data: readonly Row[]; total: number };
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  emptyIcon: ReactNode;
  emptyTitle: string;
  /** Columns with a `sortKey` sort by their header on wide screens, by a select on phones. */
  columns: readonly AdminColumn[];
  cells: (row: Row) => ReactNode;
  rowActions?: (row: Row) => ReactNode;
  testId?: string;
  /** Other things of the page (a detail dialog...), drawn after the list. */
  children?: ReactNode;
}) {
  const { state, update, page, sort } = list;
  const search = state.search;
  const { t } = useTranslation("commerce");
  return (
    <AdminListPage
      title={title}
      subtitle={subtitle}
      actions={actions}
      filters={
        <>
          <SearchFilter
            label={t("admin.search")}
            value={search}
            onSearch={(value) => update({ search: value })}
          />
          {statuses && (
            <StatusFilter
              label={t("admin.status")}
              all={t("admin.all")}
              values={statuses}
              labelOf={(status) => t(`status.${status}`)}
              value={state.status ?? ""}
              onChange={(status) => update({ status })}
            />
          )}
          {filters}
        </>
      }
      query={query}
      rows={query.data?.data ?? []}
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
        total: query.data?.total ?? 0,
        perPage: adminPerPage,
        onPageChange: (p) => update({ page: String(p) }),
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
