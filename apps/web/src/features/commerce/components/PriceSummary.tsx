/** The money part of the cart and checkout: subtotal, discounts, credit, shipping and the total (2 decimals). */
import type { PricedCart } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { formatMoney, poundsToPence } from "../../../lib/format";

function Row({
  label,
  value,
  tone,
  strong,
  testId,
}: {
  label: string;
  value: string;
  tone?: "success";
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={cn("flex items-baseline justify-between gap-3", strong ? "text-base" : "text-sm")}>
      <dt className={strong ? "font-semibold text-fg" : "text-fg-muted"}>{label}</dt>
      <dd
        className={cn(
          "tabular-nums",
          strong && "text-xl font-semibold text-fg",
          tone === "success" && "text-success",
        )}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

export function PriceSummary({
  priced,
  loading,
  fallbackTotal,
}: {
  priced?: PricedCart;
  loading: boolean;
  /** The browser's own total, shown until the server answers (never used to pay). */
  fallbackTotal?: number;
}) {
  const { t, i18n } = useTranslation("commerce");
  const money = (value: number) => formatMoney(poundsToPence(value), i18n.language);
  if (!priced) {
    return (
      <dl className="flex flex-col gap-1.5" aria-busy={loading || undefined}>
        <div className="flex items-baseline justify-between gap-3">
          <dt className="font-semibold text-fg">{t("summary.total")}</dt>
          <dd className="text-xl font-semibold text-fg tabular-nums" data-testid="cart-total">
            {loading || fallbackTotal === undefined ? (
              <Skeleton className="h-6 w-20" />
            ) : (
              money(fallbackTotal)
            )}
          </dd>
        </div>
      </dl>
    );
  }
  const minus = (value: number) => `−${money(value)}`;
  return (
    <dl className="flex flex-col gap-1.5" aria-busy={loading || undefined}>
      <Row label={t("summary.subtotal")} value={money(priced.subtotal)} testId="cart-subtotal" />
      {priced.coupon.status === "applied" && priced.coupon.total_discounted_amount > 0 && (
        <Row
          label={t("summary.coupon", { code: priced.coupon.code })}
          value={minus(priced.coupon.total_discounted_amount)}
          tone="success"
          testId="cart-coupon-discount"
        />
      )}
      {priced.salary_scale && priced.salary_scale.total_discounted_amount > 0 && (
        <Row
          label={t("summary.salaryScale", { percentage: priced.salary_scale.discount_percentage })}
          value={minus(priced.salary_scale.total_discounted_amount)}
          tone="success"
          testId="cart-salary-discount"
        />
      )}
      {priced.credit.applied > 0 && (
        <Row label={t("summary.credit")} value={minus(priced.credit.applied)} tone="success" />
      )}
      {priced.shipping > 0 && <Row label={t("summary.shipping")} value={money(priced.shipping)} />}
      <div className="my-1 border-t border-border" />
      <Row label={t("summary.total")} value={money(priced.total)} strong testId="cart-total" />
    </dl>
  );
}
