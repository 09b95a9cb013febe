/**
 * Putting a paid title in the cart. The commerce issue builds the cart store (`stores/cart.ts`);
 * until it exists the cart panel opens and a toast says checkout is coming. The store is looked up
 * with `import.meta.glob`, so this file builds with or without it and picks it up once it lands.
 */
import type { CartItem } from "@aprendo/contract/domain";
import { showInfo, showSuccess } from "../../lib/toast";
import { openCart } from "../../stores/panels";

const cartStore = import.meta.glob<Record<string, unknown>>("../../stores/cart.ts");

type AddFunction = (item: CartItem) => unknown;

/** The store's add function, whichever of the usual names it has. */
function findAdd(module: Record<string, unknown>): AddFunction | null {
  for (const name of ["addToCart", "addCartItem", "addItem"]) {
    const fn = module[name];
    if (typeof fn === "function") return fn as AddFunction;
  }
  for (const value of Object.values(module)) {
    const getState = (value as { getState?: () => Record<string, unknown> } | null)?.getState;
    if (typeof getState !== "function") continue;
    const state = getState();
    for (const name of ["add", "addItem", "addToCart"]) {
      const fn = state[name];
      if (typeof fn === "function") return fn as AddFunction;
    }
  }
  return null;
}

export type CourseForCart = { id: number; title: string; price_pence: number; cover_url: string | null };

export function courseCartItem(course: CourseForCart): CartItem {
  return {
    type: "course",
    id: course.id,
    name: course.title,
    price: course.price_pence / 100,
    ...(course.cover_url ? { img: course.cover_url } : {}),
  };
}

/** Adds the title to the cart (and shows it); `messages` are the translated toasts. */
export async function addCourseToCart(
  course: CourseForCart,
  messages: { added: string; comingSoon: string },
): Promise<"added" | "unavailable"> {
  const load = Object.values(cartStore)[0];
  const add = load ? findAdd(await load()) : null;
  if (add) {
    add(courseCartItem(course));
    openCart();
    showSuccess(messages.added);
    return "added";
  }
  openCart();
  showInfo(messages.comingSoon);
  return "unavailable";
}
