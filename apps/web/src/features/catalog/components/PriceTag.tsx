import type { CourseCard } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui";
import { formatMoney } from "../../../lib/format";

/** "Free", "£12.00" or "Coming soon", as a badge. */
export function PriceTag({
  course,
  className,
}: {
  course: Pick<CourseCard, "is_free" | "price_pence" | "currency" | "status">;
  className?: string;
}) {
  const { t, i18n } = useTranslation("catalog");
  if (course.status === "coming_soon")
    return (
      <Badge tone="info" className={className}>
        {t("comingSoon")}
      </Badge>
    );
  if (course.is_free)
    return (
      <Badge tone="success" className={className}>
        {t("free")}
      </Badge>
    );
  return (
    <Badge tone="neutral" className={className}>
      {formatMoney(course.price_pence, i18n.language, course.currency)}
    </Badge>
  );
}
