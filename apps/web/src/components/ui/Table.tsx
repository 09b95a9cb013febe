import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown } from "lucide-react";
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";

export type SortDirection = "asc" | "desc";
export type SortState<K extends string = string> = { key: K; direction: SortDirection } | null;

/** Which sides of a horizontally scrolling frame hide columns right now. */
function useHiddenSides() {
  const ref = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState({ left: false, right: false });
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = () => {
      const left = frame.scrollLeft > 1;
      const right = frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 1;
      setSides((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    frame.addEventListener("scroll", measure, { passive: true });
    // jsdom and very old browsers have no ResizeObserver; the scroll listener still keeps the cue true.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(frame);
    if (frame.firstElementChild) observer?.observe(frame.firstElementChild);
    return () => {
      frame.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, sides };
}

/**
 * A semantic table in a horizontally scrolling frame, so wide admin tables never break the page.
 * When columns are out of sight (a 768 px tablet, a phone) the hidden side fades with an arrow that
 * scrolls there (issue 21: Amount, Status and the actions were hidden with no cue); the frame is
 * focusable then so the keyboard can scroll it too.
 */
export function Table({
  className,
  caption,
  captionHidden = true,
  children,
  ...props
}: ComponentProps<"table"> & { caption?: ReactNode; captionHidden?: boolean }) {
  const { ref, sides } = useHiddenSides();
  const scroll = (direction: 1 | -1) =>
    ref.current?.scrollBy({ left: direction * ref.current.clientWidth * 0.8, behavior: "smooth" });
  const cue =
    "absolute inset-y-0 z-10 flex w-10 items-center from-surface via-surface/80 to-transparent text-fg-muted";
  return (
    // min-w-0: as a flex or grid item this frame would otherwise grow to the table's width and make
    // the whole page scroll sideways on a phone, instead of the table scrolling inside it.
    <div className="relative w-full min-w-0" data-overflowing={sides.right || sides.left || undefined}>
      {sides.left && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="table-scroll-left"
          onClick={() => scroll(-1)}
          className={cn(cue, "left-px justify-start rounded-l-lg bg-gradient-to-r pl-1")}
        >
          <ChevronLeft className="size-5" />
        </button>
      )}
      {sides.right && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="table-scroll-right"
          onClick={() => scroll(1)}
          className={cn(cue, "right-px justify-end rounded-r-lg bg-gradient-to-l pr-1")}
        >
          <ChevronRight className="size-5 motion-safe:animate-pulse" />
        </button>
      )}
      <div
        ref={ref}
        // A scrolling region must be reachable by keyboard (WCAG 2.1.1) when it hides columns.
        tabIndex={sides.left || sides.right ? 0 : undefined}
        className="w-full overflow-x-auto rounded-lg border border-border bg-surface focus-ring"
      >
        <table className={cn("w-full border-collapse text-left text-sm text-fg", className)} {...props}>
          {caption && (
            <caption className={cn("px-4 py-3 text-left text-sm text-fg-muted", captionHidden && "sr-only")}>
              {caption}
            </caption>
          )}
          {children}
        </table>
      </div>
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
