/** Who may do what with adverts: blocks and adverts are managed in /af with the advert flag. */
import { definePolicy, flags } from "../http/policy";

export const advertsPolicy = definePolicy("adverts", {
  manage: flags("isAdvertManager"),
});
