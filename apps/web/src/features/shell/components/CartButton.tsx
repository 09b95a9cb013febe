import { ShoppingCart } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/ui";
import { useCartCount } from "../../../stores/cart";
import { usePanels } from "../../../stores/panels";

const CartPanel = lazy(() => import("./CartPanel"));

/** The learner's cart button; the panel loads the first time it opens. */
export function CartButton() {
  const { t } = useTranslation("shell");
  const open = usePanels((s) => s.cart);
  const setOpen = usePanels((s) => s.setCart);
  const [loaded, setLoaded] = useState(false);
  const count = useCartCount();
  return (
    <span className="relative inline-flex">
      <IconButton
        aria-label={count > 0 ? `${t("cart.open")} (${count})` : t("cart.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={<ShoppingCart />}
        onClick={() => {
          setLoaded(true);
          setOpen(!open);
        }}
        data-testid="cart-button"
      />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count-badge"
          className="pointer-events-none absolute top-1 right-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs leading-5 font-semibold text-accent-fg"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
      {(open || loaded) && (
        <Suspense fallback={null}>
          <CartPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </span>
  );
}
