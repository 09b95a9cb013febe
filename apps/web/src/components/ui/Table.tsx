import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { type ComponentProps, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import "./table-cards.css";

export type SortDirection = "asc" | "desc";
export type SortState<K extends string = string> = { key: K; direction: SortDirection } | null;

/**
 * Copies each column's header text onto its body cells as `data-label`, which the phone layout shows
 * before the value (table-cards.css). A cell spanning several columns (an expanded detail row) or
 * under an empty header gets no label. Only changed attributes are written, so React's own updates
 * and this copy never fight.
 */
export function labelCells(table: HTMLTableElement) {
  const headers = Array.from(table.tHead?.rows[0]?.cells ?? []).flatMap((cell) =>
    Array.from({ length: cell.colSpan }, () => (cell.colSpan > 1 ? "" : (cell.textContent ?? "").trim())),
  );
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const label = cell.colSpan > 1 ? "" : (headers[column] ?? "");
        column += cell.colSpan;
        if (!label) cell.removeAttribute("data-label");
        else if (cell.getAttribute("data-label") !== label) cell.setAttribute("data-label", label);
      }
    }
  }
}

/**
 * A semantic table in a horizontally scrolling frame, so wide admin tables never break the page.
 * Below 768 px each row becomes a card of label/value lines (`cards`, on by default; the labels are
 * the column headers), so a phone shows every column without scrolling sideways.
 */
export function Table({
  className,
  caption,
  captionHidden = true,
  cards = true,
  children,
  ...props
}: ComponentProps<"table"> & { caption?: ReactNode; captionHidden?: boolean; cards?: boolean }) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!cards || !table) return;
    labelCells(table);
    // Rows arrive later (paging, "Show more", an expanded row) and headers change language.
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [cards]);
  return (
    <div
      className={cn(
        "relative w-full overflow-x-auto rounded-lg border border-border bg-surface",
        cards && "max-md:rounded-none max-md:border-0 max-md:bg-transparent",
      )}
    >
      <table
        ref={ref}
        className={cn("w-full border-collapse text-left text-sm text-fg", cards && "table-cards", className)}
        {...props}
      >
        {caption && (
          <caption className={cn("px-4 py-3 text-left text-sm text-fg-muted", captionHidden && "sr-only")}>
            {caption}
          </caption>
        )}
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("border-b border-border bg-surface-muted", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&>tr:last-child]:border-b-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-border", className)} {...props} />;
}

export type TableAlign = "left" | "right" | "center";
const alignClasses: Record<TableAlign, string> = {
  left: "text-left",
  right: "text-right",
  center: "text-center",
};

export function TableHeaderCell({
  className,
  align = "left",
  scope = "col",
  ...props
}: ComponentProps<"th"> & { align?: TableAlign }) {
  return (
    <th
      scope={scope}
      className={cn(
        "px-4 py-3 font-semibold whitespace-nowrap text-fg-muted",
        alignClasses[align],
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  align = "left",
  ...props
}: ComponentProps<"td"> & { align?: TableAlign }) {
  return <td className={cn("px-4 py-3 align-middle", alignClasses[align], className)} {...props} />;
}

export type SortableHeaderCellProps = Omit<ComponentProps<"th">, "onClick"> & {
  /** This column's current direction; undefined when the table is sorted by another column. */
  direction?: SortDirection;
  onSort: () => void;
  align?: TableAlign;
};

/** A column header that sorts: a button inside the <th>, whose aria-sort tells the current order. */
export function SortableHeaderCell({
  direction,
  onSort,
  align = "left",
  className,
  children,
  ...props
}: SortableHeaderCellProps) {
  const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ChevronsUpDown;
  return (
    <th
      scope="col"
      aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
      className={cn("px-2 py-1 font-semibold whitespace-nowrap", alignClasses[align], className)}
      {...props}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          "inline-flex min-h-11 items-center gap-1 rounded-md px-2 transition-colors duration-150 hover:bg-surface hover:text-fg focus-ring sm:min-h-10",
          direction ? "text-fg" : "text-fg-muted",
        )}
      >
        {children}
        <Icon aria-hidden="true" className="size-4 shrink-0" />
      </button>
    </th>
  );
}

/** The next state when a header is clicked: a new column starts ascending, the same column flips. */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current?.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: "asc" };
}

/** Local sort state for a table; server-sorted tables keep the same shape in the URL instead. */
export function useTableSort<K extends string>(initial: SortState<K> = null) {
  const [sort, setSort] = useState<SortState<K>>(initial);
  return {
    sort,
    setSort,
    toggle: (key: K) => setSort((current) => nextSort(current, key)),
    directionOf: (key: K): SortDirection | undefined => (sort?.key === key ? sort.direction : undefined),
  };
}
