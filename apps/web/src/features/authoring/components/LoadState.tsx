/** The loading and error states every authoring page shares. */
import { useTranslation } from "react-i18next";
import { ErrorState, Skeleton } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { errorMessages } from "../../../lib/toast";

export function LoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation("authoring");
  const message = errorMessages(error).map(translateMessage)[0] ?? t("common.loadError");
  return (
    <ErrorState
      title={t("common.loadErrorTitle")}
      message={message}
      retryLabel={t("common.retry")}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

/** Placeholder rows shaped like a table while it loads. */
export function TableSkeleton({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="flex flex-col gap-px overflow-hidden rounded-lg border border-border bg-border"
    >
      <div className="h-11 bg-surface-muted" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="flex items-center gap-4 bg-surface px-4 py-3">
          <Skeleton className="size-10 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="hidden h-5 w-20 sm:block" />
        </div>
      ))}
    </div>
  );
}
