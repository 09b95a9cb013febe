/**
 * The cart rules of spec sections 3, 4 and 9 as pure functions: the web store calls them, the
 * server's checkout re-prices with its own data (prices here are shown, never trusted).
 */
import type { CartItemType } from "../domain/enums";

export type CouponFields = {
  code?: string;
  discountedAmount?: number;
  discountedPrice?: number;
  discountedType?: "percentage" | "flat";
};

export type CartItem = CouponFields & {
  type: CartItemType;
  id: number;
  name: string;
  price: number;
  course_module_id?: number;
  is_discounted?: boolean;
  salaryScaleDiscount?: number;
  bookBindingDiscount?: number;
  img?: string;
  /** Child items: e.g. the modules' exam accesses or e-notes bought with a course. */
  items?: CartItem[];
  quantity?: number;
  /** Product options such as the chosen binding of a printed book. */
  productMetas?: Record<string, string | number>;
  /** Tells apart entries of the same id and type (a printed book's bindings); never on a sponsorship. */
  key?: string;
};

export type Cart = { items: CartItem[]; updatedAt: number };

export const emptyCart = (now = Date.now()): Cart => ({ items: [], updatedAt: now });

const sameEntry = (a: CartItem, b: CartItem) => a.id === b.id && a.type === b.type;
const sameOptions = (a: CartItem, b: CartItem) =>
  JSON.stringify(a.productMetas ?? {}) === JSON.stringify(b.productMetas ?? {});

/**
 * A sponsorship item holds only id, type, price and name (spec section 3): anything else it brings
 * (a key, an image, coupon fields) is dropped, also from carts saved before this rule.
 */
export function normaliseItem(item: CartItem): CartItem {
  if (item.type === "sponsorship")
    return { id: item.id, type: item.type, price: item.price, name: item.name };
  return item;
}

/**
 * Adds an item. A duplicate (same id and type) is ignored unless it brings child items (merged into
 * the entry), a quantity (added to the entry with the same options) or is a sponsorship. Each
 * sponsorship is its own prepared draft (its id), so several sit side by side; the same draft added
 * again is not ignored but replaces its entry with the new amount and name (one draft is paid once).
 */
export function addItem(cart: Cart, incoming: CartItem, now = Date.now()): Cart {
  const item = normaliseItem(incoming);
  const existing = cart.items.find(
    (i) => sameEntry(i, item) && (item.quantity === undefined || sameOptions(i, item)),
  );
  if (existing && item.type === "sponsorship") return replace(cart, existing, item, now);
  if (!existing) return { items: [...cart.items, item], updatedAt: now };
  if (item.items?.length) {
    const children = [...(existing.items ?? [])];
    for (const child of item.items) if (!children.some((c) => sameEntry(c, child))) children.push(child);
    return replace(cart, existing, { ...existing, items: children }, now);
  }
  if (item.quantity !== undefined) {
    return replace(cart, existing, { ...existing, quantity: (existing.quantity ?? 1) + item.quantity }, now);
  }
  return cart;
}

function replace(cart: Cart, target: CartItem, next: CartItem, now: number): Cart {
  return { items: cart.items.map((i) => (i === target ? next : i)), updatedAt: now };
}

/** Updates an item's fields; the coupon fields it had are kept. */
export function updateItem(
  cart: Cart,
  target: Pick<CartItem, "id" | "type">,
  changes: Partial<CartItem>,
  now = Date.now(),
): Cart {
  return {
    items: cart.items.map((i) => {
      if (!sameEntry(i, target as CartItem)) return i;
      const { code, discountedAmount, discountedPrice, discountedType } = i;
      const coupon = Object.fromEntries(
        Object.entries({ code, discountedAmount, discountedPrice, discountedType }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      return { ...i, ...changes, ...coupon };
    }),
    updatedAt: now,
  };
}

/** Removes an entry; removing the last one clears the whole cart. */
export function removeItem(
  cart: Cart,
  target: Pick<CartItem, "id" | "type"> & { key?: string },
  now = Date.now(),
): Cart {
  const items = cart.items.filter(
    (i) => !(sameEntry(i, target as CartItem) && (target.key === undefined || i.key === target.key)),
  );
  return items.length === 0 ? emptyCart(now) : { items, updatedAt: now };
}

/**
 * Removes a child item from a parent. The parent's list is deleted when it becomes empty; removing
 * e-notes (an `ebook` child) empties the parent's items, since the other children came with them.
 */
export function removeChildItem(
  cart: Cart,
  parent: Pick<CartItem, "id" | "type">,
  child: Pick<CartItem, "id" | "type">,
  now = Date.now(),
): Cart {
  return {
    items: cart.items.map((i) => {
      if (!sameEntry(i, parent as CartItem) || !i.items) return i;
      const children = child.type === "ebook" ? [] : i.items.filter((c) => !sameEntry(c, child as CartItem));
      if (children.length === 0) {
        const { items: _dropped, ...rest } = i;
        return rest;
      }
      return { ...i, items: children };
    }),
    updatedAt: now,
  };
}

/** Item count (spec section 9): a course plus its child items, a physical product by quantity, otherwise 1. */
export function itemCount(cart: Cart): number {
  return cart.items.reduce((n, i) => {
    if (i.type === "course") return n + 1 + (i.items?.length ?? 0);
    if (i.type === "physical_product") return n + (i.quantity ?? 1);
    return n + 1;
  }, 0);
}

/** The price one entry is shown at: coupon price, or the salary-scale percentage on discounted items without a coupon. */
export function linePrice(item: CartItem, discountPercentage = 0): number {
  const unit =
    item.discountedPrice !== undefined
      ? item.discountedPrice
      : item.is_discounted && discountPercentage > 0
        ? item.price * (1 - discountPercentage / 100)
        : item.price;
  const children = (item.items ?? []).reduce((sum, c) => sum + linePrice(c, discountPercentage), 0);
  return unit * (item.quantity ?? 1) + children;
}

/** The cart total in pounds, rounded to 2 decimals for display. */
export function cartTotal(cart: Cart, discountPercentage = 0): number {
  const total = cart.items.reduce((sum, i) => sum + linePrice(i, discountPercentage), 0);
  return Math.round(total * 100) / 100;
}

export const formatTotal = (total: number) => total.toFixed(2);

/**
 * Merges the cart kept in this browser with the one kept on the server at login: every entry of
 * both; where both hold the same entry, the newer cart's version wins.
 */
export function mergeCarts(local: Cart, server: Cart): Cart {
  const [newer, older] = local.updatedAt >= server.updatedAt ? [local, server] : [server, local];
  const items = [...newer.items];
  for (const item of older.items) {
    const present = items.some((i) => sameEntry(i, item) && (i.key ?? "") === (item.key ?? ""));
    if (!present) items.push(item);
  }
  return { items, updatedAt: Math.max(local.updatedAt, server.updatedAt) };
}
