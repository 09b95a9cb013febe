/**
 * The cart (spec sections 3, 4 and 9): the contract's pure cart rules (addItem, updateItem,
 * removeItem, removeChildItem, itemCount, mergeCarts) behind a zustand store, saved in local storage
 * under `cart` with its timestamp by zustand's `persist` (its storage adapter keeps the plain
 * `{ items, updatedAt, coupon, owner }` shape that carts saved by earlier pages have), and merged with the learner's server cart (GET/PUT /iu/cart) when
 * a learner logs in; every later change is sent back (debounced; a removal at once, and whatever is
 * still waiting when the page goes away, with keepalive). Once merged, the stored cart names its
 * owner: a reload then takes the newer of the two versions of that learner's cart whole, so an
 * item removed here (even the last, leaving an empty cart with its timestamp) never comes back from
 * an older server copy. Logout forgets it.
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
  normaliseItem,
  Role,
  removeChildItem,
  removeItem,
  updateItem,
} from "@aprendo/contract/domain";
import { create } from "zustand";
import { type PersistStorage, persist } from "zustand/middleware";
import { get, put } from "../lib/http/client";
import { onLogout } from "../lib/logout";
import {
  type CouponEvent,
  type CouponState,
  couponReducer,
  initialCoupon,
  type ServerCoupon,
} from "./coupon";
import { openCart } from "./panels";
import { useSession } from "./session";

export type { CartItem };
export const STORAGE_KEY = "cart";
type Target = Pick<CartItem, "id" | "type"> & { key?: string };
/**
 * What local storage keeps: the items, the timestamp, a coupon code being used, and the learner
 * whose server cart this one was merged with (absent for a guest's cart).
 */
type Stored = { items: CartItem[]; updatedAt: number; coupon?: string | null; owner?: number };

export type CartState = {
  items: CartItem[];
  updatedAt: number;
  coupon: CouponState;
  /** The learner whose server cart this one was merged with; null for a guest's cart. */
  owner: number | null;
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

/** What `persist` keeps of the state. */
type Persisted = Pick<CartState, "items" | "updatedAt" | "coupon" | "owner">;

function readStored(): Stored | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    if (!Array.isArray(parsed.items)) return null;
    return {
      // A sponsorship saved before its rule (spec section 3) loses what it must not hold.
      items: parsed.items.map(normaliseItem),
      updatedAt: Number(parsed.updatedAt) || 0,
      coupon: typeof parsed.coupon === "string" ? parsed.coupon : null,
      ...(typeof parsed.owner === "number" ? { owner: parsed.owner } : {}),
    };
  } catch {
    // Unreadable JSON (edited by hand, another app's key): an empty cart, as for a first visit.
    return null;
  }
}

function couponFromStorage(code: string | null | undefined): CouponState {
  return code ? couponReducer(initialCoupon, { type: "apply", code }) : initialCoupon;
}

/** `persist`'s storage: the plain stored shape (a coupon by its code) instead of its `{ state, version }`. */
const cartStorage: PersistStorage<Persisted> = {
  getItem: () => {
    const stored = readStored();
    if (!stored) return null;
    return {
      state: {
        items: stored.items,
        updatedAt: stored.updatedAt,
        coupon: couponFromStorage(stored.coupon),
        owner: stored.owner ?? null,
      },
    };
  },
  setItem: (_name, { state }) => {
    try {
      // A guest's empty cart leaves nothing; a learner's keeps its timestamp (see the header).
      if (state.items.length === 0 && state.coupon.status === "emptyCoupon" && state.owner === null) {
        localStorage.removeItem(STORAGE_KEY);
        return;
      }
      const coupon =
        state.coupon.status === "applied" || state.coupon.status === "checking" ? state.coupon.code : null;
      const stored: Stored = { items: state.items, updatedAt: state.updatedAt, coupon };
      if (state.owner !== null) stored.owner = state.owner;
      localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    } catch {
      // Private mode or full storage: the cart still works for this tab.
    }
  },
  removeItem: () => {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage unavailable: nothing was stored.
    }
  },
};

export const useCart = create<CartState>()(
  persist(
    (set, getState) => {
      /** Applies a cart rule; an emptied cart also drops its coupon. */
      const commit = (next: Cart, options: { flush?: boolean } = {}) => {
        const coupon = next.items.length === 0 ? initialCoupon : getState().coupon;
        set({ items: next.items, updatedAt: next.updatedAt, coupon });
        sendToServer(options.flush === true);
      };
      const current = (): Cart => ({ items: getState().items, updatedAt: getState().updatedAt });
      return {
        ...emptyCart(0),
        coupon: initialCoupon,
        owner: null,
        add: (item, options) => {
          commit(addItem(current(), item));
          if (!options?.silent) openCart();
        },
        update: (target, changes) => commit(updateItem(current(), target, changes)),
        // A removal reaches the server at once: a reload right after it must not find the item there.
        remove: (target) => commit(removeItem(current(), target), { flush: true }),
        removeChild: (parent, child) => commit(removeChildItem(current(), parent, child), { flush: true }),
        clear: () => commit(emptyCart(), { flush: true }),
        couponEvent: (event) => set({ coupon: couponReducer(getState().coupon, event) }),
        couponResolved: (coupon) => {
          const next = couponReducer(getState().coupon, { type: "resolved", coupon });
          if (next !== getState().coupon) set({ coupon: next });
        },
      };
    },
    {
      name: STORAGE_KEY,
      storage: cartStorage,
      partialize: ({ items, updatedAt, coupon, owner }): Persisted => ({ items, updatedAt, coupon, owner }),
    },
  ),
);

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
  return session.token !== null && session.role === Role.learner && !session.isChild;
};

