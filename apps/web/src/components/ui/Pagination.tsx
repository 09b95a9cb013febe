import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "../../lib/cn";
import { Button } from "./Button";

export type PaginationProps = {
  /** The current page, starting at 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the <nav>, e.g. t("common.pagination"). */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** The "page x of y" text, e.g. (page, count) => t("common.pageOf", { page, count }). */
  pageLabel: (page: number, pageCount: number) => string;
  className?: string;
};

export function Pagination({
  page,
  pageCount,
  onPageChange,
  label,
  previousLabel,
  nextLabel,
  pageLabel,
  className,
}: PaginationProps) {
  const count = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), count);
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-4", className)}>
      <Button variant="secondary" size="sm" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {previousLabel}
      </Button>
      <p className="text-sm text-fg-muted tabular-nums" aria-live="polite">
        {pageLabel(current, count)}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={current >= count}
        onClick={() => onPageChange(current + 1)}
      >
        {nextLabel}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
