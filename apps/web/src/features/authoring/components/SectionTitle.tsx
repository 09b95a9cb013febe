/** The heading of a card on the authoring pages: an icon, the title and a line of help. */
import type { ReactNode } from "react";

export function SectionTitle({
  icon,
  title,
  hint,
  actions,
  id,
}: {
  icon?: ReactNode;
  title: string;
  hint?: string;
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 items-start gap-3">
        {icon && (
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary [&_svg]:size-5"
          >
            {icon}
          </span>
        )}
        <div className="flex min-w-0 flex-col">
          <h2 id={id} className="text-xl font-semibold text-fg">
            {title}
          </h2>
          {hint && <p className="text-sm text-fg-muted">{hint}</p>}
        </div>
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
