/**
 * The frame of a back-office list page: title and actions, optional sub-navigation and filters, then
 * the table with its loading, failed and empty states, and paging when there is more than one page.
 * Pages give the columns and how one row's cells look; the scaffold draws everything around them.
 */
import type { Namespace, TFunction } from "i18next";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import {
  Container,
  PageHeader,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../ui";
import { FiltersBar } from "./FiltersBar";
import { ListStates, type ListStatesProps } from "./ListStates";

export type AdminColumn = {
  /** The header text (also the column's key). */
  header: string;
  align?: "left" | "right";
  /** Read by screen readers only (e.g. an image column). */
  hidden?: boolean;
  /** E.g. "max-sm:hidden" for a column left out on phones (give its cells the same class). */
  className?: string;
};

export type AdminPaging = {
  page: number;
  /** All rows on every page, as the server counts them. */
  total: number;
  perPage: number;
  onPageChange: (page: number) => void;
  texts: { label: string; previous: string; next: string; pageOf: (page: number, count: number) => string };
};

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

export type AdminListPageProps<Row> = {
  title: string;
  subtitle?: ReactNode;
  /** Buttons beside the title (Create, links to related lists...). */
  actions?: ReactNode;
  /** Drawn between the header and the list, e.g. the section's tabs. */
  nav?: ReactNode;
  /** The fields of the filters bar; the bar is left out when there are none. */
  filters?: ReactNode;
  query: ListStatesProps["query"];
  rows: readonly Row[];
  rowKey?: (row: Row) => string | number;
  /** A `data-testid` put on every row. */
  rowTestId?: string;
  columns: readonly AdminColumn[];
  /** The cells of one row, in the order of `columns` (the actions cell is added after them). */
  cells: (row: Row) => ReactNode;
  /**
   * On phones, each row as a card instead of the table (the table shows from `sm` up). A card that
   * is a link covers itself with its link (`after:absolute after:inset-0`).
   */
  card?: (row: Row) => ReactNode;
  /** Classes added to each card, e.g. "flex flex-col gap-1". */
  cardClassName?: string;
  /** The buttons at the end of a row (see RowActions); adds a last column named `texts.actions`. */
  rowActions?: (row: Row) => ReactNode;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  texts: { loading: string; loadFailed: string; retry: string; actions?: string };
  paging?: AdminPaging;
  /** Other things of the page (dialogs...), drawn after the list. */
  children?: ReactNode;
};

export function AdminListPage<Row>({
  title,
  subtitle,
  actions,
  nav,
  filters,
  query,
  rows,
  rowKey = (row) => (row as { id: number }).id,
  rowTestId,
  columns,
  cells,
  card,
  cardClassName,
  rowActions,
  empty,
  texts,
  paging,
  children,
}: AdminListPageProps<Row>) {
  const table = (
    <Table className="relative" caption={title} aria-busy={query.isFetching || undefined}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.header} align={column.align} className={column.className}>
              {column.hidden ? <span className="sr-only">{column.header}</span> : column.header}
            </TableHeaderCell>
          ))}
          {rowActions && (
            <TableHeaderCell align="right">
              <span className="sr-only">{texts.actions}</span>
            </TableHeaderCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} data-testid={rowTestId}>
            {cells(row)}
            {rowActions && <TableCell align="right">{rowActions(row)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {nav}
      {filters && <FiltersBar>{filters}</FiltersBar>}
      <ListStates
        query={query}
        isEmpty={rows.length === 0}
        loadingLabel={texts.loading}
        errorMessage={texts.loadFailed}
        retryLabel={texts.retry}
        empty={empty}
      >
        {card ? (
          <>
            <ul className="flex flex-col gap-3 sm:hidden" aria-busy={query.isFetching || undefined}>
              {rows.map((row) => (
                <li
                  key={rowKey(row)}
                  className={cn("relative rounded-lg border border-border bg-surface p-4", cardClassName)}
                >
                  {card(row)}
                </li>
              ))}
            </ul>
            <div className="max-sm:hidden">{table}</div>
          </>
        ) : (
          table
        )}
        {paging && <ListPaging {...paging} />}
      </ListStates>
      {children}
    </Container>
  );
}
