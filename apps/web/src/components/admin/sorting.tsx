/**
 * Server-sorted lists: the order is kept in the address as `sort` (`name`, `-created_at` for
 * descending), the same value the API's `sort` parameter takes (the contract's `sortQuery`), so a
 * sorted list can be shared, reloaded and saved with the filters. Column headers sort on wide
 * screens; on phones, where rows are cards and the header row is gone, a "Sort by" select does.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Field, Select, SortableHeaderCell, type SortState, TableHeaderCell } from "../ui";

export type ListSort = {
  /** The current order, null for the list's default one. */
  order: SortState;
  /** A header was activated: a new column starts ascending, the same column flips. */
  onSort: (key: string) => void;
  /** Sets the order directly (the phone's select); null goes back to the default order. */
  setOrder: (order: SortState) => void;
};

/** `"-created_at"` → `{ key: "created_at", direction: "desc" }`; "" → null. */
export function parseSortParam(value: string): SortState {
  if (!value) return null;
  return value.startsWith("-")
    ? { key: value.slice(1), direction: "desc" }
    : { key: value, direction: "asc" };
}

export function sortParam(order: SortState): string {
  if (!order) return "";
  return order.direction === "desc" ? `-${order.key}` : order.key;
}

/** The order kept in the address by useUrlState (a `sort: ""` default), e.g. `urlSort(state, update)`. */
export function urlSort(state: { sort: string }, update: (patch: { sort: string }) => void): ListSort {
  const order = parseSortParam(state.sort);
  const setOrder = (next: SortState) => update({ sort: sortParam(next) });
  return {
    order,
    setOrder,
    onSort: (key) =>
      setOrder(
        order?.key === key
          ? { key, direction: order.direction === "asc" ? "desc" : "asc" }
          : { key, direction: "asc" },
      ),
  };
}

/**
 * The phone's way to sort (rows are cards there, without column headers): one option per column and
 * direction. Shown below 768 px only; `columns` are the sortable columns' keys and header texts.
 */
export function SortSelect({
  sort,
  columns,
  className = "md:hidden",
}: {
  sort: ListSort;
  columns: readonly { key: string; label: string }[];
  className?: string;
}) {
  const { t } = useTranslation("common");
  if (columns.length === 0) return null;
  return (
    <Field label={t("table.sortBy")} className={className}>
      <Select
        value={sortParam(sort.order)}
        onChange={(event) => sort.setOrder(parseSortParam(event.target.value))}
        options={[
          { value: "", label: t("table.defaultOrder") },
          ...columns.flatMap((column) => [
            { value: column.key, label: t("table.ascending", { column: column.label }) },
            { value: `-${column.key}`, label: t("table.descending", { column: column.label }) },
          ]),
        ]}
      />
    </Field>
  );
}

/**
 * A column header of a table a page draws itself (AdminTable does this from `sortKey`): a sort
 * button with `aria-sort` for the list's `sort`, a plain header when the list is not sortable.
 */
export function SortHeader({
  sort,
  sortKey,
  align,
  className,
  children,
}: {
  sort: ListSort | undefined;
  sortKey: string;
  align?: "left" | "right";
  className?: string;
  children: ReactNode;
}) {
  if (!sort) {
    return (
      <TableHeaderCell align={align} className={className}>
        {children}
      </TableHeaderCell>
    );
  }
  return (
    <SortableHeaderCell
      align={align}
      className={className}
      direction={sort.order?.key === sortKey ? sort.order.direction : undefined}
      onSort={() => sort.onSort(sortKey)}
    >
      {children}
    </SortableHeaderCell>
  );
}
