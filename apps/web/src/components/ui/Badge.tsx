import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export type BadgeTone = "neutral" | "primary" | "accent" | "success" | "warning" | "danger" | "info";

const toneClasses: Record<BadgeTone, string> = {
  neutral: "border-border bg-neutral-soft text-fg",
  primary: "border-primary/30 bg-primary-soft text-primary",
  accent: "border-accent/30 bg-accent-soft text-accent",
  success: "border-success/30 bg-success-soft text-success",
  warning: "border-warning/30 bg-warning-soft text-warning",
  danger: "border-danger/30 bg-danger-soft text-danger",
  info: "border-info/30 bg-info-soft text-info",
};

export type BadgeProps = ComponentProps<"span"> & { tone?: BadgeTone };

/** A short status label ("Published", "Paid"); the text carries the meaning, the colour only helps. */
export function Badge({ tone = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5",
        toneClasses[tone],
        className,
      )}
      {...props}
    />
  );
}
