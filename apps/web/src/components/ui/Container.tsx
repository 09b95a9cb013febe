import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export type ContainerSize = "reading" | "page" | "full";

export type ContainerProps = ComponentProps<"div"> & {
  /** "reading" (45rem, lectures and articles), "page" (80rem, default) or "full". */
  size?: ContainerSize;
};

const sizeClasses: Record<ContainerSize, string> = {
  reading: "max-w-reading",
  page: "max-w-page",
  full: "max-w-none",
};

/** Centres content with the page gutters (16px on phones, 24px from `sm`, 32px from `lg`). */
export function Container({ size = "page", className, ...props }: ContainerProps) {
  return (
    <div className={cn("mx-auto w-full px-4 sm:px-6 lg:px-8", sizeClasses[size], className)} {...props} />
  );
}
