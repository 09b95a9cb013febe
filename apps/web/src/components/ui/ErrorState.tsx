import { RotateCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Button } from "./Button";

export type ErrorStateProps = {
  title?: ReactNode;
  /** The translated, human explanation. */
  message: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  /** True while the retry runs (e.g. a query's isFetching). */
  retrying?: boolean;
  className?: string;
};

export function ErrorState({ title, message, retryLabel, onRetry, retrying, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center gap-2 rounded-lg border border-danger/30 bg-danger-soft px-6 py-10 text-center",
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="mb-1 size-8 text-danger" />
      {title && <h2 className="text-xl font-semibold text-fg">{title}</h2>}
      <p className="max-w-md text-sm text-fg">{message}</p>
      <Button variant="secondary" onClick={onRetry} loading={retrying} className="mt-4">
        {!retrying && <RotateCw aria-hidden="true" className="size-4" />}
        {retryLabel}
      </Button>
    </div>
  );
}
