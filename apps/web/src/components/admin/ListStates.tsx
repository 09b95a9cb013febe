/**
 * The three states every back-office list has besides its rows: loading (a skeleton shaped like the
 * table), failed (a message with retry), and empty (what to do next).
 */
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { ErrorState, Skeleton } from "../ui";

export function TableSkeleton({ rows = 5, columns = 4 }: { rows?: number; columns?: number }) {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-lg border border-border bg-surface">
      <div className="flex gap-4 border-b border-border bg-surface-muted px-4 py-3">
        {Array.from({ length: columns }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} className="h-4 flex-1" />
        ))}
      </div>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={r} className="flex gap-4 border-b border-border px-4 py-4 last:border-b-0">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={c} className={c === 0 ? "h-4 flex-[2]" : "h-4 flex-1"} />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * Props for the element holding a list's rows: while they are the previous filter's or page's
 * (TanStack Query's keepPreviousData) they are dimmed and inert, so an action cannot hit a row the
 * administrator has just filtered away. (The list itself says it is busy, with `aria-busy`.)
 */
export function listRowsProps(query: { isPlaceholderData?: boolean }, className?: string) {
  const stale = query.isPlaceholderData === true;
  return {
    inert: stale || undefined,
    className: cn(className, stale && "opacity-60 transition-opacity"),
  };
}

export type ListStatesProps = {
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    /** True while the rows shown are the previous filter's (TanStack Query's keepPreviousData). */
    isPlaceholderData?: boolean;
    refetch: () => unknown;
  };
  isEmpty: boolean;
  empty: ReactNode;
  errorMessage: ReactNode;
  retryLabel: string;
  /** Shown while the first answer loads; a table skeleton by default. */
  loading?: ReactNode;
  /** Announced to screen readers while loading. */
  loadingLabel: string;
  children: ReactNode;
};

export function ListStates({
  query,
  isEmpty,
  empty,
  errorMessage,
  retryLabel,
  loading,
  loadingLabel,
  children,
}: ListStatesProps) {
  if (query.isPending)
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          {loadingLabel}
        </span>
        {loading ?? <TableSkeleton />}
      </div>
    );
  if (query.isError)
    return (
      <ErrorState
        message={errorMessage}
        retryLabel={retryLabel}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}

export type QueryStatesProps<Data> = {
  query: {
    data?: Data;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  /** Shaped like what is coming (cards, charts). */
  skeleton: ReactNode;
  texts: { loading: string; loadFailed: string; retry: string };
  children: (data: Data) => ReactNode;
};

/**
 * The same states for a page that shows one loaded thing (a dashboard): a skeleton while it loads,
 * an error with retry when it cannot, then what the page draws from it.
 */
export function QueryStates<Data>({ query, skeleton, texts, children }: QueryStatesProps<Data>) {
  if (query.isPending)
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          {texts.loading}
        </span>
        {skeleton}
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <ErrorState
        message={texts.loadFailed}
        retryLabel={texts.retry}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <>{children(query.data)}</>;
}
