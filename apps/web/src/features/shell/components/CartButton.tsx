import { ShoppingCart } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/ui";
import { usePanels } from "../../../stores/panels";

const CartPanel = lazy(() => import("./CartPanel"));

/** The learner's cart button; the panel loads the first time it opens. */
export function CartButton() {
  const { t } = useTranslation("shell");
  const open = usePanels((s) => s.cart);
  const setOpen = usePanels((s) => s.setCart);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <IconButton
        aria-label={t("cart.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={<ShoppingCart />}
        onClick={() => {
          setLoaded(true);
          setOpen(!open);
        }}
        data-testid="cart-button"
      />
      {(open || loaded) && (
        <Suspense fallback={null}>
          <CartPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
