/** A figure on a dashboard: label, big number, a line of detail, optionally a link. */
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../../../components/ui";
import { cn } from "../../../lib/cn";

export function StatCard({
  label,
  value,
  detail,
  to,
  icon,
  highlight,
}: {
  label: string;
  value: number | string;
  detail?: ReactNode;
  to?: string;
  icon: ReactNode;
  highlight?: boolean;
}) {
  return (
    <Card interactive={Boolean(to)} className={cn("relative gap-3 p-5", highlight && "border-warning")}>
      <div className="flex items-center justify-between gap-3">
        {to ? (
          <Link
            to={to}
            className="text-sm font-medium text-fg-muted after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {label}
          </Link>
        ) : (
          <span className="text-sm font-medium text-fg-muted">{label}</span>
        )}
        <span
          aria-hidden="true"
          className={cn(
            "flex size-9 items-center justify-center rounded-lg [&_svg]:size-5",
            highlight ? "bg-warning-soft text-warning" : "bg-primary-soft text-primary",
          )}
        >
          {icon}
        </span>
      </div>
      <p className="text-3xl font-semibold tracking-tight text-fg tabular-nums">{value}</p>
      {detail && (
        <div className="flex items-center justify-between gap-2 text-sm text-fg-muted">
          <span>{detail}</span>
          {to && <ArrowRight aria-hidden="true" className="size-4" />}
        </div>
      )}
    </Card>
  );
}
