/** The cart panel: the drawer of the top bar's cart button; its content is the commerce feature's. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Drawer } from "../../../components/ui";
import { CartContent } from "../../commerce/components/CartContent";

export default function CartPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("shell");
  const frame = (body: ReactNode, footer?: ReactNode) => (
    <Drawer
      side="right"
      open={open}
      onOpenChange={onOpenChange}
      title={t("cart.title")}
      closeLabel={t("close")}
      footer={footer}
    >
      {body}
    </Drawer>
  );
  return <CartContent renderFrame={frame} />;
}
