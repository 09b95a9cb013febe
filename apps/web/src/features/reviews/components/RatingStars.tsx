/** A rating as five stars (filled to the tenth), its number and count; read out as "4.5 out of 5 stars". */
import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";

export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn("relative inline-flex shrink-0", className)} aria-hidden="true">
      <span className="flex text-border">
        {[1, 2, 3, 4, 5].map((i) => (
          <Star key={i} className="size-[1em]" />
        ))}
      </span>
      <span
        className="absolute inset-0 flex overflow-hidden text-warning"
        style={{ width: `${(rating / 5) * 100}%` }}
      >
        {[1, 2, 3, 4, 5].map((i) => (
          <Star key={i} className="size-[1em] shrink-0 fill-current" />
        ))}
      </span>
    </span>
  );
}

export function RatingStars({
  average,
  count,
  className,
  showCount = true,
}: {
  average: number;
  count: number;
  className?: string;
  showCount?: boolean;
}) {
  // The catalogue's namespace: cards show ratings without waiting for the reviews' texts.
  const { t, i18n } = useTranslation("catalog");
  if (count === 0) return null;
  const value = formatNumber(average, i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-sm", className)}>
      <span className="font-semibold text-fg tabular-nums" aria-hidden="true">
        {value}
      </span>
      <Stars rating={average} />
      <span className="sr-only">{t("rating.stars", { rating: value })}</span>
      {showCount && <span className="text-fg-muted">({t("rating.count", { count })})</span>}
    </span>
  );
}
