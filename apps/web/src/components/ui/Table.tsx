import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";
import { cn } from "../../lib/cn";

export type SortDirection = "asc" | "desc";
export type SortState<K extends string = string> = { key: K; direction: SortDirection } | null;

/** A semantic table in a horizontally scrolling frame, so wide admin tables never break the page. */
export function Table({
  className,
  caption,
  captionHidden = true,
  children,
  ...props
}: ComponentProps<"table"> & { caption?: ReactNode; captionHidden?: boolean }) {
  return (
    <div className="relative w-full overflow-x-auto rounded-lg border border-border bg-surface">
      <table className={cn("w-full border-collapse text-left text-sm text-fg", className)} {...props}>
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
