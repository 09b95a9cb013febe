/**
 * The list part of a back-office page: the loading, failed and empty states, then the rows (a table,
 * with cards instead on phones when the page gives them) and paging when there is more than one page.
 * AdminListPage draws it under its header; pages with tabs or a master/detail layout draw it themselves.
 */
import type { Namespace, TFunction } from "i18next";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Pagination, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../ui";
import { ListStates, type ListStatesProps, listRowsProps } from "./ListStates";
import { type ListSort, SortHeader, SortSelect } from "./sorting";
import { pageNumber } from "./url-state";

export type AdminColumn = {
  /** The header text (also the column's key). */
  header: string;
  align?: "left" | "right";
  /** Read by screen readers only (e.g. an image column). */
  hidden?: boolean;
  /** E.g. "max-sm:hidden" for a column left out on phones (give its cells the same class). */
  className?: string;
  /** The API's sort key of this column (with the table's `sort`): its header becomes a sort button. */
  sortKey?: string;
};

export type AdminPaging = {
  page: number;
  /** All rows on every page, as the server counts them. */
  total: number;
  perPage: number;
  onPageChange: (page: number) => void;
  texts: { label: string; previous: string; next: string; pageOf: (page: number, count: number) => string };
};

/** The words of a list's states; `actions` names the row-actions column for screen readers. */
export type AdminListTexts = { loading: string; loadFailed: string; retry: string; actions?: string };

/**
 * The paging words of a feature whose catalogue has `<prefix>pagination`, `previous`, `next` and
 * `pageOf` (with `page` and `count`), e.g. `pagingTexts(t, "admin.")`.
 */
export function pagingTexts<N extends Namespace>(t: TFunction<N>, prefix = ""): AdminPaging["texts"] {
  return {
    label: t(`${prefix}pagination`),
    previous: t(`${prefix}previous`),
    next: t(`${prefix}next`),
    pageOf: (page, count) => t(`${prefix}pageOf`, { page, count }),
  };
}

/**
 * Paging kept in the address as `page` (see useUrlState), e.g.
 * `urlPaging(state, update, list.data?.total, perPage, pagingTexts(t))`.
 */
export function urlPaging(
  state: { page: string },
  update: (patch: { page: string }) => void,
  total: number | undefined,
  perPage: number,
  texts: AdminPaging["texts"],
): AdminPaging {
  return {
    page: pageNumber(state.page),
    total: total ?? 0,
    perPage,
    onPageChange: (page) => update({ page: String(page) }),
    texts,
  };
}

/**
 * The list-state words of a feature whose catalogue has `<prefix>loading`, `loadFailed`, `retry` and
 * `actions`, e.g. `listTexts(t, "common.")`. Where a feature keeps one elsewhere, spread and override:
 * `{ ...listTexts(t), actions: t("columns.actions") }`.
 */
export function listTexts<N extends Namespace>(t: TFunction<N>, prefix = ""): Required<AdminListTexts> {
  return {
    loading: t(`${prefix}loading`),
    loadFailed: t(`${prefix}loadFailed`),
    retry: t(`${prefix}retry`),
    actions: t(`${prefix}actions`),
  };
}

/** Paging under a list; drawn only when there is more than one page. */
export function ListPaging({
  page,
  total,
  perPage,
  onPageChange,
  texts,
  className = "mt-4",
}: AdminPaging & { className?: string }) {
  if (total <= perPage) return null;
  return (
    <Pagination
      className={className}
      page={page}
      pageCount={Math.ceil(total / perPage)}
      onPageChange={onPageChange}
      label={texts.label}
      previousLabel={texts.previous}
      nextLabel={texts.next}
      pageLabel={texts.pageOf}
    />
  );
}

// Whole class names, so that Tailwind sees them: the cards show below the width, the table from it.
const cardsBelow = {
  sm: { cards: "sm:hidden", table: "max-sm:hidden" },
  md: { cards: "md:hidden", table: "max-md:hidden" },
};

