/** Who may do what in the shop: anyone browses it; managing products, categories and distributors takes the physical-product flag. */
import { definePolicy, flags } from "../http/policy";

export const shopPolicy = definePolicy("shop", {
  manage: flags("isPhysicalProductManager"),
});
