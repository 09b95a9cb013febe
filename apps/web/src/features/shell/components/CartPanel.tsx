/** The cart panel. The commerce issue fills it with the cart's items, coupon and total. */
import { ShoppingCart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Drawer, EmptyState } from "../../../components/ui";

export default function CartPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("shell");
  return (
    <Drawer
      side="right"
      open={open}
      onOpenChange={onOpenChange}
      title={t("cart.title")}
      closeLabel={t("close")}
    >
      <EmptyState
        icon={<ShoppingCart />}
        title={t("cart.empty")}
        text={t("cart.emptyText")}
        className="border-none"
        action={
          <Button asChild>
            <Link to="/iu/courses">{t("cart.browse")}</Link>
          </Button>
        }
      />
    </Drawer>
  );
}