function toCartItem(item: Partial<CartItem>): CartItem {
  return normaliseItem({ ...item, name: item.name ?? "", price: item.price ?? 0 } as CartItem);
}

async function push(options: { keepalive?: boolean } = {}): Promise<void> {
  if (!isLearner() || syncedUserId === null) return;
  const { items, updatedAt } = useCart.getState();
  try {
    const body = { items, updated_at: updatedAt };
    await (options.keepalive ? put("/iu/cart", body, { keepalive: true }) : put("/iu/cart", body));
  } catch {
    // Offline or refused: the local cart (with its owner and timestamp) stays the truth; the next
    // change or page load sends it again.
  }
}

function schedulePush() {
  if (pushTimer) clearTimeout(pushTimer);
  pushTimer = setTimeout(() => {
    pushTimer = null;
    void push();
  }, 600);
}

/** Sends a change still waiting for its debounce now (a removal; the page going away). */
function flushPush(options: { keepalive?: boolean } = {}) {
  if (pushTimer) clearTimeout(pushTimer);
  pushTimer = null;
  void push(options);
}

/** After a local change (already saved by `persist`): sends it to the learner's server cart. */
function sendToServer(flush = false) {
  if (applyingRemote || syncedUserId === null) return;
  if (flush) flushPush();
  else schedulePush();
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
  // This learner's own cart, already merged once: the newer version wins whole (what was removed
  // here stays removed). A guest's cart, or another learner's, is merged entry by entry.
  const merged =
    useCart.getState().owner === userId
      ? local.updatedAt >= remote.updatedAt
        ? local
        : remote
      : mergeCarts(local, remote);
  applyingRemote = true;
  try {
    useCart.setState({
      items: merged.items,
      updatedAt: merged.updatedAt,
      owner: userId,
      ...(merged.items.length === 0 ? { coupon: initialCoupon } : {}),
    });
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
    useCart.setState({ items: [], updatedAt: Date.now(), coupon: initialCoupon, owner: null });
  } finally {
    applyingRemote = false;
  }
  useCart.persist.clearStorage();
}

if (typeof window !== "undefined") onLogout(resetCart);

/** Whether the cart follows the session and other tabs (see `startCartSync`). */
let stopSync: (() => void) | null = null;

/**
 * Starts following the session (merge a learner's server cart once per learner), the page going
 * away and other tabs. The app calls it once at start (app/App.tsx), not this module at import: a
 * module that merely imports the cart (a page, a test that renders one) then makes no requests of
 * its own. Returns the function that stops it; calling it again while started changes nothing.
 */
export function startCartSync(): () => void {
  if (stopSync) return stopSync;
  // A learner's user arrives after login or GET /auth/me at start-up: merge once per learner.
  const maybeSync = (user: ReturnType<typeof useSession.getState>["user"]) => {
    if (user && user.role_id === Role.learner && isLearner() && syncedUserId !== user.id)
      void syncWithServer(user.id);
  };
  const unsubscribe = useSession.subscribe((state, previous) => {
    if (state.user !== previous.user) maybeSync(state.user);
    if (state.token === null && previous.token !== null) syncedUserId = null;
  });
  maybeSync(useSession.getState().user);

  // The page goes away (reload, tab closed) with a change still waiting: send it now, and let the
  // request outlive the page.
  const onPageHide = () => {
    if (pushTimer) flushPush({ keepalive: true });
  };
  // Another tab changed the cart: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    const stored = readStored() ?? { ...emptyCart(0), owner: undefined };
    applyingRemote = true;
    try {
      useCart.setState({
        items: stored.items,
        updatedAt: stored.updatedAt,
        owner: stored.owner ?? null,
        coupon: stored.items.length === 0 ? initialCoupon : useCart.getState().coupon,
      });
    } finally {
      applyingRemote = false;
    }
  };
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("storage", onStorage);
  stopSync = () => {
    unsubscribe();
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("storage", onStorage);
    stopSync = null;
  };
  return stopSync;
}

/** Stops what `startCartSync` started (nothing when it was not started). */
export function stopCartSync(): void {
  stopSync?.();
}
