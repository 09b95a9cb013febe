/** One figure of a dashboard: its label, value, and the change against the previous period. */
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../../../components/ui";
import { cn } from "../../../lib/cn";

export function StatCard({
  label,
  value,
  icon,
  change,
  changeLabel,
  note,
  to,
  tone = "primary",
}: {
  label: string;
  value: string;
  icon: ReactNode;
  /** Whole percent against the previous period; null when there is nothing to compare. */
  change?: number | null;
  changeLabel?: string;
  note?: ReactNode;
  to?: string;
  tone?: "primary" | "accent" | "warning" | "info" | "success" | "danger";
}) {
  const toneClass = {
    primary: "bg-primary-soft text-primary",
    accent: "bg-accent-soft text-accent",
    warning: "bg-warning-soft text-warning",
    info: "bg-info-soft text-info",
    success: "bg-success-soft text-success",
    danger: "bg-danger-soft text-danger",
  }[tone];
  return (
    <Card interactive={Boolean(to)} className="relative h-full gap-2 p-3 sm:gap-3 sm:p-4">
      <div className="flex items-start justify-between gap-3">
        {to ? (
          <Link
            to={to}
            className="text-sm font-medium text-fg-muted after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {label}
          </Link>
        ) : (
          <p className="text-sm font-medium text-fg-muted">{label}</p>
        )}
        <span
          aria-hidden="true"
          className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg", toneClass)}
        >
          {icon}
        </span>
      </div>
      <p className="text-2xl font-semibold tracking-tight text-fg tabular-nums sm:text-3xl">{value}</p>
      {change !== undefined && changeLabel && (
        <p
          className={cn(
            "inline-flex items-center gap-1 text-xs font-medium",
            change === null || change === 0 ? "text-fg-muted" : change > 0 ? "text-success" : "text-danger",
          )}
        >
          {change === null || change === 0 ? (
            <Minus aria-hidden="true" className="size-3.5" />
          ) : change > 0 ? (
            <ArrowUpRight aria-hidden="true" className="size-3.5" />
          ) : (
            <ArrowDownRight aria-hidden="true" className="size-3.5" />
          )}
          {changeLabel}
        </p>
      )}
      {note && <div className="text-xs text-fg-muted">{note}</div>}
    </Card>
  );
}