export type AdminTableProps<Row> = {
  /** Names the table for screen readers: the page's title, or the tab's. */
  caption?: string;
  query: ListStatesProps["query"];
  rows: readonly Row[];
  rowKey?: (row: Row) => string | number;
  /** A `data-testid` put on every row. */
  rowTestId?: string;
  /** A `data-testid` put on the table, or on the list of cards when there is no table. */
  testId?: string;
  /** The table's columns; without them (and `cells`) the rows are drawn as cards at every width. */
  columns?: readonly AdminColumn[];
  /** The cells of one row, in the order of `columns` (the actions cell is added after them). */
  cells?: (row: Row) => ReactNode;
  /**
   * On phones, each row as a card instead of the table (the table shows from `cardsBelow` up). A card
   * that is a link covers itself with its link (`after:absolute after:inset-0`). Without a table, the
   * card draws its whole frame (a Card, a button).
   */
  card?: (row: Row) => ReactNode;
  /** Classes added to each card, e.g. "flex flex-col gap-1". */
  cardClassName?: string;
  /** The width from which the table replaces the cards: "sm" (the default) or "md". */
  cardsBelow?: keyof typeof cardsBelow;
  /** The buttons at the end of a row (see RowActions); adds a last column named `texts.actions`. */
  rowActions?: (row: Row) => ReactNode;
  /** Shown instead of the rows when there are none. */
  empty: ReactNode;
  texts: AdminListTexts;
  paging?: AdminPaging;
  /** The list's order (see urlSort): columns with a `sortKey` sort by their header, phones by a select. */
  sort?: ListSort;
};

export function AdminTable<Row>({
  caption,
  query,
  rows,
  rowKey = (row) => (row as { id: number }).id,
  rowTestId,
  testId,
  columns,
  cells,
  card,
  cardClassName,
  cardsBelow: below = "sm",
  rowActions,
  empty,
  texts,
  paging,
  sort,
}: AdminTableProps<Row>) {
  const busy = query.isFetching || undefined;
  const sortable = sort ? (columns ?? []).filter((column) => column.sortKey) : [];
  const table = columns && (
    <Table className="relative" caption={caption} aria-busy={busy} data-testid={testId}>
      <TableHead>
        <TableRow>
          {columns.map((column) =>
            sort && column.sortKey ? (
              <SortHeader
                key={column.header}
                sort={sort}
                sortKey={column.sortKey}
                align={column.align}
                className={column.className}
              >
                {column.header}
              </SortHeader>
            ) : (
              <TableHeaderCell key={column.header} align={column.align} className={column.className}>
                {column.hidden ? <span className="sr-only">{column.header}</span> : column.header}
              </TableHeaderCell>
            ),
          )}
          {rowActions && (
            <TableHeaderCell align="right">
              <span className="sr-only">{texts.actions}</span>
            </TableHeaderCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody {...listRowsProps(query)}>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} data-testid={rowTestId}>
            {cells?.(row)}
            {rowActions && <TableCell align="right">{rowActions(row)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  const cards = card && (
    <ul
      {...listRowsProps(query, cn("flex flex-col gap-3", table && cardsBelow[below].cards))}
      aria-busy={busy}
      data-testid={table ? undefined : testId}
    >
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className={
            table
              ? cn("relative rounded-lg border border-border bg-surface p-4", cardClassName)
              : cardClassName
          }
        >
          {card(row)}
        </li>
      ))}
    </ul>
  );
  return (
    <ListStates
      query={query}
      isEmpty={rows.length === 0}
      loadingLabel={texts.loading}
      errorMessage={texts.loadFailed}
      retryLabel={texts.retry}
      empty={empty}
    >
      {sort && (
        <SortSelect
          sort={sort}
          className="mb-3 md:hidden"
          columns={sortable.map((column) => ({ key: column.sortKey!, label: column.header }))}
        />
      )}
      {table && cards ? (
        <>
          {cards}
          <div className={cardsBelow[below].table}>{table}</div>
        </>
      ) : (
        (table ?? cards)
      )}
      {paging && <ListPaging {...paging} />}
    </ListStates>
  );
}
