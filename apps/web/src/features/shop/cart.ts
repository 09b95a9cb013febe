/** Shop products as cart items: a printed book by binding and quantity, a digital one as its e-notes offer. */
import type { ProductDetail } from "@aprendo/contract";
import type { CartItem } from "@aprendo/contract/domain";

export function printedCartItem(
  product: Pick<ProductDetail, "id" | "title" | "image_url">,
  binding: { binding: string; price: number; book_binding_discount: number },
  quantity: number,
  bindingLabel: string,
): CartItem {
  return {
    type: "physical_product",
    id: product.id,
    name: `${product.title} (${bindingLabel})`,
    price: binding.price,
    quantity,
    bookBindingDiscount: binding.book_binding_discount,
    productMetas: { binding: binding.binding },
    key: `physical_product-${product.id}-${binding.binding}`,
    ...(product.image_url ? { img: product.image_url } : {}),
  };
}

export function digitalCartItem(
  product: Pick<ProductDetail, "title" | "price" | "notes_offer_id">,
): CartItem | null {
  if (product.notes_offer_id === null) return null;
  return { type: "ebook", id: product.notes_offer_id, name: product.title, price: product.price };
}

/** The most of a binding one may put in the cart: its stock, at most 99. */
export const maxQuantity = (stock: number) => Math.max(0, Math.min(stock, 99));
