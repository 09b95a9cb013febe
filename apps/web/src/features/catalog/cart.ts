/** Putting a paid title in the cart (the cart store opens its panel as the item goes in). */
import type { CartItem } from "@aprendo/contract/domain";
import { showSuccess } from "../../lib/toast";
import { addToCart } from "../../stores/cart";

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

/** Adds the title to the cart and says so; `messages.added` is the translated toast. */
export async function addCourseToCart(course: CourseForCart, messages: { added: string }): Promise<"added"> {
  addToCart(courseCartItem(course));
  showSuccess(messages.added);
  return "added";
}
