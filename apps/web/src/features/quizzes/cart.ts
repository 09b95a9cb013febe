/** Buying an exam (again): the instructions carry the `exam_accesses` cart item; the cart store opens its panel. */
import type { ExamCartItem } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { showSuccess } from "../../lib/toast";
import { addToCart } from "../../stores/cart";

/** `buy(item)`: the exam access into the cart, with the toast in the reader's language. */
export function useBuyExam() {
  const { t } = useTranslation("quizzes");
  return (item: ExamCartItem) => {
    addToCart(item);
    showSuccess(t("cart.added", { name: item.name }));
  };
}
