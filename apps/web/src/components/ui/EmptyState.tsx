import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export type EmptyStateProps = {
  icon?: ReactNode;
  title: ReactNode;
  /** What to do next ("Browse the catalogue to enrol in a title."). */
  text?: ReactNode;
  /** Usually a <Button> leading to that next step. */
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ icon, title, text, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-2 rounded-lg border border-dashed border-border-strong px-6 py-12 text-center",
        className,
      )}
    >
      {icon && (
        <div
          aria-hidden="true"
          className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-6"
        >
          {icon}
        </div>
      )}
      <h2 className="text-xl font-semibold text-fg">{title}</h2>
      {text && <p className="max-w-md text-sm text-fg-muted">{text}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
