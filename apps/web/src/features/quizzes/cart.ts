/**
 * Buying an exam (again): the instructions carry the `exam_accesses` cart item. The cart store
 * (`stores/cart.ts`) belongs to the commerce issue; it is looked up with `import.meta.glob`, so this
 * file builds with or without it: with it the item goes into the cart and the cart opens; without
 * it a toast says the price and that checkout is coming.
 */
import type { ExamCartItem } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { showInfo, showSuccess } from "../../lib/toast";
import { openCart } from "../../stores/panels";

const cartStore = import.meta.glob<Record<string, unknown>>("../../stores/cart.ts");

type AddFunction = (item: ExamCartItem) => unknown;

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

/** Puts the exam access in the cart; `messages` are the translated toasts. */
export async function addExamToCart(
  item: ExamCartItem,
  messages: { added: string; unavailable: string },
): Promise<"added" | "unavailable"> {
  const load = Object.values(cartStore)[0];
  const add = load ? findAdd(await load()) : null;
  if (add) {
    add(item);
    openCart();
    showSuccess(messages.added);
    return "added";
  }
  showInfo(messages.unavailable);
  return "unavailable";
}

/** `buy(item, "£5.00")`: the exam access into the cart, with the toasts in the reader's language. */
export function useBuyExam() {
  const { t } = useTranslation("quizzes");
  return (item: ExamCartItem, priceText: string) =>
    void addExamToCart(item, {
      added: t("cart.added", { name: item.name }),
      unavailable: t("cart.unavailable", { name: item.name, price: priceText }),
    });
}
