/**
 * The cart (spec sections 3, 4 and 9): the contract's pure cart rules (addItem, updateItem,
 * removeItem, removeChildItem, itemCount, mergeCarts) behind a zustand store, saved in local storage
 * under `cart` with its timestamp, and merged with the learner's server cart (GET/PUT /iu/cart) when
 * a learner logs in; every later change is sent back (debounced). Logout forgets it.
 * Prices held here are the browser's: shown, never trusted (the server prices every checkout).
 * Loads with the top bar (the item count badge), so it stays light: no zod, no feature code.
 */
import {
  addItem,
  type Cart,
  type CartItem,
  emptyCart,
  itemCount,
  mergeCarts,
  removeChildItem,
  removeItem,
  updateItem,
} from "@aprendo/contract/domain";
import { create } from "zustand";
import {
  type CouponEvent,
  type CouponState,
  couponReducer,
  initialCoupon,
  type ServerCoupon,
} from "../features/commerce/coupon";
import { get, put } from "../lib/http/client";
import { onLogout } from "../lib/logout";
import { openCart } from "./panels";
import { useSession } from "./session";

export type { CartItem };
export const STORAGE_KEY = "cart";
type Target = Pick<CartItem, "id" | "type"> & { key?: string };
/** What local storage keeps: the items, the timestamp, and a coupon code being used. */
type Stored = { items: CartItem[]; updatedAt: number; coupon?: string | null };

export type CartState = {
  items: CartItem[];
  updatedAt: number;
  coupon: CouponState;
  /** Adds an item (contract rules); opens the cart panel unless `silent`. */
  add: (item: CartItem, options?: { silent?: boolean }) => void;
  /** Changes an item's fields; its coupon fields are kept. */
  update: (target: Target, changes: Partial<CartItem>) => void;
  remove: (target: Target) => void;
  removeChild: (parent: Target, child: Target) => void;
  /** Empties the cart (after a successful payment). */
  clear: () => void;
  couponEvent: (event: CouponEvent) => void;
  /** The server's answer about the coupon (from pricing). */
  couponResolved: (coupon: ServerCoupon) => void;
};

function readStored(): Stored {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return emptyCart(0);
    const parsed = JSON.parse(raw) as Partial<Stored>;
    if (!Array.isArray(parsed.items)) return emptyCart(0);
    return {
      items: parsed.items,
      updatedAt: Number(parsed.updatedAt) || 0,
      coupon: typeof parsed.coupon === "string" ? parsed.coupon : null,
    };
  } catch {
    return emptyCart(0);
  }
}

function writeStored(state: Pick<CartState, "items" | "updatedAt" | "coupon">) {
  try {
    if (state.items.length === 0 && state.coupon.status === "emptyCoupon") {
      localStorage.removeItem(STORAGE_KEY);
      return;
    }
    const coupon =
      state.coupon.status === "applied" || state.coupon.status === "checking" ? state.coupon.code : null;
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ items: state.items, updatedAt: state.updatedAt, coupon } satisfies Stored),
    );
  } catch {
    // Private mode or full storage: the cart still works for this tab.
  }
}

function couponFromStorage(code: string | null | undefined): CouponState {
  return code ? couponReducer(initialCoupon, { type: "apply", code }) : initialCoupon;
}

const initial = readStored();

export const useCart = create<CartState>((set, getState) => {
  /** Applies a cart rule; an emptied cart also drops its coupon. */
  const commit = (next: Cart) => {
    const coupon = next.items.length === 0 ? initialCoupon : getState().coupon;
    set({ items: next.items, updatedAt: next.updatedAt, coupon });
    persist();
  };
  const current = (): Cart => ({ items: getState().items, updatedAt: getState().updatedAt });
  return {
    items: initial.items,
    updatedAt: initial.updatedAt,
    coupon: couponFromStorage(initial.coupon),
    add: (item, options) => {
      commit(addItem(current(), item));
      if (!options?.silent) openCart();
    },
    update: (target, changes) => commit(updateItem(current(), target, changes)),
    remove: (target) => commit(removeItem(current(), target)),
    removeChild: (parent, child) => commit(removeChildItem(current(), parent, child)),
    clear: () => commit(emptyCart()),
    couponEvent: (event) => {
      set({ coupon: couponReducer(getState().coupon, event) });
      writeStored(getState());
    },
    couponResolved: (coupon) => {
      const next = couponReducer(getState().coupon, { type: "resolved", coupon });
      if (next !== getState().coupon) {
        set({ coupon: next });
        writeStored(getState());
      }
    },
  };
});

