import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** A placeholder block shaped like the content that is loading; size it with className (h-4 w-32...). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("rounded-md bg-border motion-safe:animate-pulse", className)}
      {...props}
    />
  );
}

/** Several text-line placeholders, the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn("flex flex-col gap-2", className)}>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <Skeleton key={index} className={cn("h-4", index === lines - 1 && lines > 1 ? "w-2/3" : "w-full")} />
      ))}
    </div>
  );
}
