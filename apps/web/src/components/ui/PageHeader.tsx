import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export type PageHeaderProps = {
  /** The page's only <h1>. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right (wrap under the title on phones). */
  actions?: ReactNode;
  /** Breadcrumbs or a back link above the title. */
  above?: ReactNode;
  className?: string;
};

export function PageHeader({ title, subtitle, actions, above, className }: PageHeaderProps) {
  return (
    <header className={cn("flex flex-col gap-2 pb-6", className)}>
      {above && <div className="text-sm text-fg-muted">{above}</div>}
      {/* With large text the actions move under the title instead of squeezing it (WCAG 1.4.10). */}
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex min-w-[min(100%,18rem)] flex-1 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{title}</h1>
          {subtitle && <p className="text-base text-fg-muted">{subtitle}</p>}
        </div>
        {actions && <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
