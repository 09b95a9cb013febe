/** The cart panel's content: the lines priced by the server, the coupon box, the totals and the way to checkout. */
import { cartTotal } from "@aprendo/contract/domain";
import { ArrowRight, ShoppingCart } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Banner, Button, DrawerClose, EmptyState } from "../../../components/ui";
import { selectItemCount, useCart } from "../../../stores/cart";
import { lineKey, useCartPricing } from "../hooks";
import { CartLine } from "./CartLine";
import { CouponBox } from "./CouponBox";
import { PriceSummary } from "./PriceSummary";

export function CartContent({
  renderFrame,
}: {
  renderFrame: (body: ReactNode, footer?: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation("commerce");
  const count = useCart(selectItemCount);
  const { items, learner, query, priced, fresh, lines } = useCartPricing();

  if (items.length === 0)
    return renderFrame(
      <EmptyState
        icon={<ShoppingCart />}
        title={t("cart.empty")}
        text={t("cart.emptyText")}
        className="border-none"
        action={
          <DrawerClose asChild>
            <Button asChild>
              <Link to="/iu/courses">{t("cart.browse")}</Link>
            </Button>
          </DrawerClose>
        }
      />,
    );

  const loading = query.isFetching;
  const body = (
    <div className="flex flex-col gap-4" data-testid="cart-panel">
      <p className="text-sm text-fg-muted" data-testid="cart-count">
        {t("cart.count", { count })}
      </p>
      <ul className="flex flex-col divide-y divide-border">
        {items.map((item, index) => (
          <CartLine
            key={lineKey(item, index)}
            item={item}
            line={lines.get(lineKey(item, index))}
            loading={!fresh && query.isFetching}
          />
        ))}
      </ul>
      {learner && <CouponBox busy={loading} />}
      {query.isError && !priced && <Banner tone="warning">{t("cart.priceFailed")}</Banner>}
    </div>
  );
  const footer = (
    <>
      <PriceSummary
        priced={fresh ? priced : undefined}
        loading={loading}
        fallbackTotal={query.isError ? cartTotal({ items, updatedAt: 0 }) : undefined}
      />
      {priced?.has_problems && fresh && <p className="text-xs text-danger">{t("cart.hasProblems")}</p>}
      <DrawerClose asChild>
        <Button asChild size="lg" fullWidth variant="accent">
          <Link to="/iu/checkout" data-testid="cart-checkout">
            {t("cart.checkout")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </DrawerClose>
    </>
  );
  return renderFrame(body, footer);
}
