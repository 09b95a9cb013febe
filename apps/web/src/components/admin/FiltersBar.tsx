/** The bar of filters above a back-office table: search first, then selects; wraps on small screens. */
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export function FiltersBar({ className, ...props }: ComponentProps<"search">) {
  return (
    <search
      className={cn(
        "mb-4 flex flex-col gap-3 rounded-lg border border-border bg-surface p-3 sm:flex-row sm:flex-wrap sm:items-end",
        className,
      )}
      {...props}
    />
  );
}
