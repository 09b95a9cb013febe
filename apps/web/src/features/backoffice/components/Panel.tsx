/** A titled card of a back-office dashboard, holding a chart or a short list. */
import type { ReactNode } from "react";
import { Card } from "../../../components/ui";
import { cn } from "../../../lib/cn";

export function Panel({
  title,
  className,
  children,
}: {
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn("gap-2 p-4", className)}>
      <h2 className="text-base font-semibold text-fg">{title}</h2>
      {children}
    </Card>
  );
}
