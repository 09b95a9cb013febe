/** Where a printed order's delivery stands (purchase history): preparing, packed, shipped with tracking... */
import type { Purchase } from "@aprendo/contract";
import { Truck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui";

const tone = {
  paid: "info",
  packed: "info",
  shipped: "primary",
  delivered: "success",
  refunded: "danger",
} as const;

export function FulfilmentStatus({ purchases }: { purchases: Pick<Purchase, "fulfilment">[] }) {
  const { t } = useTranslation("shop");
  const fulfilment = purchases.find((p) => p.fulfilment)?.fulfilment;
  if (!fulfilment) return null;
  return (
    <dd className="mt-1 flex flex-wrap items-center gap-2" data-testid="fulfilment">
      <Badge tone={tone[fulfilment.status]}>
        <Truck aria-hidden="true" className="size-3.5" />
        {t(`fulfilment.${fulfilment.status}`)}
      </Badge>
      {fulfilment.tracking_reference && (
        <span className="text-xs text-fg-muted">
          {fulfilment.carrier ? `${fulfilment.carrier} · ` : ""}
          {t("fulfilment.tracking", { reference: fulfilment.tracking_reference })}
        </span>
      )}
    </dd>
  );
}
