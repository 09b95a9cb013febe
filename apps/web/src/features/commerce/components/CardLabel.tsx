/** "Visa •••• 4242 · 04/28" with a card icon. */
import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { brandName, cardExpiry } from "../logic";

export function CardLabel({
  brand,
  last4,
  expMonth,
  expYear,
  holder,
}: {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder?: string;
}) {
  const { t } = useTranslation("commerce");
  return (
    <span className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="flex h-8 w-12 shrink-0 items-center justify-center rounded-md border border-border bg-surface-muted text-fg-muted"
      >
        <CreditCard className="size-5" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-fg">
          {t("card.label", { brand: brandName(brand), last4 })}
        </span>
        <span className="truncate text-xs text-fg-muted">
          {expMonth > 0 ? t("card.expires", { date: cardExpiry(expMonth, expYear) }) : null}
          {holder ? `${expMonth > 0 ? " · " : ""}${holder}` : null}
        </span>
      </span>
    </span>
  );
}
