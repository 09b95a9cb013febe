import { cn } from "../../lib/cn";

export type ProgressBarProps = {
  /** Between 0 and max; leave undefined for an indeterminate bar (no aria-valuenow). */
  value?: number;
  max?: number;
  /** Accessible name, e.g. t("lecture.progress"). */
  label: string;
  /** Spoken instead of the number, e.g. "3 of 8 lectures". */
  valueText?: string;
  /** Shows the percentage beside the bar. */
  showValue?: boolean;
  tone?: "primary" | "success" | "accent";
  size?: "sm" | "md";
  className?: string;
};

const toneClasses = { primary: "bg-primary", success: "bg-success", accent: "bg-accent" } as const;

export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  showValue,
  tone = "primary",
  size = "md",
  className,
}: ProgressBarProps) {
  const determinate = value !== undefined && Number.isFinite(value) && max > 0;
  const clamped = determinate ? Math.min(Math.max(value, 0), max) : 0;
  const percent = determinate ? Math.round((clamped / max) * 100) : 0;
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={determinate ? clamped : undefined}
        aria-valuetext={valueText}
        className={cn(
          "relative flex-1 overflow-hidden rounded-full bg-surface-muted ring-1 ring-border ring-inset",
          size === "sm" ? "h-1.5" : "h-2.5",
        )}
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-200",
            toneClasses[tone],
            !determinate && "w-2/5 motion-safe:animate-indeterminate",
          )}
          style={determinate ? { width: `${percent}%` } : undefined}
        />
      </div>
      {showValue && determinate && (
        <span aria-hidden="true" className="w-10 text-right text-xs text-fg-muted tabular-nums">
          {percent}%
        </span>
      )}
    </div>
  );
}