/** The badge number (spec section 9): a title plus its child items, a physical product by quantity, else 1. */
export const selectItemCount = (state: Pick<CartState, "items" | "updatedAt">) =>
  itemCount({ items: state.items, updatedAt: state.updatedAt });
export const useCartCount = () => useCart(selectItemCount);

/** The catalogue and other features call this to put something in the cart. */
export const addToCart = (item: CartItem, options?: { silent?: boolean }) =>
  useCart.getState().add(item, options);

/* ------------------------------------------------------------- server cart */

type ServerCart = { items: Partial<CartItem>[]; updated_at: number };

let syncedUserId: number | null = null;
let pushTimer: ReturnType<typeof setTimeout> | null = null;
/** True while the state is being replaced from the server or another tab (nothing to send back). */
let applyingRemote = false;

const isLearner = () => {
  const session = useSession.getState();
  return session.token !== null && session.role === 1 && !session.isChild;
};

function toCartItem(item: Partial<CartItem>): CartItem {
  return { ...item, name: item.name ?? "", price: item.price ?? 0 } as CartItem;
}

async function push(): Promise<void> {
  if (!isLearner() || syncedUserId === null) return;
  const { items, updatedAt } = useCart.getState();
  try {
    await put("/iu/cart", { items, updated_at: updatedAt });
  } catch {
    // Offline or refused: the local cart stays the truth; the next change or login tries again.
  }
}

function schedulePush() {
  if (pushTimer) clearTimeout(pushTimer);
  pushTimer = setTimeout(() => {
    pushTimer = null;
    void push();
  }, 600);
}

function persist() {
  writeStored(useCart.getState());
  if (!applyingRemote && syncedUserId !== null) schedulePush();
}

/** Merges this browser's cart with the learner's server cart (the newer version of an entry wins). */
export async function syncWithServer(userId: number): Promise<void> {
  if (!isLearner()) return;
  syncedUserId = userId;
  let server: ServerCart;
  try {
    server = await get<ServerCart>("/iu/cart");
  } catch {
    return;
  }
  if (syncedUserId !== userId) return; // logged out meanwhile
  const local = { items: useCart.getState().items, updatedAt: useCart.getState().updatedAt };
  const remote: Cart = { items: (server.items ?? []).map(toCartItem), updatedAt: server.updated_at ?? 0 };
  const merged = mergeCarts(local, remote);
  applyingRemote = true;
  try {
    useCart.setState({
      items: merged.items,
      updatedAt: merged.updatedAt,
      ...(merged.items.length === 0 ? { coupon: initialCoupon } : {}),
    });
    writeStored(useCart.getState());
  } finally {
    applyingRemote = false;
  }
  const same =
    merged.updatedAt === remote.updatedAt && JSON.stringify(merged.items) === JSON.stringify(remote.items);
  if (!same) await push();
}

/** Logout (spec section 4): the cart state is reset and nothing of it stays in this browser. */
export function resetCart(): void {
  if (pushTimer) clearTimeout(pushTimer);
  pushTimer = null;
  syncedUserId = null;
  applyingRemote = true;
  try {
    useCart.setState({ items: [], updatedAt: Date.now(), coupon: initialCoupon });
  } finally {
    applyingRemote = false;
  }
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

if (typeof window !== "undefined") {
  onLogout(resetCart);

  // A learner's user arrives after login or GET /auth/me at start-up: merge once per learner.
  const maybeSync = (user: ReturnType<typeof useSession.getState>["user"]) => {
    if (user && user.role_id === 1 && isLearner() && syncedUserId !== user.id) void syncWithServer(user.id);
  };
  useSession.subscribe((state, previous) => {
    if (state.user !== previous.user) maybeSync(state.user);
    if (state.token === null && previous.token !== null) syncedUserId = null;
  });
  maybeSync(useSession.getState().user);

  // Another tab changed the cart: follow it.
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY) return;
    const stored = readStored();
    applyingRemote = true;
    try {
      useCart.setState({
        items: stored.items,
        updatedAt: stored.updatedAt,
        coupon: stored.items.length === 0 ? initialCoupon : useCart.getState().coupon,
      });
    } finally {
      applyingRemote = false;
    }
  });
}
