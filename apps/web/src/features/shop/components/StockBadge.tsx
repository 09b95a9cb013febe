/** Whether a product can be bought now: in stock, only a few left, out of stock, or instant (digital). */
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui";

export const FEW_LEFT = 5;

export function StockBadge({
  stock,
  inStock,
  className,
}: {
  stock: number | null;
  inStock: boolean;
  className?: string;
}) {
  const { t } = useTranslation("shop");
  if (stock === null)
    return (
      <Badge tone="info" className={className}>
        {inStock ? t("stock.digital") : t("stock.out")}
      </Badge>
    );
  if (!inStock || stock <= 0)
    return (
      <Badge tone="danger" className={className}>
        {t("stock.out")}
      </Badge>
    );
  if (stock <= FEW_LEFT)
    return (
      <Badge tone="warning" className={className}>
        {t("stock.few", { count: stock })}
      </Badge>
    );
  return (
    <Badge tone="success" className={className}>
      {t("stock.in")}
    </Badge>
  );
}
