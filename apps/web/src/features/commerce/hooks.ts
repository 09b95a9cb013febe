/** The cart priced by the server, shared by the cart panel and the checkout pages. */
import type { PricedCart, PricedLine } from "@aprendo/contract";
import type { CartItem } from "@aprendo/contract/domain";
import { Role } from "@aprendo/contract/domain";
import { useEffect, useMemo } from "react";
import { useCart } from "../../stores/cart";
import { couponCodeToSend } from "../../stores/coupon";
import { useSession } from "../../stores/session";
import { usePricing } from "./api";

/** The key the server gives a line (its `key`, else type-id-position): how a line finds its price. */
export const lineKey = (item: Pick<CartItem, "type" | "id" | "key">, index: number) =>
  item.key ?? `${item.type}-${item.id}-${index}`;

/**
 * `enabled: false` while an order of this cart waits for its confirmation: that order still holds
 * the coupon's use, so pricing now would call the coupon invalid and drop it.
 */
export function useCartPricing({
  useCredit = true,
  enabled = true,
}: {
  useCredit?: boolean;
  enabled?: boolean;
} = {}) {
  const items = useCart((s) => s.items);
  const coupon = useCart((s) => s.coupon);
  const couponResolved = useCart((s) => s.couponResolved);
  const learner = useSession((s) => s.token !== null && s.role === Role.learner);
  const code = learner ? couponCodeToSend(coupon) : null;
  const body = useMemo(() => ({ items, coupon_code: code, use_credit: useCredit }), [items, code, useCredit]);
  const query = usePricing(body, { learner, enabled });
  const priced: PricedCart | undefined = items.length > 0 ? query.data : undefined;
  const fresh = priced !== undefined && !query.isPlaceholderData;

  useEffect(() => {
    if (fresh && priced) couponResolved(priced.coupon);
  }, [fresh, priced, couponResolved]);

  const lines = useMemo(() => {
    const map = new Map<string, PricedLine>();
    if (fresh && priced) for (const line of priced.lines) map.set(line.key, line);
    return map;
  }, [fresh, priced]);

  return { items, learner, body, query, priced, fresh, lines };
}
