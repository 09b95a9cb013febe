/** A list of titles with its loading skeleton, empty state, error state with retry, and paging. */
import type { CourseList } from "@aprendo/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, ErrorState, Pagination } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { pageCount } from "../logic";
import { CourseCard, CourseCardSkeleton } from "./CourseCard";

export const gridClasses = "grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3";

export function CourseGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={gridClasses} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <CourseCardSkeleton key={i} />
      ))}
    </div>
  );
}

export function CourseGrid({
  query,
  page,
  perPage,
  onPageChange,
  empty,
  ranked = false,
  label,
  linkTo,
}: {
  query: UseQueryResult<Pick<CourseList, "data" | "total">>;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  empty: { icon: ReactNode; title: string; text: string; action?: ReactNode };
  ranked?: boolean;
  /** Accessible name of the list. */
  label: string;
  /** Where a card leads (default: the learner's title page). */
  linkTo?: (id: number) => string;
}) {
  const { t } = useTranslation("catalog");
  if (query.isPending)
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          {t("loading")}
        </span>
        <CourseGridSkeleton />
      </div>
    );
  if (query.isError)
    return (
      <ErrorState
        title={t("error.listTitle")}
        message={t("error.listText")}
        retryLabel={t("retry")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const { data, total } = query.data;
  if (data.length === 0) return <EmptyState {...empty} />;
  const pages = pageCount(total, perPage);
  return (
    <div className="flex flex-col gap-8">
      <ul
        aria-label={label}
        className={cn(gridClasses, query.isPlaceholderData && "opacity-60 transition-opacity")}
        aria-busy={query.isPlaceholderData || undefined}
      >
        {data.map((course, index) => (
          <li key={course.id}>
            {/* The list sits right under the page title: its cards are the h2s of the outline. */}
            <CourseCard
              course={course}
              heading="h2"
              to={linkTo?.(course.id)}
              rank={ranked ? (page - 1) * perPage + index + 1 : undefined}
            />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Pagination
          page={page}
          pageCount={pages}
          onPageChange={onPageChange}
          label={t("pagination.label")}
          previousLabel={t("pagination.previous")}
          nextLabel={t("pagination.next")}
          pageLabel={(current, count) => t("pagination.pageOf", { page: current, count })}
        />
      )}
    </div>
  );
}
